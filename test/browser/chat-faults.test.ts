// The chat over a conversation that went wrong before this page: closed
// mid-call (a call without its result) and holding a row that is not a
// message. It opens, shows what it can, says what was not kept, and the next
// turn works and is saved. Real IndexedDB, the demo server, the fake OpenAI.
import { afterEach, expect, test } from 'vitest';
import { deleteDB, openDB } from 'idb';
import { checkToolPairing } from '../../src/content/index.js';
import type { McpChatErrorEvent } from '../../src/events/chat-error.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { openHistory } from '../../src/history/idb-store.js';
import { deepAll, mountChat, shadow, typeAndSend, serverReaches } from './chat-helpers.js';

/** The chat's text, through every shadow root. */
const deepText = (root: ParentNode): string =>
  [
    root,
    ...deepAll(root, '*')
      .filter((e) => e.shadowRoot)
      .map((e) => e.shadowRoot!),
  ]
    .map((r) => r.textContent ?? '')
    .join(' ');

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  document.body.replaceChildren();
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

test('a conversation closed mid-call with an unreadable row reopens, says what was not kept, and goes on', async () => {
  const name = `chat-faults-${crypto.randomUUID()}`;
  cleanup.push(() => deleteDB(name));
  const setup = await openHistory({ name });
  const { id } = await setup.createConversation({ title: 'interrupted' });
  await setup.appendMessages(id, [
    { role: 'user', content: [{ type: 'text', text: 'hello' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
    { role: 'user', content: [{ type: 'text', text: 'weather please' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call_cut', name: 'weather', input: { city: 'Oslo' } }] },
  ]);
  setup.close();
  const raw = await openDB(name);
  await raw.put('messages', { conversationId: id, seq: 2, createdAt: 1, role: 'assistant', content: 'not a list' });
  raw.close();

  const storageKey = `k-${crypto.randomUUID()}`;
  localStorage.setItem(`mcp-chat:open:${storageKey}`, id);
  cleanup.push(() => localStorage.removeItem(`mcp-chat:open:${storageKey}`));
  const store = await openHistory({ name });
  cleanup.push(() => store.close());
  const chat = await mountChat({ store, storageKey });
  const errors: string[] = [];
  chat.addEventListener('mcp-chat-error', (e) => errors.push((e as McpChatErrorEvent).message));
  await expect.poll(() => chat.messages.length, { timeout: 5000 }).toBe(4);
  await expect.poll(() => deepText(shadow(chat))).toContain('This message could not be read');

  const ended = new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
  await typeAndSend(chat, 'are you still there?');
  const end = await ended;
  expect(end.reason).toBe('endTurn');
  await chat.session.saved();
  expect(errors.some((m) => /result of a tool call was not saved/.test(m))).toBe(true);
  const stored = await store.loadLast(id, 20);
  expect(() => checkToolPairing(stored)).not.toThrow();
  expect(stored.at(-1)!.role).toBe('assistant');
  expect(stored.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

test('"approve automatically" for a server holds for its next sampling request in the chat', async () => {
  const { userEvent } = await import('vitest/browser');
  const storageKey = `k-${crypto.randomUUID()}`;
  cleanup.push(() => localStorage.removeItem(`mcp-chat:sampling-policies:${storageKey}`));
  const chat = await mountChat({ storageKey });
  const turn = () => new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));

  let done = turn();
  await typeAndSend(chat, '[[tool:ask-model {"question":"first"}]]');
  const findApproval = () =>
    deepAll<HTMLElement>(shadow(chat), 'mcp-sampling-approval').find((e) => e.shadowRoot?.querySelector('select[part~="policy"]'));
  await expect.poll(findApproval, { timeout: 10_000 }).toBeTruthy();
  const approval = findApproval()!;
  await userEvent.selectOptions(approval.shadowRoot!.querySelector<HTMLSelectElement>('select[part~="policy"]')!, 'auto');
  await userEvent.click(approval.shadowRoot!.querySelector<HTMLElement>('[part~="approve-button"]')!);
  await expect.poll(() => approval.shadowRoot!.querySelector('[part~="send-button"]'), { timeout: 10_000 }).toBeTruthy();
  await userEvent.click(approval.shadowRoot!.querySelector<HTMLElement>('[part~="send-button"]')!);
  expect((await done).reason).toBe('endTurn');

  done = turn();
  const shownAgain: Element[] = [];
  const watch = setInterval(
    () => shownAgain.push(...deepAll(shadow(chat), 'mcp-sampling-approval').filter((e) => e.shadowRoot?.querySelector('[part~="base"]'))),
    20,
  );
  await typeAndSend(chat, '[[tool:ask-model {"question":"second"}]]');
  const second = await done;
  clearInterval(watch);
  expect(second.reason).toBe('endTurn');
  expect(shownAgain).toEqual([]);
  expect(JSON.stringify(second.messages)).toContain('Echo: second');
});

test('a server with one malformed tool: its other tools are offered, the Servers panel names the broken ones with the reason', async () => {
  const { inject } = await import('vitest');
  const chat = document.createElement('mcp-chat');
  chat.servers = [`${inject('fixtureUrl')}/mixed/mcp`];
  chat.storageKey = `k-${crypto.randomUUID()}`;
  document.body.append(chat);
  await serverReaches(chat, 'connected');
  await expect.poll(() => chat.serverSet.listTools().map((t) => t.name)).toContain('plain');
  chat.panel = 'servers';
  await chat.updateComplete;
  const panel = shadow(chat).querySelector('[part="panel"]')!;
  expect(panel.textContent).toContain('2 tools of this server cannot be used');
  expect(panel.textContent).toContain('broken-schema');
  expect(panel.textContent).toContain('must be a JSON Schema with "type": "object"');
});
