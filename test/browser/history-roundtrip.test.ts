// Lossless storage: messages built from real tool results (recorded from
// server-everything and the demo server by scripts/record-fixtures.ts), every
// block type with unknown fields, and several MB of base64, come back from a
// fresh IndexedDB connection deep-equal to what was appended.
import { afterEach, expect, test } from 'vitest';
import { deleteDB } from 'idb';
import { createMemoryHistory, openHistory, type HistoryStore, type NewMessage } from '../../src/history/index.js';
import { recordedResults } from '../fixtures/blocks/index.js';

const names: string[] = [];
const stores: HistoryStore[] = [];
async function open(name?: string): Promise<{ store: HistoryStore; name: string }> {
  const dbName = name ?? `history-roundtrip-${crypto.randomUUID()}`;
  if (!name) names.push(dbName);
  const store = await openHistory({ name: dbName });
  stores.push(store);
  return { store, name: dbName };
}

afterEach(async () => {
  stores.splice(0).forEach((s) => s.close());
  await Promise.all(names.splice(0).map((n) => deleteDB(n)));
});

/** `bytes` random bytes as base64 (random, so nothing can compress it away). */
function randomBase64(bytes: number): string {
  const chunk = new Uint8Array(48 * 1024);
  const parts: string[] = [];
  for (let done = 0; done < bytes; done += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, bytes - done));
    crypto.getRandomValues(piece);
    parts.push(btoa(String.fromCharCode(...piece)));
  }
  return parts.join('');
}

/** An assistant tool call and the user's tool_result for every recorded result. */
function fixtureConversation(): NewMessage[] {
  const entries = Object.entries(recordedResults);
  return [
    { role: 'user', content: [{ type: 'text', text: 'Show me everything.' }] },
    {
      role: 'assistant',
      content: entries.map(([name, r]) => ({ type: 'tool_use' as const, id: `call-${name}`, name: r.tool, input: r.arguments })),
      stopReason: 'toolUse',
      model: 'fake-model',
    },
    {
      role: 'user',
      content: entries.map(([name, r]) => ({ type: 'tool_result', toolUseId: `call-${name}`, ...r.result })) as NewMessage['content'],
    },
  ];
}

/** Every block type, with annotations, _meta and fields no spec version has (yet). */
function everyBlockType(): NewMessage {
  const annotations = {
    audience: ['user' as const],
    priority: 0.7,
    lastModified: '2026-01-02T03:04:05Z',
    future: { nested: [1, null, 'x'] },
  };
  return {
    role: 'assistant',
    _meta: { 'example.com/trace': 'abc' },
    unknownTopLevel: { keep: true },
    content: [
      { type: 'text', text: 'Plain text with émoji 🌦 and \u0000 nul', annotations, _meta: { a: 1 }, futureField: 42 },
      { type: 'image', data: randomBase64(300), mimeType: 'image/png', annotations, extra: [true, false] },
      { type: 'audio', data: randomBase64(300), mimeType: 'audio/wav', _meta: { seconds: 1.5 } },
      {
        type: 'resource_link',
        uri: 'file:///a.txt',
        name: 'a.txt',
        title: 'A',
        description: 'a file',
        mimeType: 'text/plain',
        size: 12,
        icons: [{ src: 'data:image/png;base64,AAAA', mimeType: 'image/png', sizes: ['16x16'], theme: 'dark', more: 1 }],
      },
      {
        type: 'resource',
        resource: { uri: 'demo://text', mimeType: 'text/markdown', text: '# Title', _meta: { v: 2 }, unknownInResource: 'yes' },
        annotations,
      },
      { type: 'resource', resource: { uri: 'demo://blob', mimeType: 'application/octet-stream', blob: randomBase64(1000) } },
      {
        type: 'tool_use',
        id: 'call-final',
        name: 'weird tool',
        input: { deep: { list: [1, { two: 2 }], empty: {}, nothing: null } },
        _meta: { m: 1 },
        extra: 'x',
      },
    ],
  };
}

