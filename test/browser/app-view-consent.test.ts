import axe from 'axe-core';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { AppToolCallRequest, AppMessageRequest } from '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpAppMessageEvent } from '../../src/events/app-message.js';
import type { McpAppToolCallEvent } from '../../src/events/app-tool-call.js';
import type { McpConnection } from '../../src/mcp/index.js';
import { cleanup, part, showHostile } from './app-view-support.js';

// Issue 26, items 3 and 4: an app's tool calls follow the approval rules of
// the model's (a tool that is not read-only asks first) and are reported as
// events a chat can show as cards; an app's ui/message needs the person's yes
// and is rate-limited. Hostile apps from test/servers/hostile-apps.ts.

async function wipeCount(connection: McpConnection): Promise<number> {
  const result = await connection.callTool('wipe-count', {});
  return Number((result.content[0] as { text: string }).text);
}

function collect<K extends 'mcp-app-tool-call' | 'mcp-app-message'>(name: K): Array<HTMLElementEventMap[K]> {
  const seen: Array<HTMLElementEventMap[K]> = [];
  const on = (e: HTMLElementEventMap[K]) => seen.push(e);
  document.addEventListener(name, on);
  cleanup(() => document.removeEventListener(name, on));
  return seen;
}

describe("an app's tool calls", () => {
  test('a destructive tool asks the person in the view first; Deny: it does not run, the app gets an error, the call is reported', async () => {
    const calls: McpAppToolCallEvent[] = collect('mcp-app-tool-call');
    const shown = await showHostile('destroy');
    const before = await wipeCount(shown.connection);
    await expect.poll(() => part(shown.view, 'consent')?.textContent ?? '', { timeout: 15_000 }).toContain('wants to run Wipe everything');
    const consent = part(shown.view, 'consent')!;
    expect(consent.getAttribute('role')).toBe('group');
    expect(consent.textContent).toContain('everything');
    // Nothing ran while the person has not answered.
    expect(await wipeCount(shown.connection)).toBe(before);
    const deny = part(shown.view, 'consent-decline')!;
    expect(deny.textContent).toContain('Deny');
    // The safe answer has the focus: an Enter meant for something else does not run it.
    expect(shown.view.shadowRoot!.activeElement?.textContent).toContain('Deny');
    // Keyboard: the question is axe clean, and Enter on the focused answer refuses.
    expect((await axe.run(shown.view, { resultTypes: ['violations'] })).violations).toEqual([]);
    await userEvent.keyboard('{Enter}');
    const refused = await shown.report('wipe');
    expect(refused.ok).toBe(false);
    expect(String(refused.detail)).toContain('did not allow');
    expect(await wipeCount(shown.connection)).toBe(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ toolName: 'destroy', name: 'wipe', arguments: { everything: true }, status: 'denied' });
  });

  test('Allow: it runs once, the app gets the result, the call is reported with it', async () => {
    const calls: McpAppToolCallEvent[] = collect('mcp-app-tool-call');
    const shown = await showHostile('destroy');
    const before = await wipeCount(shown.connection);
    await expect.poll(() => part(shown.view, 'consent-accept'), { timeout: 15_000 }).not.toBeNull();
    await userEvent.click(part(shown.view, 'consent-accept')!);
    expect((await shown.report('wipe')).ok).toBe(true);
    expect(await wipeCount(shown.connection)).toBe(before + 1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.status).toBe('done');
    expect(calls[0]!.server).toBe(shown.connection.name);
    expect(calls[0]!.result?.content).toEqual([{ type: 'text', text: `Wiped (${before + 1}).` }]);
  });

  test('a host hook (approveToolCall) decides instead of the view, with the tool and the arguments', async () => {
    const asked: AppToolCallRequest[] = [];
    const shown = await showHostile('destroy', {
      setup: (v) =>
        (v.approveToolCall = async (request) => {
          asked.push(request);
          return false;
        }),
    });
    const before = await wipeCount(shown.connection);
    expect((await shown.report('wipe')).ok).toBe(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ toolName: 'destroy', server: shown.connection.name, arguments: { everything: true } });
    expect(asked[0]!.tool.name).toBe('wipe');
    expect(part(shown.view, 'consent')).toBeNull();
    expect(await wipeCount(shown.connection)).toBe(before);
  });

  test('a read-only tool runs without asking, and is reported', async () => {
    const calls: McpAppToolCallEvent[] = collect('mcp-app-tool-call');
    const shown = await showHostile('peeker');
    expect((await shown.report('peek')).ok).toBe(true);
    expect(part(shown.view, 'consent')).toBeNull();
    expect(calls.map((c) => [c.name, c.status])).toEqual([['peek', 'done']]);
  });
});

describe("an app's messages", () => {
  test('a burst of 10: one question at a time in the view, the rest refused; nothing is sent before the person says so', async () => {
    const messages = collect('mcp-app-message');
    const shown = await showHostile('speak');
    await expect.poll(() => part(shown.view, 'consent-message')?.textContent, { timeout: 15_000 }).toContain('Sent by the app #1');
    await expect.poll(() => shown.reports.filter((r) => r.step.startsWith('message-')).length).toBe(9);
    expect(
      shown.reports.filter((r) => r.step.startsWith('message-')).every((r) => !r.ok && String(r.detail).includes('already waiting')),
    ).toBe(true);
    expect(messages).toHaveLength(0);
    await userEvent.click(part(shown.view, 'consent-accept')!);
    expect((await shown.report('message-1')).ok).toBe(true);
    expect(messages.map((m: McpAppMessageEvent) => m.message.content)).toEqual([[{ type: 'text', text: 'Sent by the app #1' }]]);
  });

  test('with a host hook that always agrees, at most 5 a minute go out; the rest are refused with a reason', async () => {
    const messages = collect('mcp-app-message');
    const asked: AppMessageRequest[] = [];
    const shown = await showHostile('chatter', {
      setup: (v) =>
        (v.approveMessage = async (request) => {
          asked.push(request);
          return true;
        }),
    });
    await shown.report('message-10');
    expect(messages).toHaveLength(5);
    expect(asked.map((a) => a.text)).toEqual([1, 2, 3, 4, 5].map((i) => `Chatter #${i}`));
    const refused = shown.reports.filter((r) => r.step.startsWith('message-') && !r.ok);
    expect(refused).toHaveLength(5);
    expect(String(refused[0]!.detail)).toContain('too many messages');
  });
});
