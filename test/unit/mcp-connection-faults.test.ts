import { describe, expect, test, vi } from 'vitest';
import { startDemoServer } from '../../demo/server/server.js';
import { McpConnection, McpConnectionError, type McpConnectionChangeEvent } from '../../src/mcp/index.js';
import { freePort } from '../servers/running-server.js';

describe.each(['legacy', 'modern'] as const)('faults, era %s', (era) => {
  test('the server dies during a tool call: the call fails clearly, the state goes to reconnecting, and a restart recovers', async () => {
    const port = await freePort();
    let server = await startDemoServer({ port });
    const connection = new McpConnection({ url: server.url, era, reconnect: { initialDelayMs: 100, maxDelayMs: 400, maxAttempts: 50 } });
    const states: string[] = [];
    connection.addEventListener('mcp-connection-change', (e: McpConnectionChangeEvent) => states.push(e.state));
    try {
      await connection.connect();
      let killed: Promise<void> | undefined;
      const call = connection.callTool(
        'long-task',
        { steps: 100, delayMs: 50 },
        {
          onprogress: (p) => {
            if (p.progress >= 2) killed ??= server.close();
          },
        },
      );
      const error = await call.catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'connection-lost', message: expect.stringContaining('long-task') });
      await killed;
      await vi.waitFor(() => expect(connection.state).toBe('reconnecting'), { timeout: 10_000 });
      expect(connection.error?.kind).toMatch(/unreachable|connection-lost/);

      server = await startDemoServer({ port });
      await vi.waitFor(() => expect(connection.state).toBe('connected'), { timeout: 15_000, interval: 100 });
      expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
      expect(connection.getProtocolEra()).toBe(era);
      await expect(connection.callTool('echo', { message: 'back' })).resolves.toMatchObject({
        content: [{ text: expect.stringContaining('back') }],
      });
    } finally {
      await connection.close();
      await server.close();
    }
  });
});

test('an expired 2025 session is re-initialized once, transparently', async () => {
  const server = await startDemoServer({ port: 0 });
  // Watch the session id the client sends, to end that session behind its back.
  let sessionId: string | null = null;
  const watching: typeof fetch = async (input, init) => {
    sessionId = new Headers(init?.headers).get('mcp-session-id') ?? sessionId;
    return fetch(input, init);
  };
  const connection = new McpConnection({ url: server.url, era: 'legacy', fetch: watching });
  const states: string[] = [];
  connection.addEventListener('mcp-connection-change', (e: McpConnectionChangeEvent) => states.push(e.state));
  try {
    await connection.connect();
    await connection.callTool('echo', { message: 'first' });
    const expired = sessionId;
    expect(expired).toBeTruthy();
    const ended = await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': expired ?? '', 'mcp-protocol-version': '2025-11-25' },
    });
    expect(ended.ok).toBe(true);
    await expect(connection.callTool('echo', { message: 'again' })).resolves.toMatchObject({
      content: [{ text: expect.stringContaining('again') }],
    });
    expect(sessionId).not.toBe(expired);
    expect(states).toEqual(['connecting', 'connected']);
  } finally {
    await connection.close();
    await server.close();
  }
});

describe('faults, era legacy: the answer to a server request', () => {
  test('is sent again when its POST fails at the network level (a stale keep-alive socket), so the tool call completes', async () => {
    const server = await startDemoServer({ port: 0 });
    let dropped = 0;
    // The first POST carrying an answer fails before it reaches the server, as undici does
    // when it reuses a keep-alive socket the server has just closed.
    const flaky: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (dropped === 0 && /"result"/.test(body) && !/"method"/.test(body)) {
        dropped++;
        throw new TypeError('fetch failed', { cause: new Error('other side closed') });
      }
      return fetch(input, init);
    };
    const connection = new McpConnection({ url: server.url, era: 'legacy', fetch: flaky });
    try {
      await connection.connect();
      connection.router.handle('sampling', async () => ({
        model: 'test-model',
        role: 'assistant',
        content: { type: 'text', text: 'Forty-two.' },
      }));
      // Without the resend the server waits for an answer that never comes; the call's own timer ends it.
      const answer = await connection.callTool('ask-model', { question: 'What is the answer?' }, { timeoutMs: 5_000 });
      expect(dropped).toBe(1);
      expect(JSON.stringify(answer.content)).toContain('Forty-two.');
    } finally {
      await connection.close();
      await server.close();
    }
  });

  test('that cannot be sent at all ends the tool call with a clear error instead of leaving it hanging', async () => {
    const server = await startDemoServer({ port: 0 });
    let dropped = 0;
    const broken: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (/"result"/.test(body) && !/"method"/.test(body)) {
        dropped++;
        throw new TypeError('fetch failed', { cause: new Error('other side closed') });
      }
      return fetch(input, init);
    };
    const connection = new McpConnection({ url: server.url, era: 'legacy', fetch: broken });
    try {
      await connection.connect();
      connection.router.handle('sampling', async () => ({
        model: 'test-model',
        role: 'assistant',
        content: { type: 'text', text: 'Forty-two.' },
      }));
      const started = Date.now();
      const failure = await connection
        .callTool('ask-model', { question: 'What is the answer?' }, { timeoutMs: 60_000 })
        .catch((error: unknown) => error);
      expect(dropped).toBe(3);
      expect(failure).toBeInstanceOf(McpConnectionError);
      expect((failure as McpConnectionError).kind).toBe('connection-lost');
      expect((failure as Error).message).toContain('ask-model');
      // Ended by the lost answer, not by the 60 s call timer.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await connection.close();
      await server.close();
    }
  });
});
