// Several tabs: two separate IndexedDB connections to one database (what two
// tabs of the page hold) append at the same time and hear each other's changes.
import { afterEach, expect, test } from 'vitest';
import { deleteDB } from 'idb';
import { checkToolPairing } from '../../src/content/index.js';
import { openHistory, type HistoryChangeEvent, type HistoryStore, type NewMessage } from '../../src/history/index.js';

let name = '';
const open: HistoryStore[] = [];
async function tab(): Promise<HistoryStore> {
  const store = await openHistory({ name });
  open.push(store);
  return store;
}
afterEach(async () => {
  open.splice(0).forEach((s) => s.close());
  await deleteDB(name);
});

const text = (role: 'user' | 'assistant', t: string): NewMessage => ({ role, content: [{ type: 'text', text: t }] });

/** Resolves with the first `count` change events `store` hears from other connections. */
function remoteChanges(store: HistoryStore, count: number): Promise<HistoryChangeEvent[]> {
  return new Promise((resolve) => {
    const seen: HistoryChangeEvent[] = [];
    store.addEventListener('change', (event) => {
      if (event.remote) seen.push(event);
      if (seen.length === count) resolve(seen);
    });
  });
}

test('two tabs appending to one conversation at once lose nothing and agree on one order', async () => {
  name = `history-tabs-${crypto.randomUUID()}`;
  const a = await tab();
  const b = await tab();
  const { id } = await a.createConversation({ title: 'shared' });
  const batches = 40;
  const write = (store: HistoryStore, who: string) =>
    Promise.all(
      Array.from({ length: batches }, (_, i) =>
        store.appendMessages(id, [text('user', `${who}-${i}-q`), text('assistant', `${who}-${i}-a`)]),
      ),
    );
  const [fromA, fromB] = await Promise.all([write(a, 'A'), write(b, 'B')]);

  const total = batches * 2 * 2;
  const seqs = [...fromA, ...fromB]
    .flat()
    .map((m) => m.seq)
    .sort((x, y) => x - y);
  expect(seqs).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  const seenByA = await a.loadLast(id, total);
  const seenByB = await b.loadLast(id, total);
  expect(seenByB).toStrictEqual(seenByA);
  const texts = seenByA.map((m) => (m.content[0] as { text: string }).text);
  expect(new Set(texts).size).toBe(total);
  // Each batch stays together: a question is always followed by its own answer.
  for (let i = 0; i < total; i += 2) expect(texts[i + 1]).toBe(texts[i]!.replace(/-q$/, '-a'));
  expect((await b.getConversation(id))!.messageCount).toBe(total);
});

test('concurrent writes that race on the tool pairing rule leave a valid conversation', async () => {
  name = `history-tabs-${crypto.randomUUID()}`;
  const a = await tab();
  const b = await tab();
  const { id } = await a.createConversation();
  await a.appendMessages(id, [text('user', 'start'), text('assistant', 'ready')]);
  const outcomes: string[] = [];
  for (let round = 0; round < 10; round++) {
    // A asks for a tool while B posts a plain user message: one order works, the other is refused.
    const call: NewMessage = { role: 'assistant', content: [{ type: 'tool_use', id: `t${round}`, name: 'echo', input: {} }] };
    const results = await Promise.allSettled([a.appendMessages(id, [call]), b.appendMessages(id, [text('user', `hi ${round}`)])]);
    outcomes.push(results.map((r) => r.status).join('/'));
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { kind: string }).kind).toBe('invalid-messages');
    const [last] = await b.loadLast(id, 1);
    if (last!.role === 'assistant') {
      await b.appendMessages(id, [{ role: 'user', content: [{ type: 'tool_result', toolUseId: `t${round}`, content: [] }] }]);
    }
    await a.appendMessages(id, [text('assistant', `ok ${round}`)]);
  }
  const all = await a.loadLast(id, 1000);
  expect(() => checkToolPairing(all)).not.toThrow();
  expect(all.map((m) => m.seq)).toEqual(all.map((_, i) => i + 1));
  expect(outcomes.every((o) => o !== 'rejected/rejected')).toBe(true);
});

test('a change in one tab reaches the other through BroadcastChannel', async () => {
  name = `history-tabs-${crypto.randomUUID()}`;
  const a = await tab();
  const b = await tab();
  const heard = remoteChanges(b, 4);
  const local: HistoryChangeEvent[] = [];
  a.addEventListener('change', (e) => local.push(e));

  const { id } = await a.createConversation();
  await a.appendMessages(id, [text('user', 'hello from A')]);
  await a.renameConversation(id, 'From A');
  await a.deleteConversation(id);
  const events = await heard;
  expect(events.map((e) => e.change)).toEqual([
    { type: 'conversation', action: 'created', conversationId: id },
    { type: 'messages', conversationId: id, fromSeq: 1, toSeq: 1 },
    { type: 'conversation', action: 'updated', conversationId: id },
    { type: 'conversation', action: 'deleted', conversationId: id },
  ]);
  expect(local.map((e) => e.remote)).toEqual([false, false, false, false]);
  // What B hears about is already committed, so B can read it right away.
  const { id: second } = await a.createConversation({ title: 'visible' });
  const readByB = new Promise<unknown>((resolve) =>
    b.addEventListener('change', (e) => {
      if (e.change.type === 'messages') void b.loadLast(second, 1).then((m) => resolve(m[0]?.content[0]));
    }),
  );
  await a.appendMessages(second, [text('user', 'committed first')]);
  expect(await readByB).toEqual({ type: 'text', text: 'committed first' });
});
