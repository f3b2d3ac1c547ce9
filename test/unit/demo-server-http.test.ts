import { request as httpRequest } from 'node:http';
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { startDemoServer } from '../../demo/server/server.js';
import { connectClient, texts, useDemoServer } from './demo-server-helpers.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('demo server over HTTP', () => {
  const server = useDemoServer();

  it('answers CORS preflights with every header both eras send', async () => {
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'mcp-method' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
    const allowed = response.headers.get('access-control-allow-headers')?.split(/,\s*/);
    for (const header of [
      'content-type',
      'authorization',
      'mcp-session-id',
      'mcp-protocol-version',
      'mcp-method',
      'mcp-name',
      'last-event-id',
    ]) {
      expect(allowed).toContain(header);
    }
  });

  it('exposes the session id and protocol version to browser pages', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, origin: 'http://localhost:5173' },
      body: JSON.stringify(INITIALIZE),
    });
    await response.body?.cancel();
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeTruthy();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe('mcp-session-id, mcp-protocol-version, www-authenticate');
  });

  it('answers an unknown session with 404', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'mcp-session-id': 'no-such-session', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe(-32001);
  });

  it('ends a session on DELETE; the id then answers 404', async () => {
    const client = await connectClient(server.url, 'legacy');
    const transport = (client as unknown as { transport: StreamableHTTPClientTransport }).transport;
    const sessionId = transport.sessionId!;
    await transport.terminateSession();
    await client.close();
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    });
    expect(response.status).toBe(404);
  });

  it('refuses other content types and foreign Host headers', async () => {
    const wrongType = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(wrongType.status).toBe(415);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(server.url, { method: 'POST', headers: { ...JSON_HEADERS, host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify(INITIALIZE));
    });
    expect(status).toBe(403);
  });
});

describe('closing the demo server', () => {
  it('ends sessions and streams promptly and frees the port for a restart', async () => {
    const first = await startDemoServer({ port: 0 });
    const port = Number(new URL(first.url).port);
    const legacy = await connectClient(first.url, 'legacy');
    const modern = await connectClient(first.url, 'auto');
    const subscription = await modern.listen({ resourceSubscriptions: ['demo://counter'] });
    // The 2025 client waits for a resumable stream that never comes back, so its call
    // only ends at its own timeout; the 2026 call fails as soon as its stream drops.
    const calls = [legacy, modern].map((c) =>
      c.callTool({ name: 'long-task', arguments: { steps: 100, delayMs: 100 } }, { timeout: 2500 }).then(
        () => 'finished',
        () => 'rejected',
      ),
    );
    await new Promise((r) => setTimeout(r, 150));
    const started = Date.now();
    await first.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await Promise.all(calls)).toEqual(['rejected', 'rejected']);
    expect(await subscription.closed).not.toBe('local');

    const second = await startDemoServer({ port });
    try {
      expect(second.url).toBe(first.url);
      // The old 2025 session is gone with the old server: its id now answers 404.
      await expect(legacy.listTools()).rejects.toMatchObject({ data: { status: 404 } });
      const again = await connectClient(second.url, 'auto');
      expect(texts(await again.callTool({ name: 'echo', arguments: { message: 'back' } }))).toEqual(['back']);
      await again.close();
    } finally {
      await Promise.allSettled([legacy.close(), modern.close()]);
      await second.close();
    }
  });
});
