// Bench only (bench/profile/twenty-worker.mjs): what <mcp-chat>'s `connect`
// chunk (src/elements/mcp-chat/servers/connect.chunk.ts) becomes when the
// connections run in a dedicated Worker. The build of twenty-worker.mjs puts
// this module in that chunk's place, so the real chat (its ServerSet, header,
// chips, palette) runs on the page unchanged, over the library's `WorkerHub`
// (src/mcp/worker-hub.ts), which mirrors the real McpHub and McpConnections
// that `serveHub` runs in bench/worker/mcp-worker.ts.
//
// What the chat needs of a hub beyond WorkerHub's surface is stubbed here:
// the session trace (the worker's hub records it; the chat's own entries are
// dropped) and roots. Neither is needed to reach "connected".
import type { AgentTool, AgentToolHost, AgentToolResult } from '../../src/agent/types.js';
import { isModelVisible } from '../../src/mcp/apps.js';
import type { HubTool } from '../../src/mcp/hub.js';
import { serverKey } from '../../src/mcp/server-key.js';
import { WorkerHub } from '../../src/mcp/worker-hub.js';
export { connectionConfig } from '../../src/elements/mcp-chat/servers/auth.js';

/** The chat's hub: a WorkerHub over the worker beside the page. */
export class McpHub extends WorkerHub {
  #trace?: { addEvent(): void; addSecret(): void; export(): undefined };

  constructor() {
    // A Worker the page started early (twenty-worker.mjs's EARLY=1), else one started now.
    const early = (globalThis as { mcpWorker?: Worker }).mcpWorker;
    super(early ?? new Worker(new URL('mcp-worker.js', document.baseURI).href, { type: 'module' }));
  }

  get trace() {
    return this.#trace;
  }

  startTrace() {
    this.#trace ??= { addEvent: () => {}, addSecret: () => {}, export: () => undefined };
    return this.#trace;
  }

  stopTrace(): void {
    this.#trace = undefined;
  }

  async setRoots(): Promise<void> {}
}

/**
 * src/agent/hub-tools.ts's `hubToolHost`, copied: the bundle puts that module
 * in the `mcp` chunk with the SDK and zod (vite.bundle.config.ts), which
 * importing it would load on the page.
 */
export function hubToolHost(hub: WorkerHub): AgentToolHost & { findTool(name: string): AgentTool | undefined } {
  const toAgentTool = ({ name, tool, connection }: HubTool): AgentTool => ({
    name,
    description: tool.description,
    inputSchema: tool.inputSchema as AgentTool['inputSchema'],
    annotations: tool.annotations,
    title: tool.title ?? tool.annotations?.title,
    server: connection.name,
    key: `${serverKey(connection.url)}#${tool.name}`,
  });
  let listed: { from: readonly HubTool[]; tools: AgentTool[] } | undefined;
  return {
    listTools: () => {
      const tools = hub.tools;
      if (listed?.from !== tools) listed = { from: tools, tools: tools.filter((t) => isModelVisible(t.tool)).map(toAgentTool) };
      return listed.tools;
    },
    findTool: (name) => {
      const found = hub.findTool(name);
      return found ? toAgentTool(found) : undefined;
    },
    listInstructions: () =>
      hub.connections
        .filter((c) => c.state === 'connected' && c.instructions)
        .map((c) => ({ server: c.name, instructions: c.instructions! })),
    callTool: async (name, args, options) => (await hub.callTool(name, args, options)) as AgentToolResult,
  };
}
