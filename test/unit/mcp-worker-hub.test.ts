// The hub in a worker (issue 42, item 3): a WorkerHub on one side of a real
// MessageChannel (every message a structured clone, as to a Worker) and
// serveHub on the other, against the demo server, compared with an McpHub
// connecting the same servers directly.
import { afterEach, expect, inject, test } from 'vitest';
import { McpHub } from '../../src/mcp/hub.js';
import { WorkerHub } from '../../src/mcp/worker-hub.js';
import { serveHub } from '../../src/mcp/worker-hub-host.js';
import type { FromWorker } from '../../src/mcp/worker-hub-protocol.js';

const demoUrl = inject('demoUrl');
const closing: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  await Promise.allSettled(closing.splice(0).map((close) => close()));
});

/** A WorkerHub and the hub it mirrors, with every message the worker side sent. */
function pair(): { page: WorkerHub; worker: McpHub; sent: FromWorker[] } {
  const { port1, port2 } = new MessageChannel();
  const sent: FromWorker[] = [];
  const post = port2.postMessage.bind(port2);
  const endpoint = Object.assign(port2, {
    postMessage: (message: FromWorker) => {
      sent.push(message);
      post(message);
    },
  });
  const worker = serveHub(endpoint);
  const page = new WorkerHub(port1);
  closing.push(async () => {
    await worker.close();
    port1.close();
    port2.close();
  });
  return { page, worker, sent };
}

function direct(): McpHub {
  const hub = new McpHub();
  closing.push(() => hub.close());
  return hub;
}

const text = (result: { content: unknown }) => (result.content as Array<{ text?: string }>).map((b) => b.text ?? '').join('');

test('servers connected from the worker show on the page as connected, with the tools, names and prompts a hub on the page gets', async () => {
  const { page } = pair();
  const hub = direct();
  // Two servers of one name: the hub renames their tools (demo__echo, demo__echo_2, …); the mirror keeps those names.
  for (const h of [page, hub]) for (const name of ['demo', 'demo']) h.add({ url: demoUrl, name });
  await Promise.all(page.connections.map((c) => c.connect()));
  await hub.connectAll();

  expect(page.connections.map((c) => c.state)).toEqual(['connected', 'connected']);
  expect(page.connections.map((c) => c.serverInfo?.name)).toEqual(hub.connections.map((c) => c.serverInfo?.name));
  expect(page.connections[0]!.tools.map((t) => t.name)).toEqual(hub.connections[0]!.tools.map((t) => t.name));
  expect(page.connections[1]!.prompts.map((p) => p.name)).toEqual(hub.connections[1]!.prompts.map((p) => p.name));
  expect(page.tools.map((t) => t.name)).toEqual(hub.tools.map((t) => t.name));
  expect(page.tools.length).toBeGreaterThan(10);
  const second = page.tools.find((t) => t.connection === (page.connections[1] as never));
  expect(second?.name).toMatch(/^demo__.+_2$/);
});

test('a tool called through the page runs in the worker and answers; a cancelled call stops there and rejects', async () => {
  const { page } = pair();
  const connection = page.add({ url: demoUrl });
  await connection.connect();
  const echoName = page.tools.find((t) => t.tool.name === 'echo')!.name;
  expect(text(await page.callTool(echoName, { message: 'from the page' }))).toContain('from the page');

  // 100 steps of 100 ms: uncancelled, it would answer "Finished 100 steps." after 10 s.
  const controller = new AbortController();
  const call = connection.callTool('long-task', { steps: 100, delayMs: 100 }, { signal: controller.signal });
  setTimeout(() => controller.abort(), 200);
  await expect(call).rejects.toThrow();
});

test("a tool's progress reaches the page's onprogress", async () => {
  const { page } = pair();
  const connection = page.add({ url: demoUrl });
  await connection.connect();
  const seen: string[] = [];
  const result = await connection.callTool(
    'long-task',
    { steps: 3, delayMs: 50 },
    { onprogress: (p) => seen.push(`${p.progress}/${p.total}`) },
  );
  expect(text(result)).toBe('Finished 3 steps.');
  // The connection hands on the latest progress once per frame (LatestPerFrame): steps close together may merge.
  expect(seen.at(-1)).toBe('3/3');
  expect(seen).toEqual(['1/3', '2/3', '3/3'].filter((step) => seen.includes(step)));
});

test("a server's sampling request reaches the page's handler and its answer reaches the server; without a handler it is refused as on the page", async () => {
  const { page } = pair();
  const hub = direct();
  const connection = page.add({ url: demoUrl });
  const onPage = hub.add({ url: demoUrl });
  await Promise.all([connection.connect(), onPage.connect()]);

  const asked: string[] = [];
  const off = page.router.handle('sampling', async (params, context) => {
    asked.push(`${context.server.name}: ${JSON.stringify(params.messages[0]?.content)}`);
    return { role: 'assistant', content: { type: 'text', text: 'Forty-two, from the page.' }, model: 'page-model' };
  });
  expect(text(await connection.callTool('ask-model', { question: 'What is the answer?' }))).toBe('Forty-two, from the page.');
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain('What is the answer?');

  off();
  const refused = await connection.callTool('ask-model', { question: 'Again?' }).then(text, (error: Error) => error.message);
  const refusedOnPage = await onPage.callTool('ask-model', { question: 'Again?' }).then(text, (error: Error) => error.message);
  expect(refused).toBe(refusedOnPage);
  expect(asked).toHaveLength(1);
});

test('a server that needs sign-in is refused with a sentence saying why, before anything is sent', () => {
  const { page, sent } = pair();
  const authProvider = {} as never;
  expect(() => page.add({ url: demoUrl, authProvider })).toThrow(/sign-in \(authProvider\).*cannot be connected from a worker/);
  expect(page.connections).toHaveLength(0);
  expect(sent).toHaveLength(0);
});

test('a connection that cannot connect fails on the page with the error it had in the worker', async () => {
  const { page } = pair();
  const hub = direct();
  const url = 'http://127.0.0.1:9/mcp';
  const connection = page.add({ url });
  const onPage = hub.add({ url });
  await expect(connection.connect()).rejects.toThrow();
  await expect(onPage.connect()).rejects.toThrow();
  expect(connection.state).toBe('failed');
  expect(connection.error?.kind).toBe(onPage.error?.kind);
  expect(connection.error?.message).toBe(onPage.error?.message);
});

test('each catalog crosses once, and many changes go in few messages', async () => {
  const { page, worker, sent } = pair();
  let hubChanges = 0;
  worker.addEventListener('mcp-hub-change', () => hubChanges++);
  for (let i = 0; i < 5; i++) page.add({ url: demoUrl, name: `demo ${i}` });
  await page.connectAll();

  const changes = sent.filter((m) => m.t === 'changes');
  for (let id = 0; id < 5; id++) {
    const withTools = changes.filter((m) => m.changes.some((c) => c.id === id && c.tools !== undefined && c.tools.length > 0));
    expect(withTools).toHaveLength(1);
  }
  expect(changes.length).toBeLessThan(hubChanges);
});
