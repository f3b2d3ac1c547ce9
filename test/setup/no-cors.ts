import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startDemoServer } from '../../demo/server/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo MCP server behind a proxy that sends no CORS headers at all. */
    noCorsUrl: string;
    /** Full CORS except that `Mcp-Session-Id` is not exposed to the page (Access-Control-Expose-Headers). */
    corsHiddenSessionUrl: string;
    /** Full CORS except that the preflight does not allow the `mcp-protocol-version` request header. */
    corsMissingHeaderUrl: string;
    /** CORS headers on every response, but OPTIONS (the preflight) answered 404. */
    corsPreflight404Url: string;
  }
}

type Mode = 'no-cors' | 'hidden-session' | 'missing-header' | 'preflight-404';

const ALLOW_HEADERS = 'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id';

function corsFor(mode: Mode, preflight: boolean): Record<string, string> {
  if (mode === 'no-cors') return {};
  const headers: Record<string, string> = { 'access-control-allow-origin': '*' };
  if (mode !== 'hidden-session') headers['access-control-expose-headers'] = 'mcp-session-id, mcp-protocol-version';
  if (preflight) {
    headers['access-control-allow-methods'] = 'GET, POST, DELETE, OPTIONS';
    headers['access-control-allow-headers'] =
      mode === 'missing-header' ? ALLOW_HEADERS.replace('mcp-protocol-version, ', '') : ALLOW_HEADERS;
  }
  return headers;
}

function withoutCors(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('access-control-')));
}

/**
 * Serves the demo MCP server through a proxy on 127.0.0.1 whose CORS is
 * wrong in four ways, one per path prefix (`/no-cors/mcp`,
 * `/hidden-session/mcp`, `/missing-header/mcp`, `/preflight-404/mcp`), for the browser tests of the
 * connection layer's CORS diagnosis.
 */
export default async function setup(project: TestProject) {
  const upstream = await startDemoServer({ port: 0 });
  const target = new URL(upstream.url);
  const proxy = createServer((req, res) => {
    const match = /^\/(no-cors|hidden-session|missing-header|preflight-404)(\/.*)$/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const mode = match[1] as Mode;
    if (req.method === 'OPTIONS') {
      res
        .writeHead(
          mode === 'no-cors' ? 405 : mode === 'preflight-404' ? 404 : 204,
          mode === 'preflight-404' ? corsFor(mode, false) : corsFor(mode, true),
        )
        .end();
      return;
    }
    const forward = request(
      { host: target.hostname, port: target.port, path: match[2], method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...withoutCors(answer.headers), ...corsFor(mode, false) });
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  project.provide('noCorsUrl', `${base}/no-cors/mcp`);
  project.provide('corsHiddenSessionUrl', `${base}/hidden-session/mcp`);
  project.provide('corsMissingHeaderUrl', `${base}/missing-header/mcp`);
  project.provide('corsPreflight404Url', `${base}/preflight-404/mcp`);
  return async () => {
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
    });
    await upstream.close();
  };
}
