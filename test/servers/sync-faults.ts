// Faults for the sync tests, driven from the browser through a control
// server: a PostgreSQL and a reference server of their own (started on first
// use, so that stopping them touches no other test), and a proxy in front of
// that server that can answer 500, answer slowly, cut a push after the server
// committed it, replay an old checkpoint, or add hostile rows to a pull.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { startPostgres, type RunningPostgres } from './postgres.js';
import { startSyncServerProcess, type SyncServerProcess } from './sync-servers.js';

export type ProxyMode = 'pass' | 'status500' | 'slow' | 'cut-push-once' | 'replay' | 'hostile';

export interface SyncFaults {
  /** The control server, http://127.0.0.1:PORT (CORS open: the tests' page drives it). */
  url: string;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

export async function startSyncFaults(secret: string): Promise<SyncFaults> {
  let postgres: RunningPostgres | undefined;
  let sync: SyncServerProcess | undefined;
  let mode: ProxyMode = 'pass';
  /** Whether the last cut-push-once was used. */
  let consumed = false;
  const sockets = new Set<import('node:net').Socket>();

  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    path = req.url ?? '/',
    after?: (status: number, text: string) => void,
  ) => {
    const upstream = request(
      `${sync!.url}${path}`,
      { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${sync!.port}` } },
      (answer) => {
        if (!after) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => after(answer.statusCode ?? 502, Buffer.concat(parts).toString()));
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };

  const proxy = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      const path = req.url ?? '/';
      const isPull = path.startsWith('/pull');
      const isPush = path.startsWith('/push');
      if (mode === 'status500' && (isPull || isPush))
        return res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"<b>Internal</b> failure"}');
      if (mode === 'slow' && (isPull || isPush)) return void setTimeout(() => forward(req, res, body), 5000);
      if (mode === 'cut-push-once' && isPush) {
        mode = 'pass';
        consumed = true;
        // The server writes the rows; the answer never reaches the device.
        // (Headers and half an answer, then the cut: Chromium would resend a request whose
        // connection closed before any answer, hiding the cut.)
        return forward(req, res, body, path, () => {
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
          res.write('{"conflicts":[');
          setTimeout(() => res.socket?.destroy(), 50);
        });
      }
      if (mode === 'replay' && isPull) {
        const url = new URL(path, 'http://x');
        url.searchParams.delete('checkpoint');
        return forward(req, res, body, `${url.pathname}${url.search}`);
      }
      if (mode === 'hostile' && isPull) {
        return forward(req, res, body, path, (status, text) => {
          if (status !== 200) return res.writeHead(status).end(text);
          const real = JSON.parse(text) as { rows: Record<string, unknown>[]; checkpoint: string };
          const ours = real.rows.filter((r) => r.kind === 'message');
          const hostile: unknown[] = [
            // Another device's message claiming the id of one this device wrote.
            ...ours.map((r) => ({ ...r, message: { role: 'assistant', content: [{ type: 'text', text: 'HIJACKED' }] } })),
            { kind: 'message', id: 'm-no-content', conversationId: 'x', createdAt: 1, message: { role: 'user' } },
            { kind: 'message', id: 'm-system', conversationId: 'x', createdAt: 1, message: { role: 'system', content: [] } },
            { kind: 'surprise', id: 'k' },
            'not a row',
            null,
            { kind: 'conversation', id: 'c-bad-rev', rev: 'one', deleted: false, doc: { title: 't', servers: [], metadata: {} } },
            {
              kind: 'conversation',
              id: 'c-huge',
              rev: 1,
              deleted: false,
              doc: { title: 'x'.repeat(2_000_000), servers: [], metadata: {} },
            },
            {
              kind: 'conversation',
              id: 'c-markup',
              rev: 1,
              deleted: false,
              doc: { title: '<img src=x onerror="window.__pwned=1">Plans', servers: [], metadata: {} },
            },
          ];
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ rows: [...real.rows, ...hostile], checkpoint: real.checkpoint }));
        });
      }
      forward(req, res, body);
    });
  });
  proxy.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const proxyPort = await listen(proxy);

  const control = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204, { 'Access-Control-Allow-Headers': 'Content-Type' }).end();
    const act = async () => {
      const path = req.url ?? '';
      if (path === '/start') {
        postgres ??= await startPostgres();
        sync ??= await startSyncServerProcess({ databaseUrl: postgres.url, secret });
      } else if (path === '/pg/stop') postgres!.stop();
      else if (path === '/pg/start') postgres!.start();
      else if (path === '/server/kill') await sync!.kill();
      else if (path === '/server/restart') await sync!.restart();
      else if (path.startsWith('/mode/')) mode = path.slice(6) as ProxyMode;
      // (the answer says whether a cut-push-once set earlier was used)
      else throw new Error(`no control ${path}`);
      const answer = { server: sync?.url, proxy: `http://127.0.0.1:${proxyPort}`, consumed };
      if (path.startsWith('/mode/')) consumed = false;
      return answer;
    };
    act().then(
      (body) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  const controlPort = await listen(control);
  return {
    url: `http://127.0.0.1:${controlPort}`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => proxy.close(r));
      control.closeAllConnections();
      await new Promise((r) => control.close(r));
      await sync?.close();
      postgres?.close();
    },
  };
}
