// Failures a person can meet, each as a typed HistoryError the UI can show,
// with the in-memory store to go on with.
import { afterEach, expect, test } from 'vitest';
import { deleteDB, openDB } from 'idb';
import { createMemoryHistory, openHistory, type HistoryStore } from '../../src/history/index.js';
import { rejection } from './history-support.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** Runs `work` while the page's `indexedDB` is `factory` (as in a browser without it, or a storage bucket). */
async function withIndexedDB<T>(factory: IDBFactory | undefined, work: () => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
  Object.defineProperty(globalThis, 'indexedDB', { value: factory, configurable: true, writable: true });
  try {
    return await work();
  } finally {
    if (own) Object.defineProperty(globalThis, 'indexedDB', own);
    else delete (globalThis as { indexedDB?: unknown }).indexedDB;
  }
}

test('without IndexedDB (private mode, storage disabled) open fails as "unavailable" and memory takes over', async () => {
  const error = await withIndexedDB(undefined, () => rejection(openHistory({ name: 'never-created' })));
  expect(error.kind).toBe('unavailable');
  expect(error.message).toMatch(/not be saved/);
  expect(typeof indexedDB.open).toBe('function');

  const store = createMemoryHistory();
  expect(store.persistent).toBe(false);
  const { id } = await store.createConversation();
  await store.appendMessages(id, [{ role: 'user', content: [{ type: 'text', text: 'still works' }] }]);
  expect(await store.loadLast(id, 1)).toHaveLength(1);
});

test('a database written by a newer version of the app cannot be opened: "unavailable"', async () => {
  const name = `history-fail-${crypto.randomUUID()}`;
  cleanup.push(() => deleteDB(name));
  (await openDB(name, 99)).close();
  const error = await rejection(openHistory({ name }));
  expect(error.kind).toBe('unavailable');
  expect(error.cause).toBeInstanceOf(DOMException);
  expect((error.cause as DOMException).name).toBe('VersionError');
});

test('a write beyond the storage quota fails as "quota-exceeded", writes nothing, and the store goes on', async () => {
  // A storage bucket with a small quota: the real browser enforces it.
  const buckets = (
    navigator as Navigator & {
      storageBuckets: {
        open(name: string, options: { quota: number }): Promise<{ indexedDB: IDBFactory }>;
        delete(name: string): Promise<void>;
      };
    }
  ).storageBuckets;
  const bucketName = `quota-${crypto.randomUUID().slice(0, 8)}`;
  const bucket = await buckets.open(bucketName, { quota: 512 * 1024 });
  cleanup.push(() => buckets.delete(bucketName));
  const store: HistoryStore = await withIndexedDB(bucket.indexedDB, () => openHistory({ name: 'quota' }));
  cleanup.push(() => store.close());

  const { id } = await store.createConversation();
  await store.appendMessages(id, [{ role: 'user', content: [{ type: 'text', text: 'small' }] }]);
  const huge = 'A'.repeat(4 * 1024 * 1024);
  const error = await rejection(
    store.appendMessages(id, [{ role: 'assistant', content: [{ type: 'image', data: huge, mimeType: 'image/png' }] }]),
  );
  expect(error.kind).toBe('quota-exceeded');
  expect(error.message).toMatch(/Storage is full/);
  expect((await store.getConversation(id))!.messageCount).toBe(1);
  expect(await store.loadLast(id, 5)).toHaveLength(1);
  await store.appendMessages(id, [{ role: 'assistant', content: [{ type: 'text', text: 'small again' }] }]);
  expect((await store.loadLast(id, 5)).map((m) => m.seq)).toEqual([1, 2]);
});
