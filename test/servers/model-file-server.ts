import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningServer } from './running-server.js';

/** A file the model server offers, by path. */
export interface ServedFile {
  path: string;
  data: Uint8Array;
}

/** The model file server: its base URL and how to stop it. */
export interface ModelFileServer extends RunningServer {
  /** Requests answered so far, e.g. `{ 'GET /m/1/tiny-model.gguf': 1 }`. */
  requests: Map<string, number>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': 'content-length, etag',
};

/**
 * Serves model files on 127.0.0.1 the way a site owner's server or a CDN
 * does (GET and HEAD with Content-Length and ETag, CORS for any origin), and
 * counts every request so a test can prove a second load never asks for the
 * model. `GET /requests` answers the counts as JSON (not counted).
 *
 * Any path ending in a served file's name serves that file, so each test can
 * use a URL of its own (`/m/<unique>/tiny-model.gguf`) and start with an
 * empty browser cache for it. `?slow=MS` waits that long between chunks of 16 KB,
 * so a test can watch progress and abort a download midway; `?gate=NAME` sends the
 * first 32 KB (in two pieces 150 ms apart) and holds the rest until `POST /open/NAME` (a test acts midway, then lets it go on); `?cut=BYTES` drops
 * the connection of the path's first GET after that many bytes (`?cutall=` of
 * every GET). `Range: bytes=N-` is answered with 206 (counted as
 * `RANGE <path> <N>`), unless `?norange`.
 */
export async function startModelFileServer(files: ServedFile[], port = 0): Promise<ModelFileServer> {
  const requests = new Map<string, number>();
  /** `?gate=NAME` downloads wait after their first 16 KB until `POST /open/NAME`. */
  const gates = new Map<string, { opened: boolean; waiting: Array<() => void> }>();
  const gate = (name: string) => gates.get(name) ?? gates.set(name, { opened: false, waiting: [] }).get(name)!;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    if (req.method === 'POST' && url.pathname.startsWith('/open/')) {
      const g = gate(url.pathname.slice('/open/'.length));
      g.opened = true;
      for (const go of g.waiting.splice(0)) go();
      res.writeHead(204, CORS).end();
      return;
    }
    if (url.pathname === '/requests') {
      res.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(Object.fromEntries(requests)));
      return;
    }
    const key = `${req.method} ${url.pathname}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    const file = files.find((f) => url.pathname.endsWith(`/${f.path}`));
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // `Range: bytes=N-` (a resumed download) is answered with 206 and the rest, unless `?norange`.
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = range && !url.searchParams.has('norange') ? Number(range[1]) : 0;
    if (range) requests.set(`RANGE ${url.pathname} ${range[1]}`, (requests.get(`RANGE ${url.pathname} ${range[1]}`) ?? 0) + 1);
    if (from >= file.data.length && from > 0) {
      res.writeHead(416, { ...CORS, 'content-range': `bytes */${file.data.length}` }).end();
      return;
    }
    const body = file.data.subarray(from);
    res.writeHead(from ? 206 : 200, {
      ...CORS,
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      ...(from ? { 'content-range': `bytes ${from}-${file.data.length - 1}/${file.data.length}` } : {}),
      'accept-ranges': 'bytes',
      etag: `"tiny-${file.data.length}"`,
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // `?cut=BYTES`: the first GET of this path sends that many bytes, then the connection drops
    // (a network failing mid-download); later GETs are whole, so a retry succeeds.
    // `?cutall=BYTES`: every GET drops after that many bytes of its answer (a network that keeps failing).
    const cut = Number(url.searchParams.get('cut') ?? 0);
    const cutAll = Number(url.searchParams.get('cutall') ?? 0);
    if ((cut && req.method === 'GET' && requests.get(key) === 1) || cutAll) {
      res.write(body.subarray(0, cut || cutAll), () => setTimeout(() => res.destroy(), 50));
      return;
    }
    const slow = Number(url.searchParams.get('slow') ?? 0);
    const gateName = url.searchParams.get('gate');
    if (gateName) {
      // Two pieces of 16 KB 150 ms apart (a downloader reporting progress at most every 100 ms reports the
      // second), then the rest once the gate is open.
      res.write(body.subarray(0, 16_384));
      setTimeout(() => {
        if (res.destroyed) return;
        res.write(body.subarray(16_384, 32_768));
        const g = gate(gateName);
        const rest = () => res.end(body.subarray(32_768));
        if (g.opened) rest();
        else g.waiting.push(rest);
      }, 150);
      return;
    }
    if (!slow) {
      res.end(body);
      return;
    }
    let at = 0;
    const next = () => {
      if (res.destroyed) return;
      if (at >= body.length) {
        res.end();
        return;
      }
      res.write(body.subarray(at, at + 16_384));
      at += 16_384;
      setTimeout(next, slow);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
