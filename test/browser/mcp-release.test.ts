import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';

// Chromium opens at most six HTTP/1.1 connections per host. A call that ends
// (stopped, timed out, failed) must close the response stream its POST opened,
// or after six of them nothing more reaches that server from this page.
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connected(era: 'legacy' | 'modern'): Promise<McpConnection> {
  const c = new McpConnection({ url: inject('demoUrl'), era });
  open.push(c);
  await c.connect();
  expect(c.getProtocolEra()).toBe(era);
  return c;
}

/** A quick call that must answer within `ms`, else it fails the test instead of hanging it. */
function quickEcho(c: McpConnection, ms = 5000) {
  return Promise.race([
    c.callTool('echo', { message: 'still here' }),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`echo did not answer within ${ms} ms`)), ms)),
  ]);
}

describe.each(['legacy', 'modern'] as const)('ending calls releases their HTTP streams, era %s', (era) => {
  test('ten long-task calls stopped in a row, then a quick call answers at once', async () => {
    const c = await connected(era);
    for (let i = 0; i < 10; i++) {
      const stop = new AbortController();
      let progressed!: () => void;
      const started = new Promise<void>((resolve) => (progressed = resolve));
      const call = c.callTool('long-task', { steps: 1000, delayMs: 100 }, { signal: stop.signal, onprogress: () => progressed() });
      await started;
      stop.abort();
      await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    }
    await expect(quickEcho(c)).resolves.toMatchObject({ content: [{ text: expect.stringContaining('still here') }] });
  });

  test('ten calls that time out in a row, then a quick call answers at once', async () => {
    const c = await connected(era);
    for (let i = 0; i < 10; i++) {
      // A long-task with one step of 20 s sends no progress: the 150 ms idle limit ends it.
      await expect(c.callTool('long-task', { steps: 1, delayMs: 20_000 }, { timeoutMs: 150 })).rejects.toMatchObject({ kind: 'timeout' });
    }
    await expect(quickEcho(c)).resolves.toMatchObject({ content: [{ text: expect.stringContaining('still here') }] });
  });

  test('ten connections closed mid-call (the element left the page), then a new one answers at once', async () => {
    for (let i = 0; i < 10; i++) {
      const c = await connected(era);
      let progressed!: () => void;
      const started = new Promise<void>((resolve) => (progressed = resolve));
      const call = c.callTool('long-task', { steps: 1000, delayMs: 100 }, { onprogress: () => progressed() }).catch((e: unknown) => e);
      await started;
      await c.close();
      await expect(call).resolves.toMatchObject({ kind: 'closed' });
    }
    await expect(quickEcho(await connected(era))).resolves.toMatchObject({ content: [{ text: expect.stringContaining('still here') }] });
  });
});
