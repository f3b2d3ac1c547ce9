import { afterEach, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';
import '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { longestTask } from './long-tasks.js';

// Issue 26 §7: a server that sends about 10,000 progress or log notifications a
// second during one call must not freeze the page, and the call's answer must
// arrive soon after the server sends it.

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  document.body.replaceChildren();
});

async function connected(): Promise<McpConnection> {
  const connection = new McpConnection({ url: inject('stormUrl') });
  open.push(connection);
  await connection.connect();
  return connection;
}

for (const kind of ['progress', 'log'] as const) {
  test(`a ${kind} storm (10,000 a second for 3 s) on a bare connection and a tool card: no task over 200 ms, the answer on time`, async () => {
    const connection = await connected();
    await connection.setLoggingLevel('debug');
    const card = document.createElement('mcp-tool-card');
    card.use = { type: 'tool_use', id: 'toolu_storm', name: 'storm', input: {} };
    card.status = 'running';
    document.body.append(card);
    let heard = 0;
    connection.addEventListener('mcp-log-message', () => heard++);
    let answer: { sent: number; answeredAt: number } | undefined;
    let arrivedAt = 0;
    const { task, frameGap } = await longestTask(async () => {
      const result = await connection.callTool('storm', { kind, seconds: 3, perSecond: 10_000 }, {
        onprogress: (p) => {
          heard++;
          card.progress = p;
        },
        timeoutMs: 120_000,
      });
      arrivedAt = Date.now();
      answer = result.structuredContent as typeof answer;
    });
    expect(answer!.sent).toBeGreaterThan(5_000);
    expect(heard).toBeGreaterThan(0);
    expect(task).toBeLessThan(200);
    expect(arrivedAt - answer!.answeredAt).toBeLessThan(1500);
  }, 120_000);
}

for (const kind of ['progress', 'log'] as const) {
  test(`<mcp-chat>: a ${kind} storm during a turn leaves no task over 200 ms, and the turn ends soon after the server answers`, async () => {
    const { createMemoryHistory } = await import('../../src/history/memory-store.js');
    const { fakeProvider, typeAndSend, deepAll } = await import('./chat-helpers.js');
    const chat = document.createElement('mcp-chat');
    chat.server = inject('stormUrl');
    chat.store = createMemoryHistory();
    chat.provider = fakeProvider();
    chat.storageKey = `storm-${Math.random()}`;
    document.body.append(chat);
    await expect.poll(() => chat.serverSet.connections[0]?.state, { timeout: 15_000 }).toBe('connected');
    if (kind === 'log') await chat.serverSet.connections[0]!.setLoggingLevel('debug');
    await chat.updateComplete;
    let endedAt = 0;
    chat.addEventListener('mcp-turn-end', () => (endedAt = Date.now()), { once: true });
    const { task } = await longestTask(async () => {
      await typeAndSend(chat, `[[tool:storm {"kind":"${kind}","seconds":3,"perSecond":10000}]]`);
      await expect.poll(() => endedAt, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    });
    const card = deepAll(chat.shadowRoot!, 'mcp-tool-card')[0]!;
    const answeredAt = Number(/"answeredAt":\s*(\d+)/.exec(JSON.stringify((card as unknown as { result?: unknown }).result))?.[1]);
    expect(answeredAt).toBeGreaterThan(0);
    expect(task).toBeLessThan(200);
    expect(endedAt - answeredAt).toBeLessThan(3000);
  }, 120_000);
}

test('a tool card given progress thousands of times between two frames draws it once per frame, the latest', async () => {
  const card = document.createElement('mcp-tool-card');
  card.use = { type: 'tool_use', id: 'toolu_p', name: 'storm', input: {} };
  card.status = 'running';
  document.body.append(card);
  await card.updateComplete;
  let renders = 0;
  const proto = Object.getPrototypeOf(card) as { render(): unknown };
  const render = proto.render.bind(card);
  (card as unknown as { render(): unknown }).render = () => {
    renders++;
    return render();
  };
  for (let i = 1; i <= 2000; i++) {
    card.progress = { progress: i, total: 2000 };
    await Promise.resolve();
  }
  await card.updateComplete;
  expect(renders).toBeLessThanOrEqual(3);
  expect(card.shadowRoot!.querySelector('progress')!.value).toBe(2000);
});
