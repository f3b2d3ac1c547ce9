import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startDemoServer } from '../../demo/server/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo server behind CORS like n8n-mcp's: only `Content-Type, Authorization, Accept, Mcp-Session-Id` allowed. */
    strictCorsUrl: string;
    /** The demo server behind CORS that allows everything but `Mcp-Method` and `Mcp-Name` (the 2026 era's headers). */
    noModernCorsUrl: string;
    /** Full MCP CORS, but a page's own header (`X-Team`) is not allowed. */
    noCustomCorsUrl: string;
  }
}

/** The allowed request headers per path prefix; n8n-mcp's exact list first. */
const MODES: Record<string, string> = {
  n8n: 'Content-Type, Authorization, Accept, Mcp-Session-Id',
  'no-modern': 'Content-Type, Authorization, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID',
  'no-custom': 'Content-Type, Authorization, Accept, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID',
};

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Mcp-Session-Id' };

function withoutCors(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('access-control-')));
}

/**
 * Serves the demo MCP server through a proxy on 127.0.0.1 whose CORS
 * preflight allows only some request headers (one list per path prefix), for
 * the browser tests of the header fallback (src/mcp/header-fallback.ts). The
 * browser enforces the lists; the proxy forwards whatever arrives.
 */
export default async function setup(project: TestProject) {
  const upstream = await startDemoServer({ port: 0 });
  const target = new URL(upstream.url);
  const proxy = createServer((req, res) => {
    const match = /^\/([a-z0-9-]+)(\/.*)$/.exec(req.url ?? '');
    const allow = match ? MODES[match[1]!] : undefined;
    if (!match || !allow) {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS', 'access-control-allow-headers': allow })
        .end();
      return;
    }
    const forward = request(
      { host: target.hostname, port: target.port, path: match[2], method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...withoutCors(answer.headers), ...CORS });
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  project.provide('strictCorsUrl', `${base}/n8n/mcp`);
  project.provide('noModernCorsUrl', `${base}/no-modern/mcp`);
  project.provide('noCustomCorsUrl', `${base}/no-custom/mcp`);
  return async () => {
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
    });
    await upstream.close();
  };
}
