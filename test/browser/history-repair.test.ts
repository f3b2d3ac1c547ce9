// A call without its result must never break a conversation for good: a
// stored conversation that ends in a call (the page was closed mid-call), an
// imported one that ends in a call, and a result too big for the storage all
// leave a conversation the next turn can continue, and the person is told
// what was not kept. Real IndexedDB, the fake providers over HTTP.
import { afterEach, describe, expect, inject, test } from 'vitest';
import { deleteDB } from 'idb';
import { runTurn } from '../../src/agent/run-turn.js';
import { checkToolPairing, type Message } from '../../src/content/index.js';
import { openHistory, saveMessages, type HistoryStore, type NewMessage } from '../../src/history/index.js';
import { createAnthropicProvider } from '../../src/providers/anthropic/anthropic-provider.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';
import type { ModelProvider } from '../../src/providers/types.js';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const providers: Array<[string, () => ModelProvider]> = [
  [
    'OpenAI',
    () => createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0 }),
  ],
  [
    'Anthropic',
    () => createAnthropicProvider({ baseURL: inject('anthropicUrl'), apiKey: 'test-key', model: 'claude-haiku-4-5', maxRetries: 0 }),
  ],
];

const user = (text: string): NewMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const call = (id: string): NewMessage => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name: 'echo', input: { message: 'hi' } }],
});
const plain = (m: Message): Message => ({ role: m.role, content: m.content });

async function freshStore(name = `history-repair-${crypto.randomUUID()}`): Promise<HistoryStore> {
  const store = await openHistory({ name });
  cleanup.push(() => deleteDB(name));
  cleanup.push(() => store.close());
  return store;
}

/** What a chat does next: save the person's message, run a turn saving each message, then reload. */
async function nextTurn(store: HistoryStore, id: string, provider: ModelProvider, text: string) {
  const loaded = (await store.loadLast(id, 100)).map(plain);
  const message = user(text);
  const first = await saveMessages(store, id, [message]);
  const result = await runTurn({
    provider,
    messages: [...loaded, message],
    onMessage: async (m) => void (await saveMessages(store, id, [m as NewMessage])),
  });
  const stored = await store.loadLast(id, 100);
  return { first, result, stored };
}

describe.each(providers)('with the fake %s provider', (_name, provider) => {
  test('a stored conversation whose last call has no result (page closed mid-call): the next turn works and is saved', async () => {
    const store = await freshStore();
    const { id } = await store.createConversation();
    await store.appendMessages(id, [user('echo hi'), call('call_lost')]);

    const { first, result, stored } = await nextTurn(store, id, provider(), 'are you there?');
    expect(first.notKept).toEqual([{ toolUseId: 'call_lost', what: 'result', reason: expect.stringMatching(/closed/) }]);
    expect(first.notice).toMatch(/result of a tool call was not saved/);
    expect(result.error).toBeUndefined();
    expect(result.reason).toBe('endTurn');
    expect(() => checkToolPairing(stored)).not.toThrow();
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user', 'assistant']);
    expect(JSON.stringify(stored[2]!.content)).toContain('The result of this call was not kept');
    expect(stored[3]!.content).toEqual([{ type: 'text', text: 'are you there?' }]);
  });

  test('an imported conversation that ends in a call can go on', async () => {
    const source = await freshStore();
    const { id: sourceId } = await source.createConversation({ title: 'ends in a call' });
    await source.appendMessages(sourceId, [user('echo hi'), call('call_imported')]);
    const store = await freshStore();
    const { id } = await store.importConversation(await source.exportConversation(sourceId));

    const { result, stored } = await nextTurn(store, id, provider(), 'go on');
    expect(result.reason).toBe('endTurn');
    expect(() => checkToolPairing(stored)).not.toThrow();
    expect(stored.at(-1)!.role).toBe('assistant');
  });
});

test('the provider never gets an unpaired history, even when the caller passes one', async () => {
  const [, make] = providers[0]!;
  const result = await runTurn({ provider: make(), messages: [user('echo hi'), call('call_x'), user('hello?')] });
  expect(result.error).toBeUndefined();
  expect(result.reason).toBe('endTurn');
});

test('a tool result too big for the storage: a paired note is saved, the person is told, and later saves and turns work', async () => {
  const buckets = (
    navigator as Navigator & {
      storageBuckets: {
        open(name: string, options: { quota: number }): Promise<{ indexedDB: IDBFactory }>;
        delete(name: string): Promise<void>;
      };
    }
  ).storageBuckets;
  const bucketName = `repair-${crypto.randomUUID().slice(0, 8)}`;
  const bucket = await buckets.open(bucketName, { quota: 512 * 1024 });
  cleanup.push(() => buckets.delete(bucketName));
  const own = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB')!;
  Object.defineProperty(globalThis, 'indexedDB', { value: bucket.indexedDB, configurable: true, writable: true });
  let store: HistoryStore;
  try {
    store = await openHistory({ name: 'repair-quota' });
  } finally {
    Object.defineProperty(globalThis, 'indexedDB', own);
  }
  cleanup.push(() => store.close());

  const { id } = await store.createConversation();
  await store.appendMessages(id, [user('fetch the big file'), call('call_big')]);
  const big: NewMessage = {
    role: 'user',
    content: [{ type: 'tool_result', toolUseId: 'call_big', content: [{ type: 'text', text: 'B'.repeat(2 * 1024 * 1024) }] }],
  };
  const saved = await saveMessages(store, id, [big]);
  expect(saved.notKept).toEqual([{ toolUseId: 'call_big', what: 'result', reason: 'the storage is full.' }]);
  expect(saved.notice).toMatch(/not saved \(the storage is full\)/);
  // The caller's message is untouched: the person still sees the whole result.
  expect((big.content[0] as { content: Array<{ text: string }> }).content[0]!.text).toHaveLength(2 * 1024 * 1024);

  const { result, stored } = await nextTurn(store, id, providers[0]![1](), 'and now?');
  expect(result.reason).toBe('endTurn');
  expect(() => checkToolPairing(stored)).not.toThrow();
  expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user', 'assistant']);
  expect(JSON.stringify(stored[2]!.content)).toContain('not kept: the storage is full');
});
