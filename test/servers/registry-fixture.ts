import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningServer } from './running-server.js';

/** The host the fixtures' remotes are written with; rewritten to the local remotes server when served. */
export const FIXTURE_REMOTES = 'https://remotes.example.test';

interface Entry {
  server?: { name?: unknown };
  _meta?: { 'io.modelcontextprotocol.registry/official'?: { isLatest?: boolean } };
}

/**
 * A local MCP Registry on 127.0.0.1 serving test/fixtures/registry/servers.json
 * as `GET /v0.1/servers` (search by name substring, `version=latest`, `limit`,
 * cursor paging with `metadata.nextCursor`), with the remotes' host rewritten
 * to `remotesOrigin`. CORS allows any page. `/test/requests` counts searches.
 *
 * Two hostile registries under it (issue 36 item 2): `/flood/v0.1/servers`
 * answers 10,000 entries (about 3.5 MB) whatever `limit` asks;
 * `/endless/v0.1/servers` sends 5 MB of a list and never ends its answer.
 */
export async function startRegistryFixture(remotesOrigin: string): Promise<RunningServer> {
  const text = readFileSync(new URL('../fixtures/registry/servers.json', import.meta.url), 'utf8').replaceAll(
    FIXTURE_REMOTES,
    remotesOrigin,
  );
  const all = (JSON.parse(text) as { servers: Entry[] }).servers;
  let requests = 0;
  const http = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'accept, content-type' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/test/requests')
      return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ requests }));
    if (url.pathname === '/flood/v0.1/servers') {
      const servers = Array.from({ length: 10_000 }, (_, i) => ({
        server: {
          name: `io.example.flood/server-${i}`,
          title: `Flood ${i}`,
          description: `Entry ${i} of 10,000 sent for a page of ${url.searchParams.get('limit')}.`,
          version: '1.0.0',
          remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:9/mcp' }],
        },
        _meta: {
          'io.modelcontextprotocol.registry/official': {
            status: 'active',
            publishedAt: '2026-09-01T10:00:00Z',
            updatedAt: '2026-09-01T10:00:00Z',
            isLatest: true,
          },
        },
      }));
      return void res
        .writeHead(200, { ...cors, 'content-type': 'application/json' })
        .end(JSON.stringify({ servers, metadata: { count: servers.length } }));
    }
    if (url.pathname === '/endless/v0.1/servers') {
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.write('{"servers": [');
      const piece = JSON.stringify({ server: { name: 'io.example.endless/x', version: '1.0.0', description: 'y'.repeat(1000) } }) + ',';
      for (let sent = 0; sent < 5 * 1024 * 1024; sent += piece.length) res.write(piece);
      return; // never ended: closeAllConnections at close
    }
    if (url.pathname !== '/v0.1/servers' || req.method !== 'GET')
      return void res.writeHead(404, { ...cors, 'content-type': 'application/json' }).end('{"error":"Not found"}');
    requests++;
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const latest = url.searchParams.get('version') === 'latest';
    const limit = Math.max(1, Math.min(100, Number(url.searchParams.get('limit') ?? 30) || 30));
    const cursor = url.searchParams.get('cursor');
    const matching = all.filter((e) => {
      const name = typeof e.server?.name === 'string' ? e.server.name.toLowerCase() : '';
      // A malformed entry (no string name) is served only when nothing is searched for.
      if (search && !name.includes(search)) return false;
      return !latest || e._meta?.['io.modelcontextprotocol.registry/official']?.isLatest !== false;
    });
    // Opaque cursors: the index of the next entry, in base64 (clients must not read them).
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) || 0 : 0;
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? Buffer.from(String(start + limit)).toString('base64url') : undefined;
    const body = { servers: page, metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) } };
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
