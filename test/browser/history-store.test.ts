// The HistoryStore contract, run against real IndexedDB in Chromium and
// against the in-memory fallback: both must behave the same.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { deleteDB } from 'idb';
import { createMemoryHistory, openHistory, type HistoryChangeEvent, type HistoryStore, type NewMessage } from '../../src/history/index.js';
import { rejection } from './history-support.js';

const user = (text: string): NewMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): NewMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });
const toolCall = (id: string): NewMessage => ({
  role: 'assistant',
  content: [
    { type: 'text', text: 'calling' },
    { type: 'tool_use', id, name: 'echo', input: { message: id } },
  ],
});
const toolAnswer = (...ids: string[]): NewMessage => ({
  role: 'user',
  content: ids.map((id) => ({ type: 'tool_result' as const, toolUseId: id, content: [{ type: 'text' as const, text: `echo ${id}` }] })),
});

const kinds = [
  { kind: 'indexeddb', persistent: true },
  { kind: 'memory', persistent: false },
] as const;

describe.each(kinds)('$kind history store', ({ kind, persistent }) => {
  let store: HistoryStore;
  let name: string;

  beforeEach(async () => {
    name = `history-test-${crypto.randomUUID()}`;
    store = kind === 'indexeddb' ? await openHistory({ name }) : createMemoryHistory();
  });

  afterEach(async () => {
    store.close();
    if (kind === 'indexeddb') await deleteDB(name);
  });

  test('says whether it saves anything', () => {
    expect(store.persistent).toBe(persistent);
  });

  test('creates, renames, updates and deletes conversations', async () => {
    const created = await store.createConversation({
      title: 'Trip',
      servers: [{ url: 'http://127.0.0.1:1/mcp', name: 'demo' }],
      provider: 'openai',
      model: 'gpt-x',
      metadata: { pinned: true },
    });
    expect(created).toMatchObject({ title: 'Trip', messageCount: 0, provider: 'openai', model: 'gpt-x', metadata: { pinned: true } });
    expect(await store.getConversation(created.id)).toEqual(created);

    const renamed = await store.renameConversation(created.id, 'Trip to Lyon');
    expect(renamed.title).toBe('Trip to Lyon');
    expect(renamed.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
    const updated = await store.updateConversation(created.id, { model: 'gpt-y', metadata: { pinned: false, tag: 'travel' } });
    expect(await store.getConversation(created.id)).toEqual(updated);
    expect(updated).toMatchObject({ title: 'Trip to Lyon', model: 'gpt-y', metadata: { pinned: false, tag: 'travel' } });

    expect((await rejection(store.renameConversation('nope', 'x'))).kind).toBe('not-found');
    await store.appendMessages(created.id, [user('hello')]);
    await store.appendActivity({
      conversationId: created.id,
      kind: 'tool-approval',
      request: { method: 'tools/call', params: { name: 'x' } },
    });
    await store.deleteConversation(created.id);
    expect(await store.getConversation(created.id)).toBeUndefined();
    expect(await store.loadLast(created.id, 10)).toEqual([]);
    expect(await store.listActivity({ conversationId: created.id })).toEqual([]);
    expect(await store.search('hello')).toEqual([]);
  });

  test('lists conversations newest first, page by page, without gaps or repeats', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await store.createConversation({ title: `c${i}` })).id);
    // Touch an old one: it moves to the top.
    await store.appendMessages(ids[3]!, [user('bump')]);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await store.listConversations({ limit: 10, cursor });
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(seen[0]).toBe(ids[3]);
    const all = await Promise.all(seen.map((id) => store.getConversation(id)));
    const times = all.map((c) => c!.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await store.listConversations({ limit: 50 })).nextCursor).toBeUndefined();
  });

  test('appends with seq numbers and pages back through the messages', async () => {
    const { id } = await store.createConversation();
    const first = await store.appendMessages(id, [user('m1'), assistant('m2')]);
    expect(first.map((m) => m.seq)).toEqual([1, 2]);
    for (let i = 3; i <= 30; i += 2) await store.appendMessages(id, [user(`m${i}`), assistant(`m${i + 1}`)]);
    expect((await store.getConversation(id))!.messageCount).toBe(30);

    const last = await store.loadLast(id, 10);
    expect(last.map((m) => m.seq)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(last[0]).toMatchObject({ conversationId: id, role: 'user', content: [{ type: 'text', text: 'm21' }] });
    const before = await store.loadBefore(id, 21, 10);
    expect(before.map((m) => m.seq)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect((await store.loadBefore(id, 4, 10)).map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(await store.loadBefore(id, 1, 10)).toEqual([]);
    expect(await store.loadLast(id, 100)).toHaveLength(30);
  });

  test('keeps model, stopReason, usage and createdAt it is given', async () => {
    const { id } = await store.createConversation();
    const message: NewMessage = {
      ...assistant('hi'),
      model: 'claude-x',
      stopReason: 'endTurn',
      usage: { inputTokens: 12, outputTokens: 3 },
      createdAt: 1234,
    };
    await store.appendMessages(id, [user('hello'), message]);
    const [stored] = await store.loadLast(id, 1);
    expect(stored).toEqual({ ...message, conversationId: id, seq: 2 });
  });

  test('refuses a write that breaks the tool pairing rule and writes nothing', async () => {
    const { id } = await store.createConversation();
    await store.appendMessages(id, [user('do it'), toolCall('t1')]);
    const changes: HistoryChangeEvent[] = [];
    store.addEventListener('change', (e) => changes.push(e));

    // The next message must answer t1 with tool_result blocks only.
    const wrong = await rejection(store.appendMessages(id, [user('never mind')]));
    expect(wrong.kind).toBe('invalid-messages');
    expect(wrong.message).toMatch(/tool_result.*t1/);
    // An answer for the wrong id, and a batch whose second half is bad: nothing of either is kept.
    expect((await rejection(store.appendMessages(id, [toolAnswer('t2')]))).message).toMatch(/no tool_result for t1/);
    expect((await rejection(store.appendMessages(id, [toolAnswer('t1'), toolAnswer('t1')]))).kind).toBe('invalid-messages');
    expect((await rejection(store.appendMessages(id, [{ role: 'user', content: 'text' } as unknown as NewMessage]))).kind).toBe(
      'invalid-messages',
    );
    expect((await store.loadLast(id, 10)).map((m) => m.seq)).toEqual([1, 2]);
    expect((await store.getConversation(id))!.messageCount).toBe(2);
    expect(changes).toEqual([]);

    const [answer] = await store.appendMessages(id, [toolAnswer('t1')]);
    expect(answer!.seq).toBe(3);
    expect((await rejection(store.appendMessages('missing', [user('x')]))).kind).toBe('not-found');
  });

  test('searches text blocks and text inside tool results', async () => {
    const a = await store.createConversation({ title: 'a' });
    const b = await store.createConversation({ title: 'b' });
    await store.appendMessages(a.id, [user('What is the Weather in Lyon?'), toolCall('w1'), toolAnswer('w1')]);
    await store.appendMessages(b.id, [
      user('weather again'),
      { role: 'assistant', content: [{ type: 'image', data: 'd2VhdGhlcg==', mimeType: 'image/png' }] },
    ]);
    const hits = await store.search('WEATHER');
    expect(hits.map((h) => [h.conversationId, h.seq])).toEqual([
      [b.id, 1],
      [a.id, 1],
    ]);
    expect(hits[1]!.snippet).toContain('weather in lyon');
    expect((await store.search('echo w1')).map((h) => [h.conversationId, h.seq])).toEqual([[a.id, 3]]);
    expect((await store.search('weather', { conversationId: a.id })).map((h) => h.seq)).toEqual([1]);
    expect(await store.search('   ')).toEqual([]);
  });

  test('logs activity by conversation and by tool call', async () => {
    const { id } = await store.createConversation();
    await store.appendMessages(id, [user('book'), toolCall('t9')]);
    const elicitation = await store.appendActivity({
      conversationId: id,
      kind: 'elicitation',
      toolUseId: 't9',
      server: 'http://127.0.0.1:1/mcp',
      request: {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'Seat?', requestedSchema: { type: 'object', properties: { seat: { type: 'string' } } } },
      },
      response: { result: { action: 'accept', content: { seat: '12A' } } },
      requestedAt: 10,
      respondedAt: 20,
    });
    await store.appendActivity({
      conversationId: id,
      kind: 'tool-approval',
      toolUseId: 't9',
      request: { method: 'tools/call', params: { name: 'echo' } },
      response: { result: { action: 'approve' } },
      requestedAt: 5,
    });
    await store.appendActivity({
      conversationId: id,
      kind: 'sampling',
      request: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
      response: { error: { code: -1, message: 'Declined' } },
      requestedAt: 30,
    });
    expect(elicitation.id).toEqual(expect.any(String));
    expect((await store.listActivity({ conversationId: id })).map((a) => a.kind)).toEqual(['tool-approval', 'elicitation', 'sampling']);
    const forTool = await store.listActivity({ toolUseId: 't9' });
    expect(forTool.map((a) => a.kind)).toEqual(['tool-approval', 'elicitation']);
    expect(forTool[1]).toEqual(elicitation);
    // Logged while the person answers, completed when they do.
    const pending = await store.appendActivity({
      conversationId: id,
      kind: 'sampling',
      toolUseId: 't9',
      request: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 9 } },
      requestedAt: 40,
    });
    expect(pending.response).toBeUndefined();
    const answered = await store.respondActivity(
      pending.id,
      { result: { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' } },
      45,
    );
    expect(answered).toEqual({
      ...pending,
      response: { result: { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' } },
      respondedAt: 45,
    });
    expect((await store.listActivity({ toolUseId: 't9' })).at(-1)).toEqual(answered);
    expect((await rejection(store.respondActivity('missing', { result: {} }))).kind).toBe('not-found');
    expect((await rejection(store.appendActivity({ conversationId: 'missing', kind: 'sampling', request: { method: 'x' } }))).kind).toBe(
      'not-found',
    );
  });

  test('exports a conversation and imports it back as a new one', async () => {
    const { id } = await store.createConversation({ title: 'Export me', metadata: { color: 'teal' } });
    await store.appendMessages(id, [
      { ...user('find weather'), _meta: { 'x/trace': 7 } },
      toolCall('t1'),
      toolAnswer('t1'),
      { ...assistant('Sunny.'), future: { field: [1, 2] } },
    ]);
    await store.appendActivity({
      conversationId: id,
      kind: 'tool-approval',
      toolUseId: 't1',
      request: { method: 'tools/call', params: { name: 'echo' } },
      response: { result: { action: 'approve' } },
    });
    const json = await store.exportConversation(id);
    const file = JSON.parse(json);
    expect(file).toMatchObject({ format: 'mcp-elements/conversation', version: 1, conversation: { id, title: 'Export me' } });

    const imported = await store.importConversation(json);
    expect(imported.id).not.toBe(id);
    expect(imported).toMatchObject({ title: 'Export me', metadata: { color: 'teal' }, messageCount: 4 });
    const strip = (m: Record<string, unknown>) => ({ ...m, conversationId: undefined });
    expect((await store.loadLast(imported.id, 10)).map(strip)).toEqual((await store.loadLast(id, 10)).map(strip));
    const activity = await store.listActivity({ conversationId: imported.id });
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ toolUseId: 't1', request: { method: 'tools/call' } });
    expect((await store.search('sunny')).map((h) => h.conversationId).sort()).toEqual([id, imported.id].sort());
    // The parsed object works as well as the text.
    expect((await store.importConversation(file)).messageCount).toBe(4);
  });

  test('a corrupt import gets a clear error and writes nothing', async () => {
    const { id } = await store.createConversation({ title: 'Source' });
    await store.appendMessages(id, [user('q'), toolCall('t1'), toolAnswer('t1')]);
    const good = JSON.parse(await store.exportConversation(id));
    const changes: HistoryChangeEvent[] = [];
    store.addEventListener('change', (e) => changes.push(e));

    const cases: Array<[unknown, RegExp]> = [
      ['{"format": "mcp-elements/conv', /not JSON/],
      [{ ...good, format: 'something-else' }, /format/],
      [{ ...good, messages: [{ ...good.messages[0], role: 'system' }] }, /messages\.0\.role/],
      [{ ...good, messages: [{ ...good.messages[0], content: [{ type: 'image', mimeType: 'image/png' }] }] }, /messages\.0\.content\.0/],
      [
        {
          ...good,
          messages: [good.messages[0], good.messages[1], user('skipped the result')].map((m, i) => ({ ...m, seq: i + 1, createdAt: 1 })),
        },
        /tool pairing/,
      ],
      [{ ...good, messages: [good.messages[1], good.messages[0]] }, /seq is out of order/],
      [{ ...good, activity: [{ kind: 'telepathy' }] }, /activity\.0/],
    ];
    for (const [input, message] of cases) {
      const error = await rejection(store.importConversation(input));
      expect(error.kind).toBe('invalid-import');
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/Nothing was imported|nothing was imported/);
    }
    const page = await store.listConversations();
    expect(page.items.map((c) => c.id)).toEqual([id]);
    expect(changes).toEqual([]);
  });

  test('clears everything and tells listeners what changed', async () => {
    const changes: HistoryChangeEvent[] = [];
    store.addEventListener('change', (e) => changes.push(e));
    const { id } = await store.createConversation();
    await store.appendMessages(id, [user('a'), assistant('b')]);
    await store.clear();
    expect((await store.listConversations()).items).toEqual([]);
    expect(await store.loadLast(id, 5)).toEqual([]);
    expect(changes.map((e) => [e.change.type, e.remote])).toEqual([
      ['conversation', false],
      ['messages', false],
      ['cleared', false],
    ]);
    expect(changes[1]!.change).toEqual({ type: 'messages', conversationId: id, fromSeq: 1, toSeq: 2 });
  });

  test('rejects calls after close with a typed error', async () => {
    store.close();
    expect((await rejection(store.listConversations())).kind).toBe('closed');
  });
});
