#!/usr/bin/env node
// A CORS-adding reverse proxy for an MCP server you do not run (for example
// `@playwright/mcp`, which has no CORS option): browsers on any origin may
// then use it through this proxy. See docs/mcp.md, "A CORS proxy for servers
// you do not run".
//
//   node scripts/mcp-cors-proxy.mjs http://127.0.0.1:8931/mcp 8932
//   -> http://127.0.0.1:8932/mcp
//
// It answers the preflight itself (OPTIONS 204 with the allow headers, any
// `Mcp-Param-*` header a page asks for included), forwards every other
// request to the target unchanged (streams too), and adds
// Access-Control-Allow-Origin / -Expose-Headers to every answer. It listens on
// 127.0.0.1 only. ALLOW_ORIGIN limits the origins it answers for (default: any).
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

const [targetArg, portArg = '8932'] = process.argv.slice(2);
if (!targetArg) {
  console.error('usage: node scripts/mcp-cors-proxy.mjs <target MCP URL> [port]');
  process.exit(2);
}
const target = new URL(targetArg);
const allowOrigin = process.env.ALLOW_ORIGIN;
const ALLOW_HEADERS = [
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
const EXPOSE_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate, dpop-nonce';

function cors(req) {
  const origin = req.headers.origin;
  if (!origin || (allowOrigin && origin !== allowOrigin)) return {};
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE_HEADERS, vary: 'origin' };
}

const server = createServer((req, res) => {
  if (req.method === 'OPTIONS') {
    const requested = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase());
    res.writeHead(204, {
      ...cors(req),
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': [...ALLOW_HEADERS, ...requested.filter((h) => h.startsWith('mcp-param-'))].join(', '),
      'access-control-max-age': '600',
    });
    res.end();
    return;
  }
  const url = new URL(req.url ?? '/', target);
  const headers = { ...req.headers, host: target.host };
  delete headers.origin; // the target sees a same-origin client, as with any server-side caller
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(url, { method: req.method, headers }, (answer) => {
    const out = { ...answer.headers };
    for (const name of Object.keys(out)) if (name.startsWith('access-control-')) delete out[name];
    res.writeHead(answer.statusCode ?? 502, { ...out, ...cors(req) });
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, cors(req)).end(`cors proxy: ${error.message}`);
    else res.destroy();
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
});

server.listen(Number(portArg), '127.0.0.1', () => {
  console.log(`CORS proxy for ${target.href} on http://127.0.0.1:${server.address().port}${target.pathname}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
