// <mcp-chat connections="worker"> (issue 42, item 3): the chat's connections run in a module Worker
// (src/mcp/mcp-worker.ts, the real McpHub there) against the demo server over HTTP; the page keeps a
// mirror (WorkerHub) and never loads the MCP SDK or zod. What a person does is the same as on the page.
import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { connectChunk } from '../../src/elements/mcp-chat/chunks.js';
import { deepAll, mountChat, openPanelFromMenu, serversShown, shadow, turnEnds, typeAndSend } from './chat-helpers.js';
import { axeFindings } from './axe-findings.js';

afterEach(() => document.body.replaceChildren());

/**
 * Whether the MCP SDK ran on this page (this test file's frame): the SDK's zod sets `__zod_globalRegistry` on
 * the global object it is evaluated in (a chat on the page sets it on connecting; seen). The resource timeline
 * cannot tell: it lists the worker's module fetches too. Only until an elicitation form is shown: the form
 * checks its values with zod itself.
 */
const sdkOnPage = () => '__zod_globalRegistry' in globalThis;
/** Whether the chat loaded its code that connects on the page (the `mcp` chunk in the bundle). */
const connectCodeOnPage = () => connectChunk.value !== undefined;

const cards = (chat: McpChat) => deepAll(shadow(chat), 'mcp-tool-card') as Array<HTMLElement & { effectiveStatus?: string }>;
const toolResult = (chat: McpChat) =>
  chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result') as { content: Array<{ text: string }> } | undefined;

describe('<mcp-chat connections="worker">', () => {
  test('connects in a worker: the chip says connected, tools and prompts are offered, the model runs a tool; the page loads no SDK', async () => {
    const chat = await mountChat({ connections: 'worker' });
    expect(chat.serverSet.where).toBe('worker');
    const chips = [...shadow(chat).querySelectorAll('[part~="server-status"]')].map((c) => c.getAttribute('aria-label'));
    expect(chips).toEqual([expect.stringMatching(/connected$/)]);
    expect(chat.serverSet.listTools().map((t) => t.name)).toContain('echo');
    expect(chat.serverSet.listPrompts().map((p) => p.prompt.name)).toContain('summarize');
    const turns = turnEnds(chat);
    await typeAndSend(chat, '[[tool:echo {"message":"from the worker"}]]');
    await turns.reach(1);
    expect(toolResult(chat)!.content[0]!.text).toBe('from the worker');
    expect(sdkOnPage()).toBe(false);
    expect(connectCodeOnPage()).toBe(false);
  });

  test('an elicitation from a tool shows its form on the page; Decline answers the server', async () => {
    const chat = await mountChat({ connections: 'worker' });
    const turns = turnEnds(chat);
    await typeAndSend(chat, '[[tool:register-form]]');
    await expect.poll(() => deepAll(shadow(chat), 'mcp-elicit-form').length, { timeout: 10_000 }).toBe(1);
    const form = deepAll(shadow(chat), 'mcp-elicit-form')[0]!;
    const decline = await expect
      .poll(() => form.shadowRoot!.querySelector('[part~="decline-button"]'))
      .not.toBeNull()
      .then(() => form.shadowRoot!.querySelector<HTMLButtonElement>('[part~="decline-button"]')!);
    await userEvent.click(decline);
    await turns.reach(1);
    expect(toolResult(chat)!.content[0]!.text).toBe('The form was declined.');
    expect(deepAll(shadow(chat), 'mcp-elicit-form')).toHaveLength(0);
  });

  test('a sampling request shows its approval on the page; approved, the model answers the server', async () => {
    const chat = await mountChat({ connections: 'worker' });
    const turns = turnEnds(chat);
    await typeAndSend(chat, '[[tool:ask-model {"question":"Say it [[say:forty-two]]"}]]');
    await expect.poll(() => deepAll(shadow(chat), 'mcp-sampling-approval').length, { timeout: 10_000 }).toBe(1);
    const approval = deepAll(shadow(chat), 'mcp-sampling-approval')[0]!;
    const button = (part: string) => approval.shadowRoot!.querySelector<HTMLButtonElement>(`[part~="${part}"]`);
    await expect.poll(() => button('approve-button')).not.toBeNull();
    await userEvent.click(button('approve-button')!);
    await expect.poll(() => button('send-button'), { timeout: 10_000 }).not.toBeNull();
    await userEvent.click(button('send-button')!);
    await turns.reach(1);
    expect(toolResult(chat)!.content[0]!.text).toBe('forty-two');
  });

  test('from the palette: a prompt with server completions, and a long tool with progress that Stop cancels', async () => {
    const chat = await mountChat({ connections: 'worker' });
    const input = shadow(chat).querySelector('textarea')!;
    await userEvent.click(input);
    await userEvent.keyboard('/summ');
    await chat.updateComplete;
    await userEvent.keyboard('{Enter}');
    await chat.updateComplete;
    await userEvent.keyboard('MCP');
    const style = shadow(chat).querySelector<HTMLInputElement>('.run-form input[name="style"]')!;
    await userEvent.click(style);
    await userEvent.keyboard('b');
    await expect
      .poll(() => [...shadow(chat).querySelectorAll(`#${style.getAttribute('list')} option`)].map((o) => (o as HTMLOptionElement).value))
      .toEqual(['brief', 'bullet-points']);
    await userEvent.keyboard('rief');
    const turns = turnEnds(chat);
    await userEvent.click([...shadow(chat).querySelectorAll('.run-form button')].find((b) => b.textContent === 'Insert')!);
    await turns.reach(1);
    expect(chat.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Summarize MCP in a brief style.' }] });

    const run = chat.runTool('long-task', { steps: 50, delayMs: 200 });
    const card = await expect
      .poll(() => cards(chat).find((c) => c.shadowRoot?.querySelector('progress[part="progress"][max="50"]')), { timeout: 10_000 })
      .toBeTruthy()
      .then(() => cards(chat).find((c) => c.shadowRoot?.querySelector('progress[part="progress"]'))!);
    await expect.poll(() => card.shadowRoot!.querySelector<HTMLProgressElement>('progress')?.value ?? 0).toBeGreaterThan(0);
    await userEvent.click(card.shadowRoot!.querySelector<HTMLButtonElement>('[part="stop-button"]')!);
    await run;
    await expect.poll(() => card.effectiveStatus).toBe('cancelled');
    expect(connectCodeOnPage()).toBe(false);
  });

  test('a server that needs sign-in is listed with why the worker cannot sign in; the others connect', async () => {
    const chat = document.createElement('mcp-chat');
    chat.store = null;
    chat.connections = 'worker';
    chat.servers = [inject('demoUrl'), { url: 'http://127.0.0.1:9/mcp', name: 'Private', auth: { redirectUrl: '/callback.html' } }];
    document.body.append(chat);
    await expect.poll(() => chat.serverSet.connections.map((c) => c.state), { timeout: 20_000 }).toEqual(['connected', 'failed']);
    await serversShown(chat);
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem.textContent).toContain('Private needs sign-in, which this chat cannot do');
    expect(problem.textContent).toContain('background worker');
    // A Retry there would do nothing: the worker still cannot sign in.
    expect(problem.querySelector('[part="retry-button"]')).toBeNull();
    expect(connectCodeOnPage()).toBe(false);
    await openPanelFromMenu(chat, 'Servers');
    const buttons = [...shadow(chat).querySelectorAll<HTMLButtonElement>('button')].map((b) => b.textContent!.trim());
    expect(buttons).not.toContain('Retry');
    expect(await axeFindings(chat)).toEqual([]);
  });
});
