import { afterEach, describe, expect, inject, test } from 'vitest';
import { openHistory } from '../../src/history/idb-store.js';
import { McpConnection } from '../../src/mcp/index.js';
import { serverKey } from '../../src/mcp/server-key.js';
import { foldBranches } from '../../src/elements/mcp-chat/conversation/conversation-branches.js';
import type { HistoryStore } from '../../src/history/index.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { deepAll, fakeProvider, typeAndSend, serverReaches } from './chat-helpers.js';
import '../../src/elements/mcp-chat/mcp-chat.js';

// MCP tasks in <mcp-chat> with the model: the 2026 tasks server of
// test/servers/tasks-server.ts (official SDK), real IndexedDB. The page
// reload itself is in test/e2e/tasks.spec.ts; here a reloaded page is the
// chat opening a conversation saved mid-task.
afterEach(() => document.body.replaceChildren());

async function mount(store: HistoryStore): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.server = inject('tasksUrl');
  chat.store = store;
  chat.provider = fakeProvider();
  chat.policy = () => 'allow';
  chat.storageKey = `t-${Math.random()}`;
  document.body.append(chat);
  await serverReaches(chat, 'connected');
  await chat.updateComplete;
  return chat;
}

const progressText = (chat: McpChat) => deepAll(chat.shadowRoot!, '.progress-message').map((e) => e.textContent?.trim());

