import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ToolResultBlock } from '../../src/content/index.js';
import { TOOL_CALL_META_KEY } from '../../src/content/tool-result.js';
import { openHistory } from '../../src/history/idb-store.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { deepAll, mountChat, shadow, typeAndSend } from './chat-helpers.js';

// Defects of issue 11 §4 that live in the chat's state: each test failed before its fix.

afterEach(() => document.body.replaceChildren());

const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
const cards = (chat: McpChat) => deepAll(shadow(chat), 'mcp-tool-card');
const statusOf = (card: Element) => card.shadowRoot!.querySelector('[part="status"]')?.textContent;
const results = (chat: McpChat) => chat.messages.flatMap((m) => m.content).filter((b): b is ToolResultBlock => b.type === 'tool_result');

/** Fills the open run form's field and presses Run, as a person would. */
async function runForm(chat: McpChat, values: Record<string, string>): Promise<void> {
  const form = shadow(chat).querySelector<HTMLFormElement>('.run-form')!;
  for (const [name, value] of Object.entries(values)) {
    const field = form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    await userEvent.fill(field, value);
  }
  await userEvent.click(form.querySelector<HTMLButtonElement>('button[type="submit"]')!);
}

describe('<mcp-chat> state defects (issue 11 §4)', () => {
  test('a tool picked from the palette while another runs is queued and runs after it', async () => {
    const chat = await mountChat({ provider: false });
    await chat.showTool('long-task');
    // Long enough never to end by itself during the test, however loaded the machine:
    // it ends when the person stops it below (no race with a fixed duration).
    await runForm(chat, { steps: '1000', delayMs: '500' });
    await expect.poll(() => cards(chat).map(statusOf), { timeout: 30_000 }).toEqual(['Running…']);
    await chat.showTool('echo');
    await runForm(chat, { message: 'after the long task' });
    // The person is told it waits, and it does wait: the long task is the only call running.
    await expect.poll(() => shadow(chat).querySelector('.queued')?.textContent, { timeout: 30_000 }).toContain('Echo');
    expect(cards(chat).map(statusOf)).toEqual(['Running…']);
    expect(results(chat)).toEqual([]);
    await userEvent.click(cards(chat)[0]!.shadowRoot!.querySelector<HTMLButtonElement>('[part="stop-button"]')!);
    // The queued call runs once the long task has ended.
    await expect.poll(() => results(chat).length, { timeout: 30_000 }).toBe(2);
    expect(results(chat)[1]!.content).toEqual([{ type: 'text', text: 'after the long task' }]);
    await expect.poll(() => cards(chat).map(statusOf), { timeout: 30_000 }).toEqual(['Stopped', 'Done']);
  });

  test('tool-result text keeps its line breaks', async () => {
    const chat = await mountChat({ provider: false });
    await chat.runTool('echo', { message: ' X | O | 2 \n---+---+---\n 3 | X | 5 ' });
    await chat.updateComplete;
    const card = cards(chat)[0]!;
    // Run by the person: the card stays open with its result.
    await expect
      .poll(
        () => deepAll<HTMLElement>(card.shadowRoot!, 'mcp-markdown')[0]?.shadowRoot?.querySelector<HTMLElement>('[part="body"]')?.innerText,
      )
      .toContain(' O | 2\n---+---+---\n');
  });

  test('the card header shows the tool title once; the real name is available, not repeated', async () => {
    const chat = await mountChat({ provider: false });
    await chat.runTool('echo', { message: 'hi' });
    await chat.updateComplete;
    const card = cards(chat)[0]!;
    await expect.poll(() => card.shadowRoot!.querySelector('[part="name"]')?.textContent?.trim()).toBe('Echo');
    const summary = card.shadowRoot!.querySelector('[part="summary"]')!;
    expect(summary.textContent).not.toMatch(/echo/);
    expect(card.shadowRoot!.querySelector('[part="name"]')!.getAttribute('title')).toBe('echo');
  });

  test('server names and tool titles survive a reload, even before the server is back', async () => {
    const name = `chat-state-${Math.random()}`;
    const storageKey = `k-${Math.random()}`;
    const first = await mountChat({ store: await openHistory({ name }), storageKey });
    const serverName = first.serverSet.connections[0]!.name;
    const done = ended(first);
    await typeAndSend(first, 'Weather please [[tool:weather {"city":"Oslo"}]]');
    await done;
    await first.session.saved();
    first.remove();
    // Reopened on a page where the server is not (yet) reachable.
    const second = document.createElement('mcp-chat');
    second.store = await openHistory({ name });
    second.storageKey = storageKey;
    document.body.append(second);
    await expect.poll(() => cards(second).length, { timeout: 5000 }).toBe(1);
    const summary = () => cards(second)[0]!.shadowRoot!.querySelector('[part="summary"]')!.textContent!;
    await expect.poll(summary).toContain('Weather');
    expect(summary()).toContain(serverName);
    expect(statusOf(cards(second)[0]!)).toBe('Done');
  });

  test('a call the person stopped says Stopped, not "reported an error", also after a reload', async () => {
    const name = `chat-stop-${Math.random()}`;
    const storageKey = `k-${Math.random()}`;
    const chat = await mountChat({ provider: false, store: await openHistory({ name }), storageKey });
    const run = chat.runTool('long-task', { steps: 50, delayMs: 200 });
    await expect.poll(() => cards(chat)[0]?.shadowRoot?.querySelector('[part="stop-button"]'), { timeout: 10_000 }).toBeTruthy();
    await userEvent.click(cards(chat)[0]!.shadowRoot!.querySelector<HTMLButtonElement>('[part="stop-button"]')!);
    await run;
    await chat.updateComplete;
    const card = cards(chat)[0]!;
    expect(statusOf(card)).toBe('Stopped');
    expect(card.shadowRoot!.textContent).not.toContain('reported an error');
    expect((results(chat)[0]!._meta?.[TOOL_CALL_META_KEY] as { status: string }).status).toBe('cancelled');
    await chat.session.saved();
    chat.remove();
    const again = await mountChat({ provider: false, store: await openHistory({ name }), storageKey });
    await expect.poll(() => cards(again).length, { timeout: 5000 }).toBe(1);
    expect(statusOf(cards(again)[0]!)).toBe('Stopped');
    expect(cards(again)[0]!.shadowRoot!.textContent).not.toContain('reported an error');
  });

  test('the message list follows new tool results when the person was at the bottom', async () => {
    const chat = await mountChat({ provider: false });
    chat.style.setProperty('--mcp-chat-height', '420px');
    for (let i = 0; i < 4; i++) await chat.runTool('echo', { message: `message ${i} `.repeat(40) });
    const list = shadow(chat).querySelector<HTMLElement>('[part="message-list"]')!;
    const gap = () => list.scrollHeight - list.scrollTop - list.clientHeight;
    await expect.poll(gap).toBeLessThan(2);
    await chat.runTool('rich-content', {});
    await expect.poll(gap, { timeout: 5000 }).toBeLessThan(2);
    await chat.runTool('weather', { city: 'Oslo' });
    await expect.poll(gap, { timeout: 5000 }).toBeLessThan(2);
  });
});