const everyAnswer: NewMessage = {
  role: 'user',
  content: [
    {
      type: 'tool_result',
      toolUseId: 'call-final',
      isError: true,
      structuredContent: { error: { code: 7, detail: ['a', 'b'] } },
      content: [
        { type: 'text', text: 'It failed.' },
        { type: 'resource_link', uri: 'x://log', name: 'log' },
      ],
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } },
      unknownInResult: { z: 1 },
    },
  ],
};

test('the recorded fixtures cover the tools the issue names', () => {
  const tools = new Set(Object.values(recordedResults).map((r) => `${r.server}:${r.tool}`));
  for (const tool of ['get-annotated-message', 'get-resource-links', 'get-resource-reference', 'get-structured-content', 'get-tiny-image'])
    expect(tools).toContain(`everything:${tool}`);
  expect(tools).toContain('demo:rich-content');
  expect(tools).not.toContain('everything:get-env');
  const blockTypes = new Set(Object.values(recordedResults).flatMap((r) => r.result.content.map((b) => b.type)));
  expect([...blockTypes].sort()).toEqual(['audio', 'image', 'resource', 'resource_link', 'text']);
});

test('real tool results and every block type come back deep-equal from a new connection', async () => {
  const { store, name } = await open();
  const { id } = await store.createConversation({ title: 'Round trip' });
  const input = [...fixtureConversation(), everyBlockType(), everyAnswer];
  const appended = await store.appendMessages(id, input);
  store.close();

  const { store: again } = await open(name);
  const loaded = await again.loadLast(id, input.length);
  expect(loaded).toStrictEqual(input.map((m, i) => ({ ...m, conversationId: id, seq: i + 1, createdAt: appended[i]!.createdAt })));
  // The tool results are exactly what the real client received.
  const results = loaded[2]!.content;
  Object.values(recordedResults).forEach((r, i) =>
    expect(results[i]).toStrictEqual({ type: 'tool_result', toolUseId: expect.any(String), ...r.result }),
  );
});

test('several MB of base64 image and audio are stored whole, and survive export and import', async () => {
  const { store, name } = await open();
  const { id } = await store.createConversation();
  const image = randomBase64(4 * 1024 * 1024);
  const audio = randomBase64(3 * 1024 * 1024);
  const big: NewMessage = {
    role: 'user',
    content: [
      { type: 'text', text: 'Here is a photo and a recording.' },
      { type: 'image', data: image, mimeType: 'image/jpeg' },
      { type: 'audio', data: audio, mimeType: 'audio/mpeg' },
    ],
  };
  await store.appendMessages(id, [big]);
  store.close();

  const { store: again } = await open(name);
  const [loaded] = await again.loadLast(id, 1);
  expect(loaded!.content[1]).toStrictEqual({ type: 'image', data: image, mimeType: 'image/jpeg' });
  expect((loaded!.content[2] as { data: string }).data.length).toBe(audio.length);
  expect((loaded!.content[2] as { data: string }).data === audio).toBe(true);

  const imported = await again.importConversation(await again.exportConversation(id));
  const [copy] = await again.loadLast(imported.id, 1);
  expect(copy!.content).toStrictEqual(big.content);
});

test('the in-memory store keeps the same blocks just as exactly', async () => {
  const store = createMemoryHistory();
  const { id } = await store.createConversation();
  const input = [...fixtureConversation(), everyBlockType(), everyAnswer];
  await store.appendMessages(id, input);
  // Changing the caller's objects afterwards does not change what was stored.
  (input[0]!.content[0] as { text: string }).text = 'changed';
  const loaded = await store.loadLast(id, 10);
  expect(loaded[0]!.content[0]).toStrictEqual({ type: 'text', text: 'Show me everything.' });
  expect(loaded.slice(1).map(({ conversationId, seq, createdAt, ...m }) => m)).toStrictEqual(input.slice(1));
});
