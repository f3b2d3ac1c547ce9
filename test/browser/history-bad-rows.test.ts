// Rows written by an older version, another app or a broken extension can be
// anything. A bad row must not take the conversation down with it: the good
// messages load, the bad one becomes a marked "could not be read" message
// with its raw JSON kept, and the next turn works without it.
import { afterEach, expect, inject, test } from 'vitest';
import { deleteDB, openDB } from 'idb';
import { runTurn } from '../../src/agent/run-turn.js';
import { checkToolPairing } from '../../src/content/index.js';
import { openHistory, saveMessages, type HistoryStore, type NewMessage } from '../../src/history/index.js';
import { UNREADABLE_META_KEY } from '../../src/content/unreadable.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const BAD_ROWS = [
  { role: 'assistant', content: [{ type: 'text', text: 'fine' }, null] },
  { content: [{ type: 'text', text: 'no role' }] },
  { role: 'assistant', content: 'a string, not blocks' },
];

/** A conversation of `user, <bad>, assistant` per bad row, the bad rows written behind the store's back. */
async function conversationWithBadRows(): Promise<{ store: HistoryStore; id: string; name: string }> {
  const name = `history-bad-${crypto.randomUUID()}`;
  cleanup.push(() => deleteDB(name));
  const store = await openHistory({ name });
  cleanup.push(() => store.close());
  const { id } = await store.createConversation();
  const good = (i: number): NewMessage[] => [
    { role: 'user', content: [{ type: 'text', text: `question ${i}` }] },
    { role: 'assistant', content: [{ type: 'text', text: `answer ${i}` }] },
  ];
  await store.appendMessages(id, [...good(0), ...good(1), ...good(2)]);
  // Overwrite seq 2, 4, 6 (the answers) with bad rows, as another program might.
  const raw = await openDB(name);
  const tx = raw.transaction('messages', 'readwrite');
  await Promise.all(BAD_ROWS.map((row, i) => tx.store.put({ ...row, conversationId: id, seq: 2 + 2 * i, createdAt: 1 })));
  await tx.done;
  raw.close();
  return { store, id, name };
}

test('bad rows load as marked unreadable messages with their raw JSON; the good ones load as they were', async () => {
  const { store, id } = await conversationWithBadRows();
  const loaded = await store.loadLast(id, 10);
  expect(loaded.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(loaded[0]!.content).toEqual([{ type: 'text', text: 'question 0' }]);
  for (const [i, seq] of [2, 4, 6].entries()) {
    const message = loaded[seq - 1]!;
    expect(Array.isArray(message.content)).toBe(true);
    expect(message.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^This message could not be read/) });
    const mark = message._meta?.[UNREADABLE_META_KEY] as { raw: string; problem: string };
    expect(JSON.parse(mark.raw)).toMatchObject(BAD_ROWS[i]!);
    expect(mark.problem).toBeTruthy();
  }
  expect((await store.loadBefore(id, 3, 2)).map((m) => m.seq)).toEqual([1, 2]);
});

test('the conversation goes on: the provider never gets the bad rows, and the next messages are saved', async () => {
  const { store, id } = await conversationWithBadRows();
  const loaded = await store.loadLast(id, 10);
  const next: NewMessage = { role: 'user', content: [{ type: 'text', text: 'still there?' }] };
  await saveMessages(store, id, [next]);
  const provider = createOpenAICompatibleProvider({
    baseURL: inject('openaiUrl'),
    apiKey: 'test-key',
    model: 'gpt-4o-mini',
    maxRetries: 0,
  });
  const result = await runTurn({
    provider,
    messages: [...loaded, next],
    onMessage: async (m) => void (await saveMessages(store, id, [m as NewMessage])),
  });
  expect(result.error).toBeUndefined();
  expect(result.reason).toBe('endTurn');
  const sent = await (await fetch(`${inject('openaiUrl').replace(/\/openai\/v1$/, '')}/__last-request?contains=still%20there`)).json();
  expect(JSON.stringify(sent.body.messages)).not.toContain('could not be read');
  expect(JSON.stringify(sent.body.messages)).toContain('question 2');
  const stored = await store.loadLast(id, 20);
  expect(stored).toHaveLength(8);
  expect(() => checkToolPairing(stored)).not.toThrow();
});
