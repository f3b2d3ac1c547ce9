import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isJsonContentType,
  isLegacyRequest,
  localhostAllowedHostnames,
} from '@modelcontextprotocol/server';
import { buildDemoServer } from './build-server.js';
import { createDemoState, type DemoState } from './demo-state.js';
import { LegacySessions } from './legacy-sessions.js';
import { BodyTooLargeError, sendWebResponse, toWebRequest } from './node-bridge.js';

/** Options of {@link startDemoServer}. */
export interface DemoServerOptions {
  /** TCP port; `0` picks a free one. Default 3001. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1` (never all interfaces unless asked). */
  host?: string;
}

/** A running demo server. */
export interface DemoServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  /** Ends every session and open stream and frees the port. */
  close(): Promise<void>;
}

/** Request headers browsers may send cross-origin (both eras, plus auth and resumption). */
export const CORS_ALLOW_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'last-event-id',
].join(', ');

/** Response headers a browser page must be able to read. */
export const CORS_EXPOSE_HEADERS = ['mcp-session-id', 'mcp-protocol-version', 'www-authenticate'].join(', ');

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSE_HEADERS };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(status: number, title: string, body: string): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></main></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** The page a URL elicitation sends the person to; visiting it completes the flow. */
function elicitationCallback(state: DemoState, url: URL): Response {
  const id = url.searchParams.get('id') ?? '';
  const flow = state.urlFlows.get(id);
  if (!flow) return page(404, 'Link expired', 'This sign-in link is unknown or was already used. Start again from your MCP client.');
  if (!flow.visited) {
    flow.visited = true;
    for (const callback of flow.onVisit.splice(0)) callback();
  }
  return page(200, 'Done', 'You are signed in to the demo. You can close this window and return to your MCP client.');
}

/**
 * Starts the demo MCP server on `http://HOST:PORT/mcp`, serving both protocol
 * eras on one endpoint: requests that `isLegacyRequest` classifies as
 * 2025-era go to session-keyed Streamable HTTP transports (server-pushed
 * sampling, elicitation and roots; notifications); everything else goes to a
 * strict 2026-07-28 `createMcpHandler` (stateless, `input_required`). Every
 * response carries CORS headers for browser clients.
 */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const closing = new AbortController();
  const state = createDemoState('', closing.signal);
  const legacy = new LegacySessions(state);
  const modern = createMcpHandler(() => buildDemoServer({ era: 'modern', state }), { legacy: 'reject' });
  state.resourceUpdated = async (uri) => {
    await legacy.resourceUpdated(uri);
    modern.notify.resourceUpdated(uri);
  };
  state.resourcesChanged = async () => {
    await legacy.resourcesChanged();
    modern.notify.resourcesChanged();
  };
  const allowedHosts = [...new Set([...localhostAllowedHostnames(), host])];

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/elicitation/callback' && request.method === 'GET') return elicitationCallback(state, url);
    if (url.pathname === '/' && request.method === 'GET') return page(200, 'MCP demo server', `The MCP endpoint is ${state.origin}/mcp.`);
    if (url.pathname !== '/mcp') return page(404, 'Not found', 'The MCP endpoint is /mcp.');
    const rejected = hostHeaderValidationResponse(request, allowedHosts);
    if (rejected) return rejected;
    if (request.method === 'POST' && !isJsonContentType(request.headers.get('content-type') ?? '')) {
      return Response.json(
        { jsonrpc: '2.0', error: { code: -32000, message: 'Content-Type must be application/json' }, id: null },
        { status: 415 },
      );
    }
    return (await isLegacyRequest(request)) ? legacy.handle(request) : modern.fetch(request);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': CORS_ALLOW_HEADERS,
        'access-control-max-age': '600',
        // Chromium's Private Network Access preflight, for pages served from a public origin.
        ...(req.headers['access-control-request-private-network'] ? { 'access-control-allow-private-network': 'true' } : {}),
      });
      res.end();
      return;
    }
    let response: Response;
    try {
      response = await route(await toWebRequest(req, res, `${host}:${port}`));
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      if (!tooLarge) console.error('[demo-server]', error);
      response = Response.json(
        { jsonrpc: '2.0', error: { code: -32603, message: tooLarge ? error.message : 'Internal error' }, id: null },
        { status: tooLarge ? 413 : 500 },
      );
    }
    if (res.destroyed) {
      await response.body?.cancel().catch(() => undefined);
      return;
    }
    await sendWebResponse(res, response, CORS);
  }

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[demo-server]', error);
      if (!res.headersSent) res.writeHead(500, CORS);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 3001, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  state.origin = `http://${urlHost}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    url: `${state.origin}/mcp`,
    close() {
      closed ??= (async () => {
        closing.abort();
        await Promise.allSettled([modern.close(), legacy.closeAll()]);
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
      })();
      return closed;
    },
  };
}
