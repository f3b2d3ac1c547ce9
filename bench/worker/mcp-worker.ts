// Bench only (bench/profile/twenty-worker.mjs): the chat's connections in a
// dedicated Worker. The real McpHub and McpConnection (the MCP SDK, zod, the
// fetch tap, the session trace) run here; every change of a connection is
// posted to the page (bench/worker/connect-worker.chunk.ts) as a snapshot of
// what the chat reads, with each catalog only when it is a new array, and the
// hub's model-facing tool names as references into those catalogs.
import '../../src/content/no-eval.js';
import { McpHub } from '../../src/mcp/hub.js';
import type { McpConnection } from '../../src/mcp/connection.js';
import type { ConnectionSnapshot, WorkerMessage } from './connect-worker.chunk.js';

const hub = new McpHub();
const trace = hub.startTrace({ maxBytes: 2 * 1024 * 1024 });
const ids = new Map<McpConnection, number>();
const sent = new Map<number, { tools?: unknown; prompts?: unknown; resources?: unknown; resourceTemplates?: unknown }>();
let sentTools: unknown;

function snapshot(connection: McpConnection, id: number): ConnectionSnapshot {
  const last = sent.get(id) ?? {};
  const s: ConnectionSnapshot = {
    id,
    state: connection.state,
    toolsReady: connection.toolsReady,
    serverInfo: connection.serverInfo,
    capabilities: connection.capabilities,
    instructions: connection.instructions,
    protocolVersion: connection.protocolVersion,
    era: connection.getProtocolEra(),
    error: connection.error ? { kind: connection.error.kind, message: connection.error.message } : undefined,
  };
  if (last.tools !== connection.tools) s.tools = connection.tools;
  if (last.prompts !== connection.prompts) s.prompts = connection.prompts;
  if (last.resources !== connection.resources) s.resources = connection.resources;
  if (last.resourceTemplates !== connection.resourceTemplates) s.resourceTemplates = connection.resourceTemplates;
  sent.set(id, {
    tools: connection.tools,
    prompts: connection.prompts,
    resources: connection.resources,
    resourceTemplates: connection.resourceTemplates,
  });
  return s;
}

hub.addEventListener('mcp-hub-change', (event) => {
  const id = ids.get(event.connection);
  if (id === undefined) return;
  const message: WorkerMessage = { changes: [snapshot(event.connection, id)] };
  const tools = hub.tools;
  if (tools !== sentTools) {
    sentTools = tools;
    message.catalog = tools.map(({ name, tool, connection }) => [name, ids.get(connection)!, connection.tools.indexOf(tool)]);
  }
  postMessage(message);
});

self.onmessage = (event: MessageEvent) => {
  const data = event.data as {
    add?: { index: number; config: { url: string; name?: string } };
    close?: number;
    traceEvent?: { type: string; data: unknown };
  };
  if (data.add) {
    const { index, config } = data.add;
    const connection = hub.add(config);
    ids.set(connection, index);
    connection.connect().catch(() => {
      // The state and its error go to the page with the next snapshot.
    });
  }
  if (data.close !== undefined) {
    const connection = [...ids].find(([, id]) => id === data.close)?.[0];
    if (connection) void hub.remove(connection);
  }
  if (data.traceEvent) trace.addEvent(data.traceEvent.type, data.traceEvent.data);
};
