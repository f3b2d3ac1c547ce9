import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';
import { freePort } from '../servers/running-server.js';

// A 2026 server stopped with SIGTERM ends the `subscriptions/listen` stream
// gracefully (the empty response) before it exits. That end is a reason to
// check the server: the connection must not keep saying "connected".
const children: ChildProcess[] = [];
const open: McpConnection[] = [];

/**
 * The demo server as its own process (`npm run demo:server`), so it can be
 * stopped with SIGTERM. Resolves when the server says it listens (its first
 * line), however long a loaded machine takes to start it; rejects with its
 * output if it exits first. Its sandbox proxy gets a free port too: the
 * default (3002) may be taken by another demo on the machine.
 */
async function startDemoProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    env: { ...process.env, PORT: String(port), SANDBOX_PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(`listening on http://127.0.0.1:${port}/mcp`)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    child.once('exit', (code, signal) => reject(new Error(`the demo server exited (${code ?? signal}) before listening:\n${output}`)));
  });
  return child;
}

/** Resolves when the connection next reports `state` (an event, not a poll with a deadline). */
function nextState(connection: McpConnection, state: string): Promise<void> {
  return new Promise((resolve) => {
    if (connection.state === state) return resolve();
    const listener = (event: { state: string }) => {
      if (event.state !== state) return;
      connection.removeEventListener('mcp-connection-change', listener);
      resolve();
    };
    connection.addEventListener('mcp-connection-change', listener);
  });
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
  test('the connection leaves "connected" when the server goes away, and reconnects when it is back', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const first = await startDemoProcess(port);
    const connection = new McpConnection({
      url: `http://127.0.0.1:${port}/mcp`,
      era: 'modern',
      reconnect: { initialDelayMs: 200, maxDelayMs: 1000, maxAttempts: 1000 },
    });
    open.push(connection);
    await connection.connect();
    expect(connection.getProtocolEra()).toBe('modern');
    // The listen stream is open once the server acknowledged it.
    await expect.poll(() => (connection as unknown as { life: { listenSub?: unknown } }).life.listenSub !== undefined).toBe(true);

    const leaves = nextState(connection, 'reconnecting');
    await stop(first);
    await leaves;
    expect(connection.state).not.toBe('connected');

    const back = nextState(connection, 'connected');
    await startDemoProcess(port);
    await back;
    await expect(connection.callTool('echo', { message: 'back' })).resolves.toMatchObject({
      content: [{ text: expect.stringContaining('back') }],
    });
  });
});
