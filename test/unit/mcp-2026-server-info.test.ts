import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';

// The 2026-07-28 text as released (spec PR #3002, folded in before the
// release): `DiscoverResult.serverInfo` is gone; a server SHOULD name itself in
// every result's `_meta["io.modelcontextprotocol/serverInfo"]` and MAY not, and
// `clientInfo` in the request envelope is a SHOULD. A hand-written 2026 server
// (no SDK) answers exactly what the schema requires, with or without a name.

type Shape = 'meta' | 'none' | 'old-body';
const servers: Array<{ close(): void }> = [];
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((c) => c.close()));
  for (const s of servers.splice(0)) s.close();
});

const INFO = { name: 'hand-written', version: '3.1.0', title: 'Hand-written server' };

/** A stateless 2026-only server: discover, tools/list, tools/call. `shape`: where (if anywhere) it names itself. */
async function start(shape: Shape): Promise<{ url: string; seen: Array<Record<string, unknown>> }> {
  const seen: Array<Record<string, unknown>> = [];
  const meta = shape === 'meta' ? { _meta: { 'io.modelcontextprotocol/serverInfo': INFO } } : {};
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { _meta?: Record<string, unknown>; name?: string } };
      seen.push(message.params?._meta ?? {});
      if (message.id === undefined) return void res.writeHead(202).end();
      const cache = { ttlMs: 0, cacheScope: 'private' };
      let result: Record<string, unknown>;
      if (message.method === 'server/discover') {
        result = {
          supportedVersions: ['2026-07-28'],
          capabilities: { tools: {} },
          ...cache,
          ...(shape === 'old-body' && { serverInfo: INFO }),
        };
      } else if (message.method === 'tools/list') {
        result = { tools: [{ name: 'hello', inputSchema: { type: 'object', properties: {} } }], ...cache };
      } else if (message.method === 'tools/call') {
        result = { content: [{ type: 'text', text: 'Hello from a server with no name.' }] };
      } else {
        const error = { code: -32601, message: `Method not found: ${message.method}` };
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error }));
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', ...result, ...meta } }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => (http.closeAllConnections(), http.close()) });
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, seen };
}

async function connect(url: string): Promise<McpConnection> {
  const connection = new McpConnection({ url });
  open.push(connection);
  await connection.connect();
  return connection;
}

describe('2026-07-28: serverInfo in result _meta', () => {
  test('a server that names itself in _meta is shown by that name, and the client names itself in each request', async () => {
    const { url, seen } = await start('meta');
    const connection = await connect(url);
    expect(connection.getProtocolEra()).toBe('modern');
    expect(connection.serverInfo).toMatchObject(INFO);
    expect(connection.name).toBe('Hand-written server');
    expect(seen.every((m) => (m['io.modelcontextprotocol/clientInfo'] as { name?: string } | undefined)?.name)).toBe(true);
  });

  test('a server that does not name itself (allowed) works, shown by its address', async () => {
    const { url } = await start('none');
    const connection = await connect(url);
    expect(connection.getProtocolEra()).toBe('modern');
    expect(connection.serverInfo).toBeUndefined();
    expect(connection.name).toBe(new URL(url).host);
    expect(connection.tools.map((t) => t.name)).toEqual(['hello']);
    const result = await connection.callTool('hello', {});
    expect(result.content).toEqual([{ type: 'text', text: 'Hello from a server with no name.' }]);
  });

  test('a server with the pre-release shape (serverInfo in the discover body) still connects; that field is not read', async () => {
    const { url } = await start('old-body');
    const connection = await connect(url);
    expect(connection.getProtocolEra()).toBe('modern');
    expect(connection.serverInfo).toBeUndefined();
    expect(connection.name).toBe(new URL(url).host);
  });
});
