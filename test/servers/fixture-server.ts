import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { fixtureResult, malformedTools, manyTools, mixedTools, textTools, type RawTool } from './fixture-tools.js';
import type { RunningServer } from './running-server.js';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version',
};

/** The fixture endpoints and their tool lists. */
const ENDPOINTS: Record<string, () => RawTool[]> = {
  '/many/mcp': () => manyTools(5000),
  '/five-hundred/mcp': () => manyTools(500),
  '/mixed/mcp': mixedTools,
  '/text/mcp': textTools,
  '/malformed/mcp': malformedTools,
};

/**
 * A small official-SDK (v1, 2025 era, stateless) MCP server on 127.0.0.1
 * whose tool lists are the raw fixtures of fixture-tools.ts: `/many/mcp`
 * lists 5,000 tools, `/mixed/mcp` one tool per approval case, an invalid
 * inputSchema, a 1 MB description and a huge result, `/malformed/mcp` a tool
 * that breaks the MCP format where only its schema says so. Its URL is the base
 * (`http://127.0.0.1:PORT`).
 */
export async function startFixtureServer(): Promise<RunningServer> {
  const lists = new Map(Object.entries(ENDPOINTS).map(([path, make]) => [path, make()]));
  const http = createServer((req, res) => void handle(req, res, lists).catch(() => res.headersSent || res.writeHead(500).end()));
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

async function handle(req: IncomingMessage, res: ServerResponse, lists: Map<string, RawTool[]>): Promise<void> {
  for (const [k, v] of Object.entries(CORS)) res.setHeader(k, v);
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const tools = lists.get(path);
  if (!tools) return void res.writeHead(404).end();
  if (req.method !== 'POST') return void res.writeHead(405).end();
  const server = new Server({ name: `fixture${path.split('/')[1]}`, version: '1.0.0' }, { capabilities: { tools: {} } });
  // Raw lists: the low-level Server does not check tools against a schema, so broken ones go out as they are.
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }) as never);
  server.setRequestHandler(CallToolRequestSchema, async (request) => fixtureResult(request.params.name));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
