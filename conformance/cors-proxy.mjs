// A forward HTTP proxy on 127.0.0.1 that adds CORS headers to every response.
//
// The conformance suite's test servers send no CORS headers: a browser client
// could not read a single answer from them. Chromium is started with
// `--proxy-server=http://127.0.0.1:<port>` (and `--proxy-bypass-list=<-loopback>`
// so that loopback traffic goes through the proxy too). The browser's own CORS
// checks stay on (no --disable-web-security): the proxy answers like a server
// with an ordinary MCP CORS policy, the one documented for MCP servers that
// serve browsers. A request header outside that list still fails, as it would
// against a real server.
import { createServer, request as httpRequest } from 'node:http';

export const ALLOW_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'last-event-id',
  'dpop',
];
export const EXPOSE_HEADERS = ['mcp-session-id', 'mcp-protocol-version', 'www-authenticate', 'location', 'dpop-nonce'];

/**
 * The fixed list, plus the `Mcp-Param-*` headers the preflight asks for: a
 * server whose tools declare `x-mcp-header` allows the headers it declares.
 * @param {import('node:http').IncomingMessage} req
 */
function allowHeaders(req) {
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase());
  return [...ALLOW_HEADERS, ...requested.filter((h) => /^mcp-param-[!#$%&'*+\-.^_`|~0-9a-z]+$/.test(h))];
}

/** @param {import('node:http').IncomingMessage} req @param {Record<string,string|string[]|undefined>} headers */
function addCors(req, headers) {
  const origin = req.headers.origin;
  if (!origin) return headers;
  const out = { ...headers };
  for (const name of Object.keys(out)) if (name.toLowerCase().startsWith('access-control-')) delete out[name];
  out['access-control-allow-origin'] = origin;
  out['access-control-expose-headers'] = EXPOSE_HEADERS.join(', ');
  out['vary'] = 'origin';
  return out;
}

/**
 * Starts the proxy. `onRequest` (optional) is told each proxied request, for logs.
 * @returns {Promise<{ port: number, url: string, close(): Promise<void> }>}
 */
export async function startCorsProxy({ onRequest } = {}) {
  const server = createServer((req, res) => {
    let target;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('forward proxy: absolute URL expected');
      return;
    }
    if (target.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) {
      // Only the suite's servers on this machine; nothing leaves it.
      res.writeHead(403).end('forward proxy: loopback only');
      return;
    }
    onRequest?.(req.method, target.href);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': allowHeaders(req).join(', '),
        'access-control-max-age': '600',
        vary: 'origin',
      });
      res.end();
      return;
    }
    const headers = { ...req.headers, host: target.host };
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || 80,
        method: req.method,
        path: target.pathname + target.search,
        headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.statusMessage, addCors(req, up.headers));
        up.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, addCors(req, {})).end(`forward proxy: ${error.message}`);
      else res.destroy();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
