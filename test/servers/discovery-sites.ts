import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sendWebResponse, toWebRequest } from '../../demo/server/node-bridge.js';
import type { RunningServer } from './running-server.js';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id, x-api-key, x-region',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
};

type Handler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> | void;

/** An HTTP server on 127.0.0.1 (free port) answering with `handle`; `url` is its origin. */
async function serve(handle: Handler): Promise<RunningServer> {
  const http = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    Promise.resolve(handle(req, res, path)).catch(() => {
      if (!res.headersSent) res.writeHead(500, CORS);
      res.end();
    });
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

/** A 2026-07-28 server (official SDK v2, `createMcpHandler`) named `name`, with one tool `lookup`. */
function modernHandler(name: string) {
  return createMcpHandler(
    () => {
      const server = new McpServer({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
      server.registerTool(
        'lookup',
        { description: `Looks a word up in ${name}.`, inputSchema: z.object({ word: z.string() }) },
        async ({ word }) => ({
          content: [{ type: 'text', text: `${name}: ${word}` }],
        }),
      );
      return server;
    },
    { legacy: 'reject' },
  );
}

/** Serves one request with an official-SDK handler, CORS added (`cors: false`: none). */
async function viaHandler(
  handler: ReturnType<typeof createMcpHandler>,
  req: IncomingMessage,
  res: ServerResponse,
  cors: Record<string, string> = CORS,
): Promise<void> {
  const request = await toWebRequest(req, res, '127.0.0.1');
  await sendWebResponse(res, await handler.fetch(request), cors);
}

/** A 2025-era server (official SDK v1, stateless, JSON answers) named `name`, with one tool. */
async function legacyServe(name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
  const server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'search', description: 'Searches the web.', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: 'results' }] }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

/** What {@link startDiscoverySites} started. */
export interface DiscoverySites {
  /** Remotes for the probe (`/works/mcp`, `/sign-in/mcp`, `/no-cors/mcp`, `/secret/mcp`, `/elsewhere/mcp`); `/test/hits` counts `/elsewhere/mcp` requests. */
  remotes: RunningServer;
  /** A site serving MCP at `/mcp`. */
  siteMcp: RunningServer;
  /** A site naming its server (at `/api/docs-mcp`) only in `/.well-known/mcp/server-card.json`, after a remote on another origin. */
  siteCard: RunningServer;
  /** A static site with no MCP server: every request gets an HTML page (a SPA fallback). */
  siteNone: RunningServer;
  /** A site naming its server (at `/api/catalog-mcp`) only in its MCP Catalog (`/.well-known/mcp/catalog.json` -> `/cards/docs.json`), after a card on another origin. */
  siteCatalog: RunningServer;
  /** A site whose server (at `/api/v2/mcp`) only `/mcp/server-card` describes, and only to a request that accepts `application/mcp-server-card+json`. */
  siteEndpointCard: RunningServer;
  close(): Promise<void>;
}

/**
 * The servers of the discovery and registry tests, all on 127.0.0.1 with CORS
 * for the test page (except `/no-cors/mcp`, which sends none):
 * - remotes: `/works/mcp` (2026 era), `/sign-in/mcp` (401 + `WWW-Authenticate`,
 *   exposed), `/no-cors/mcp` (a working MCP server with no CORS headers at all),
 *   `/secret/mcp` (2025 era; 401 without a challenge unless `X-Api-Key: sesame`),
 *   `/elsewhere/mcp` (counts hits: the card of `siteCard` names it, and
 *   discovery must never contact it);
 * - three sites for discovery (see {@link DiscoverySites}).
 */
export async function startDiscoverySites(): Promise<DiscoverySites> {
  const works = modernHandler('docs-search');
  const noCors = modernHandler('weather');
  const siteHandler = modernHandler('site-docs');
  const cardHandler = modernHandler('card-docs');
  let elsewhereHits = 0;
  const started: RunningServer[] = [];
  const remotes = await serve(async (req, res, path) => {
    if (path === '/no-cors/mcp') {
      if (req.method === 'OPTIONS') return void res.writeHead(404).end();
      return viaHandler(noCors, req, res, {});
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (path === '/test/hits')
      return void res.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify({ elsewhere: elsewhereHits }));
    if (path === '/works/mcp') return viaHandler(works, req, res);
    if (path === '/sign-in/mcp') {
      const origin = `http://${req.headers.host}`;
      return void res
        .writeHead(401, {
          ...CORS,
          'content-type': 'application/json',
          'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/sign-in/mcp"`,
        })
        .end('{"error":"unauthorized"}');
    }
    if (path === '/secret/mcp') {
      if (req.headers['x-api-key'] !== 'sesame')
        return void res.writeHead(401, { ...CORS, 'content-type': 'application/json' }).end('{"error":"missing or wrong X-Api-Key"}');
      return legacyServe('search-api', req, res);
    }
    if (path === '/elsewhere/mcp') {
      elsewhereHits++;
      return viaHandler(works, req, res);
    }
    res.writeHead(404, CORS).end();
  });
  started.push(remotes);
  const siteMcp = await serve(async (req, res, path) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (path === '/mcp') return viaHandler(siteHandler, req, res);
    res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('Not found');
  });
  started.push(siteMcp);
  const siteCard = await serve(async (req, res, path) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (path === '/.well-known/mcp/server-card.json') {
      const origin = `http://${req.headers.host}`;
      const card = {
        $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
        name: 'io.example.test/card-docs',
        version: '1.0.0',
        description: 'The docs of this site.',
        remotes: [
          { type: 'streamable-http', url: `${remotes.url}/elsewhere/mcp` },
          { type: 'sse', url: '/api/sse' },
          { type: 'streamable-http', url: `${origin}/api/docs-mcp` },
        ],
      };
      return void res.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(card));
    }
    if (path === '/api/docs-mcp') return viaHandler(cardHandler, req, res);
    res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('Not found');
  });
  started.push(siteCard);
  const siteNone = await serve((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    res.writeHead(200, { ...CORS, 'content-type': 'text/html' }).end('<!doctype html><title>Docs</title><p>Welcome to the docs.</p>');
  });
  started.push(siteNone);
  const catalogHandler = modernHandler('catalog-docs');
  const siteCatalog = await serve(async (req, res, path) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    const json = (body: unknown, type = 'application/json') =>
      void res.writeHead(200, { ...CORS, 'content-type': type }).end(JSON.stringify(body));
    if (path === '/.well-known/mcp/catalog.json') {
      return json({
        entries: [
          { identifier: 'urn:example:other', type: 'application/mcp-server-card+json', url: `${remotes.url}/cards/elsewhere.json` },
          { identifier: 'urn:example:openapi', type: 'application/openapi+json', url: '/openapi.json' },
          { identifier: 'urn:example:docs', displayName: 'Docs', type: 'application/mcp-server-card+json', url: '/cards/docs.json' },
        ],
      });
    }
    if (path === '/cards/docs.json')
      return json(
        { name: 'io.example.test/catalog-docs', version: '1.0.0', remotes: [{ type: 'streamable-http', url: '/api/catalog-mcp' }] },
        'application/mcp-server-card+json',
      );
    if (path === '/api/catalog-mcp') return viaHandler(catalogHandler, req, res);
    res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('Not found');
  });
  started.push(siteCatalog);
  const endpointCardHandler = modernHandler('endpoint-card-docs');
  const siteEndpointCard = await serve(async (req, res, path) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (path === '/mcp/server-card' && String(req.headers.accept ?? '').includes('application/mcp-server-card+json')) {
      const card = {
        name: 'io.example.test/endpoint-card-docs',
        version: '1.0.0',
        remotes: [{ type: 'streamable-http', url: '/api/v2/mcp' }],
      };
      return void res.writeHead(200, { ...CORS, 'content-type': 'application/mcp-server-card+json' }).end(JSON.stringify(card));
    }
    if (path === '/api/v2/mcp') return viaHandler(endpointCardHandler, req, res);
    res.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('Not found');
  });
  started.push(siteEndpointCard);
  return {
    remotes,
    siteMcp,
    siteCard,
    siteNone,
    siteCatalog,
    siteEndpointCard,
    close: async () => {
      await Promise.allSettled(started.map((s) => s.close()));
      await Promise.allSettled([works, noCors, siteHandler, cardHandler, catalogHandler, endpointCardHandler].map((h) => h.close()));
    },
  };
}