describe('<mcp-chat>: tool calls that run as MCP tasks', () => {
  test('the model calls a task tool: the card shows each step, the result comes back and the turn goes on; the task id is saved with the call', async () => {
    const store = await openHistory({ name: `tasks-${Math.random()}` });
    const chat = await mount(store);
    await typeAndSend(chat, 'write it [[tool:report {"steps":6}]]');
    await expect.poll(() => progressText(chat).join(' '), { timeout: 10_000 }).toMatch(/Step [2-6] of 6/);
    const whileRunning = (await store.getConversation(chat.session.conversation!.id))!.metadata['mcp-elements/tasks'];
    await expect
      .poll(() => chat.messages.at(-1)?.content[0], { timeout: 15_000 })
      .toMatchObject({ type: 'text', text: expect.stringContaining('Tool results: Report of 6 steps ready.') });
    await chat.session.saved();
    // Stored: the four messages of the turn and nothing else (no second copy of the call, no placeholder result).
    const id = chat.session.conversation!.id;
    const stored = await store.loadLast(id, 20);
    expect(stored.map((m) => `${m.role}: ${m.content.map((b) => b.type).join(',')}`)).toEqual([
      'user: text',
      'assistant: tool_use',
      'user: tool_result',
      'assistant: text',
    ]);
    expect(stored[2]!.content[0]).toMatchObject({
      type: 'tool_result',
      _meta: { 'mcp-elements/call': { status: 'done', task: expect.any(String) } },
    });
    // While it ran, the task was kept in the conversation's metadata (for a reload); with its result saved, it is not.
    const useId = (stored[1]!.content.find((b) => b.type === 'tool_use') as { id: string }).id;
    const taskId = (stored[2]!.content[0]!._meta as { 'mcp-elements/call': { task: string } })['mcp-elements/call'].task;
    expect(whileRunning).toEqual({ [useId]: { id: taskId, server: serverKey(inject('tasksUrl')), tool: 'report' } });
    expect((await store.getConversation(id))!.metadata['mcp-elements/tasks']).toBeUndefined();
  });

  test('a conversation saved mid-task (the page was reloaded) resumes polling: the result lands, is saved, and the model answers it', async () => {
    // A task started by the page before its reload; closing its connection (not Stop) leaves it running.
    const before = new McpConnection({ url: inject('tasksUrl') });
    await before.connect();
    let taskId = '';
    const call = before.callTool('report', { steps: 8 }, { ontask: (t) => (taskId ||= t.taskId) });
    await expect.poll(() => taskId).not.toBe('');
    await before.close();
    await call.catch(() => {});

    const name = `tasks-${Math.random()}`;
    const store = await openHistory({ name });
    const conversation = await store.createConversation({ title: 'report' });
    const task = { id: taskId, server: serverKey(inject('tasksUrl')), tool: 'report' };
    await store.appendMessages(conversation.id, [
      { role: 'user', content: [{ type: 'text', text: 'write it' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_1', name: 'report', input: { steps: 8 }, _meta: { 'mcp-elements/call': { task } } }],
      },
    ]);
    const chat = await mount(store);
    await chat.openConversation(conversation.id);
    await expect.poll(() => progressText(chat).join(' '), { timeout: 10_000 }).toMatch(/Step \d of 8/);
    await expect
      .poll(() => chat.messages.at(-1)?.content[0], { timeout: 15_000 })
      .toMatchObject({ type: 'text', text: expect.stringContaining('Tool results: Report of 8 steps ready.') });
    await chat.session.saved();
    const stored = foldBranches(await store.loadLast(conversation.id, 20));
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[2]!.content[0]).toMatchObject({
      type: 'tool_result',
      toolUseId: 'call_1',
      _meta: { 'mcp-elements/call': { status: 'done', task: taskId } },
    });
    // The model's call is a row, as it was before the reload (a call the person ran stays open).
    const card = deepAll(chat.shadowRoot!, 'mcp-tool-card')[0]!;
    expect(card.shadowRoot!.querySelector('details')!.open).toBe(false);
  });

  test('a saved task the server forgot ends as a failed result that says so; no model turn starts by itself', async () => {
    const store = await openHistory({ name: `tasks-${Math.random()}` });
    const conversation = await store.createConversation({ title: 'report' });
    const task = { id: 'gone-task', server: serverKey(inject('tasksUrl')), tool: 'report' };
    await store.appendMessages(conversation.id, [
      { role: 'user', content: [{ type: 'text', text: 'write it' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_1', name: 'report', input: {}, _meta: { 'mcp-elements/call': { task } } }],
      },
    ]);
    const chat = await mount(store);
    await chat.openConversation(conversation.id);
    await expect.poll(() => chat.messages.length, { timeout: 15_000 }).toBe(3);
    expect(chat.messages[2]!.content[0]).toMatchObject({
      type: 'tool_result',
      isError: true,
      _meta: { 'mcp-elements/call': { status: 'error' } },
    });
    expect(JSON.stringify(chat.messages[2]!.content[0])).toContain('no longer knows the task of report (gone-task)');
    await chat.session.saved();
    expect(chat.session.busy).toBe(false);
    // The conversation goes on when the person writes.
    await typeAndSend(chat, 'never mind');
    await expect.poll(() => chat.messages.at(-1)?.role, { timeout: 10_000 }).toBe('assistant');
    expect(chat.messages.at(-1)?.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('never mind') });
  });

  test('two tabs on one conversation: the tab running the task follows it; the other does not start following it too (Web Lock)', async () => {
    const name = `tasks-${Math.random()}`;
    const running = await mount(await openHistory({ name }));
    await typeAndSend(running, 'write it [[tool:report {"steps":12}]]');
    const id = await expect
      .poll(() => running.session.conversation?.id, { timeout: 10_000 })
      .toBeDefined()
      .then(() => running.session.conversation!.id);
    // The task record is saved: what the other tab finds when it opens the conversation.
    await expect
      .poll(async () => JSON.stringify((await running.chatStore!.getConversation(id))?.metadata ?? {}), { timeout: 10_000 })
      .toContain('"mcp-elements/tasks"');
    await running.session.saved();
    const other = await mount(await openHistory({ name }));
    await other.openConversation(id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(other.session.busy).toBe(false);
    expect(running.session.busy).toBe(true);
    // The running tab finishes the turn; the other shows it once saved.
    await expect
      .poll(() => running.messages.at(-1)?.content[0], { timeout: 15_000 })
      .toMatchObject({ type: 'text', text: expect.stringContaining('Tool results: Report of 12 steps ready.') });
    await running.session.saved();
    await expect
      .poll(() => other.messages.at(-1)?.content[0], { timeout: 10_000 })
      .toMatchObject({ type: 'text', text: expect.stringContaining('Tool results: Report of 12 steps ready.') });
    expect(other.messages.filter((m) => m.role === 'assistant')).toHaveLength(2);
  });
});
