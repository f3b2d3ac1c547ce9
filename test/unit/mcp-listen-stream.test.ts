import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';
import { freePort, waitForHttp } from '../servers/running-server.js';

// A 2026 server stopped with SIGTERM ends the `subscriptions/listen` stream
// gracefully (the empty response) before it exits. That end is a reason to
// check the server: the connection must not keep saying "connected".
const children: ChildProcess[] = [];
const open: McpConnection[] = [];

/** The demo server as its own process (`npm run demo:server`), so it can be stopped with SIGTERM. */
async function startDemoProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  children.push(child);
  await waitForHttp(`http://127.0.0.1:${port}/mcp`, 30_000);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(children.splice(0).map(stop));
});

describe('the 2026 listen stream of a server stopped with SIGTERM', () => {
  test('the connection leaves "connected" when the server goes away, and reconnects when it is back', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const first = await startDemoProcess(port);
    const connection = new McpConnection({ url: `http://127.0.0.1:${port}/mcp`, era: 'modern', reconnect: { initialDelayMs: 200, maxDelayMs: 1000, maxAttempts: 60 } });
    open.push(connection);
    const states: string[] = [];
    connection.addEventListener('mcp-connection-change', (e) => states.push(e.state));
    await connection.connect();
    expect(connection.getProtocolEra()).toBe('modern');
    // The listen stream is open once the server acknowledged it.
    await expect.poll(() => (connection as unknown as { life: { listenSub?: unknown } }).life.listenSub !== undefined).toBe(true);

    await stop(first);
    await expect.poll(() => connection.state, { timeout: 20_000 }).not.toBe('connected');
    expect(states).toContain('reconnecting');

    await startDemoProcess(port);
    await expect.poll(() => connection.state, { timeout: 30_000 }).toBe('connected');
    await expect(connection.callTool('echo', { message: 'back' })).resolves.toMatchObject({ content: [{ text: expect.stringContaining('back') }] });
  });
});
