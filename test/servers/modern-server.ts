import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { sendWebResponse, toWebRequest } from '../../demo/server/node-bridge.js';
import type { RunningServer } from './running-server.js';

/** Options of {@link startModernServer}. */
export interface ModernServerOptions {
  /** Extra request headers the CORS preflight allows (besides the ordinary MCP ones). */
  allowHeaders?: string[];
  /** `false`: no CORS headers at all, and OPTIONS answered 404 (a server not meant for browsers). */
  cors?: boolean;
}

const FORECAST_SCHEMA = {
  type: 'object',
  properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, days: { type: 'integer' } },
  required: ['region'],
};

const ALLOW = ['content-type', 'accept', 'authorization', 'mcp-protocol-version', 'mcp-method', 'mcp-name'];

/**
 * A small 2026-07-28-only server built with the official SDK v2
 * (`createMcpHandler`, legacy requests refused) on 127.0.0.1, with the tools
 * the client's 2026 gaps show on:
 * - `forecast`: its `region` argument is declared `x-mcp-header: "Region"`
 *   (SEP-2243), so the SDK refuses a call without `Mcp-Param-Region`.
 * CORS allows the ordinary MCP request headers plus `allowHeaders`.
 */
export async function startModernServer(options: ModernServerOptions = {}): Promise<RunningServer> {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'modern-test-server', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.registerTool(
        'forecast',
        {
          description: 'The weather of a region.',
          inputSchema: fromJsonSchema<{ region: string; days?: number }>(FORECAST_SCHEMA as Parameters<typeof fromJsonSchema>[0]),
        },
        async ({ region }) => ({ content: [{ type: 'text', text: `Sunny in ${region}.` }] }),
      );
      return server;
    },
    { legacy: 'reject' },
  );
  const cors: Record<string, string> =
    options.cors === false
      ? {}
      : {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
          'access-control-allow-headers': [...ALLOW, ...(options.allowHeaders ?? [])].join(', '),
          'access-control-expose-headers': 'mcp-protocol-version, www-authenticate',
        };
  return serveMcpHandler(handler, { cors, refusePreflight: options.cors === false });
}

/** What {@link serveMcpHandler} serves beside the MCP endpoint. */
export interface ServeOptions {
  /** Headers of every answer (CORS). */
  cors: Record<string, string>;
  /** Answer preflights 404 (a server whose CORS is broken). */
  refusePreflight?: boolean;
  /** Test controls answered before MCP; true when the request was answered. */
  route?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Called when the server is closed (timers of its own to clear). */
  onClose?: () => void;
}

/** An official-SDK `createMcpHandler` served over Node's HTTP on a free 127.0.0.1 port, at `/mcp`. */
export async function serveMcpHandler(handler: ReturnType<typeof createMcpHandler>, options: ServeOptions): Promise<RunningServer> {
  const { cors } = options;
  const http = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(options.refusePreflight ? 404 : 204, cors).end();
      return;
    }
    if (options.route?.(req, res)) return;
    try {
      const request = await toWebRequest(req, res, '127.0.0.1');
      await sendWebResponse(res, await handler.fetch(request), cors);
    } catch {
      if (!res.headersSent) res.writeHead(500, cors);
      res.end();
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      options.onClose?.();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await handler.close();
    },
  };
}
