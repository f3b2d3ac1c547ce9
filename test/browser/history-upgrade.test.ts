// Schema upgrades: a database written by schema version 1 opens with the
// current code, its data intact and its derived data backfilled; an upgrade
// blocked by another tab is a typed error; a connection steps aside for a newer one.
import { afterEach, expect, test } from 'vitest';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { checkToolPairing } from '../../src/content/index.js';
import { HistoryError, openHistory, type HistoryStore } from '../../src/history/index.js';
import { DB_VERSION } from '../../src/history/schema.js';

// A frozen copy of the schema-version-1 creation code as it shipped (src/history/schema.ts,
// `oldVersion < 1`). Keep it unchanged: it is what people's browsers hold.
function createV1(db: IDBPDatabase): void {
  const conversations = db.createObjectStore('conversations', { keyPath: 'id' });
  conversations.createIndex('updatedAt', 'updatedAt');
  db.createObjectStore('messages', { keyPath: ['conversationId', 'seq'] });
}

// Records as version 1 wrote them: conversations had no messageCount.
const v1Conversations = [
  { id: 'c-old', title: 'Older', createdAt: 1000, updatedAt: 2000, servers: [{ url: 'http://127.0.0.1:9/mcp' }], metadata: {} },
  {
    id: 'c-new',
    title: 'Newer',
    createdAt: 1500,
    updatedAt: 3000,
    servers: [],
    provider: 'anthropic',
    model: 'claude',
    metadata: { starred: true },
  },
];
const v1Messages = [
  { conversationId: 'c-old', seq: 1, createdAt: 1100, role: 'user', content: [{ type: 'text', text: 'What is the Weather?' }] },
  {
    conversationId: 'c-old',
    seq: 2,
    createdAt: 1200,
    role: 'assistant',
    content: [{ type: 'tool_use', id: 'w1', name: 'weather', input: { city: 'Oslo' } }],
    stopReason: 'toolUse',
  },
  {
    conversationId: 'c-old',
    seq: 3,
    createdAt: 1300,
    role: 'user',
    content: [{ type: 'tool_result', toolUseId: 'w1', content: [{ type: 'text', text: 'Snow in Oslo' }], structuredContent: { c: -3 } }],
  },
  {
    conversationId: 'c-new',
    seq: 1,
    createdAt: 2900,
    role: 'user',
    content: [
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      { type: 'text', text: 'look' },
    ],
  },
  {
    conversationId: 'c-new',
    seq: 2,
    createdAt: 2950,
    role: 'assistant',
    content: [{ type: 'tool_use', id: 'z1', name: 'zoom', input: {} }],
  },
];

async function writeV1(name: string): Promise<IDBPDatabase> {
  const db = await openDB(name, 1, { upgrade: (d) => createV1(d) });
  const tx = db.transaction(['conversations', 'messages'], 'readwrite');
  await Promise.all([
    ...v1Conversations.map((c) => tx.objectStore('conversations').put(c)),
    ...v1Messages.map((m) => tx.objectStore('messages').put(m)),
    tx.done,
  ]);
  return db;
}

let name = '';
const stores: HistoryStore[] = [];
const raw: IDBPDatabase[] = [];
afterEach(async () => {
  stores.splice(0).forEach((s) => s.close());
  raw.splice(0).forEach((db) => db.close());
  await deleteDB(name);
});

test('a version-1 database upgrades with its messages unchanged and search and counts backfilled', async () => {
  name = `history-upgrade-${crypto.randomUUID()}`;
  (await writeV1(name)).close();

  const store = await openHistory({ name });
  stores.push(store);
  const { items } = await store.listConversations();
  expect(items.map((c) => [c.id, c.messageCount])).toEqual([
    ['c-new', 2],
    ['c-old', 3],
  ]);
  expect(items[0]).toMatchObject({ provider: 'anthropic', model: 'claude', metadata: { starred: true } });
  expect(await store.loadLast('c-old', 10)).toStrictEqual(v1Messages.slice(0, 3));
  expect((await store.search('oslo')).map((h) => [h.conversationId, h.seq])).toEqual([['c-old', 3]]);
  expect((await store.search('look')).map((h) => h.seq)).toEqual([1]);

  // Appends continue the old numbering and the pairing rule sees the old last message.
  const refused = await store.appendMessages('c-new', [{ role: 'user', content: [{ type: 'text', text: 'hm' }] }]).catch((e: unknown) => e);
  expect((refused as HistoryError).kind).toBe('invalid-messages');
  const [answer] = await store.appendMessages('c-new', [
    { role: 'user', content: [{ type: 'tool_result', toolUseId: 'z1', content: [] }] },
  ]);
  expect(answer!.seq).toBe(3);
  expect(() => checkToolPairing([...(v1Messages.slice(3) as never[]), answer!])).not.toThrow();
  // The store added in version 2 works.
  const activity = await store.appendActivity({
    conversationId: 'c-old',
    kind: 'tool-approval',
    toolUseId: 'w1',
    request: { method: 'tools/call', params: { name: 'weather' } },
  });
  expect(await store.listActivity({ toolUseId: 'w1' })).toEqual([activity]);
  store.close();

  const check = await openDB(name);
  raw.push(check);
  expect(check.version).toBe(DB_VERSION);
  expect([...check.objectStoreNames].sort()).toEqual(['activity', 'conversations', 'messages', 'texts']);
  expect([...check.transaction('conversations').store.indexNames]).toEqual(['byUpdated']);
});

test('an upgrade blocked by a tab holding version 1 open is a typed error; it works once that tab lets go', async () => {
  name = `history-upgrade-${crypto.randomUUID()}`;
  const oldTab = await writeV1(name); // An old page that does not close on versionchange.
  raw.push(oldTab);
  const error = await openHistory({ name }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HistoryError);
  expect((error as HistoryError).kind).toBe('upgrade-blocked');
  expect((error as HistoryError).message).toMatch(/another tab/);

  raw.splice(0).forEach((db) => db.close());
  const store = await openHistory({ name });
  stores.push(store);
  expect((await store.listConversations()).items).toHaveLength(2);
});

test('an open store steps aside when another tab needs a newer schema', async () => {
  name = `history-upgrade-${crypto.randomUUID()}`;
  const store = await openHistory({ name });
  stores.push(store);
  const closed = new Promise<void>((resolve) => store.addEventListener('close', () => resolve()));
  const newer = await openDB(name, DB_VERSION + 1);
  raw.push(newer);
  await closed;
  const error = (await store.listConversations().catch((e: unknown) => e)) as HistoryError;
  expect(error.kind).toBe('closed');
  expect(error.message).toMatch(/newer version/);
});
