// Bench only (bench/profile/twenty-worker.mjs): what <mcp-chat>'s `connect`
// chunk (src/elements/mcp-chat/servers/connect.chunk.ts) becomes when the
// connections run in a dedicated Worker. The build of twenty-worker.mjs puts
// this module in that chunk's place, so the real chat (its ServerSet, header,
// chips, palette) runs on the page unchanged, over a hub whose connections are
// mirrors of the real `McpHub` and `McpConnection`s in bench/worker/mcp-worker.ts.
//
// The mirror holds what the chat reads synchronously (state, toolsReady,
// name, serverInfo, capabilities, the four catalogs, the hub's named tool
// catalog) from the worker's messages: one per change of a connection, with a
// catalog only when it changed, the hub's tool names as (name, server,
// index) references into the tools already sent. It is the bound of the
// lever: tool calls, input requests (sampling, elicitation), sign-in, roots
// and the trace's export are not carried over (a call rejects, saying so);
// connecting, what a person sees while it happens, and the tools offered to
// the model are.
import type { Prompt, Resource, ResourceTemplateType, ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import type { McpConnection, McpConnectionConfig } from '../../src/mcp/connection.js';
import type { HubTool } from '../../src/mcp/hub.js';
import type { AgentTool, AgentToolHost, AgentToolResult } from '../../src/agent/types.js';
import { isModelVisible } from '../../src/mcp/apps.js';
import { serverKey, serverName } from '../../src/mcp/server-key.js';
export { connectionConfig } from '../../src/elements/mcp-chat/servers/auth.js';

/**
 * src/agent/hub-tools.ts's `hubToolHost`, copied: the bundle puts that module
 * in the `mcp` chunk with the SDK and zod (vite.bundle.config.ts), which
 * importing it would load on the page.
 */
export function hubToolHost(hub: McpHub): AgentToolHost & { findTool(name: string): AgentTool | undefined } {
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
    callTool: async (): Promise<AgentToolResult> => hub.callTool(),
  };
}

/** What the worker sends for one connection (see mcp-worker.ts). */
export interface ConnectionSnapshot {
  id: number;
  state: McpConnection['state'];
  toolsReady: boolean;
  serverInfo?: McpConnection['serverInfo'];
  capabilities?: ServerCapabilities;
  instructions?: string;
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
  error?: { kind: string; message: string };
  tools?: Tool[];
  prompts?: Prompt[];
  resources?: Resource[];
  resourceTemplates?: ResourceTemplateType[];
}

/** One message from the worker: the connections that changed, then the hub's catalog if its names changed. */
export interface WorkerMessage {
  changes: ConnectionSnapshot[];
  catalog?: Array<[name: string, id: number, index: number]>;
}

class MirrorConnection extends EventTarget {
  readonly id: string;
  readonly url: string;
  readonly config: Readonly<McpConnectionConfig>;
  state: McpConnection['state'] = 'idle';
  toolsReady = false;
  serverInfo: McpConnection['serverInfo'];
  capabilities: ServerCapabilities | undefined;
  instructions: string | undefined;
  protocolVersion: string | undefined;
  error: McpConnection['error'];
  tools: Tool[] = [];
  prompts: Prompt[] = [];
  resources: Resource[] = [];
  resourceTemplates: ResourceTemplateType[] = [];
  invalidTools = [];
  unrunnableTools = [];
  degraded = undefined;
  liveNotifications = false;
  supportsSkills = false;
  roots = [];
  trace = undefined;
  #era: 'legacy' | 'modern' | undefined;
  #settled: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];

  constructor(
    readonly index: number,
    config: McpConnectionConfig,
    readonly worker: Worker,
  ) {
    super();
    this.id = `worker-${index}`;
    this.url = config.url;
    this.config = config;
  }

  get name(): string {
    return serverName(this.url, this.config.name, this.serverInfo, true);
  }

  getProtocolEra(): 'legacy' | 'modern' | undefined {
    return this.#era;
  }

  connect(): Promise<void> {
    if (this.state === 'connected') return Promise.resolve();
    return new Promise((resolve, reject) => this.#settled.push({ resolve, reject }));
  }

  close(): Promise<void> {
    this.worker.postMessage({ close: this.index });
    return Promise.resolve();
  }

  callTool(): Promise<never> {
    return Promise.reject(new Error('bench/worker: tool calls are not carried over to the worker in this bound.'));
  }

  apply(s: ConnectionSnapshot): void {
    this.state = s.state;
    this.toolsReady = s.toolsReady;
    this.serverInfo = s.serverInfo;
    this.capabilities = s.capabilities;
    this.instructions = s.instructions;
    this.protocolVersion = s.protocolVersion;
    this.#era = s.era;
    this.error = s.error as McpConnection['error'];
    if (s.tools) this.tools = s.tools;
    if (s.prompts) this.prompts = s.prompts;
    if (s.resources) this.resources = s.resources;
    if (s.resourceTemplates) this.resourceTemplates = s.resourceTemplates;
    if (s.state === 'connected' || s.state === 'failed' || s.state === 'auth-required') {
      for (const p of this.#settled.splice(0)) {
        if (s.state === 'connected') p.resolve();
        else p.reject(new Error(s.error?.message ?? s.state));
      }
    }
    this.dispatchEvent(new Event('mcp-connection-change'));
  }
}

/** The hub the chat sees: the worker's, mirrored. */
export class McpHub extends EventTarget {
  readonly #worker: Worker;
  readonly #list: MirrorConnection[] = [];
  readonly #byIndex = new Map<number, MirrorConnection>();
  #tools: HubTool[] = [];
  #named = new Map<string, HubTool>();
  #next = 0;
  readonly router = { handle: () => () => {} };
  #trace?: { addEvent(type: string, data: unknown): void; addSecret(): void; export(): undefined };

  constructor() {
    super();
    const url = (globalThis as { mcpWorkerUrl?: string }).mcpWorkerUrl ?? new URL('mcp-worker.js', document.baseURI).href;
    this.#worker = new Worker(url, { type: 'module' });
    this.#worker.onmessage = (event: MessageEvent<WorkerMessage>) => this.#receive(event.data);
  }

  get connections(): readonly McpConnection[] {
    return this.#list as unknown as McpConnection[];
  }

  get trace() {
    return this.#trace;
  }

  startTrace() {
    // The worker's hub records the trace (mcp-worker.ts); the chat's own entries go to it.
    this.#trace ??= {
      addEvent: (type, data) => this.#worker.postMessage({ traceEvent: { type, data: JSON.parse(JSON.stringify(data ?? null)) } }),
      addSecret: () => {},
      export: () => undefined,
    };
    return this.#trace;
  }

  stopTrace(): void {
    this.#trace = undefined;
  }

  async setRoots(): Promise<void> {}

  add(config: McpConnectionConfig): McpConnection {
    const index = this.#next++;
    const connection = new MirrorConnection(index, config, this.#worker);
    this.#list.push(connection);
    this.#byIndex.set(index, connection);
    const { url, name, headers } = config as McpConnectionConfig & { headers?: Record<string, string> };
    this.#worker.postMessage({ add: { index, config: { url, name, headers } } });
    this.dispatchEvent(Object.assign(new Event('mcp-hub-change'), { connection }));
    return connection as unknown as McpConnection;
  }

  async remove(connection: McpConnection): Promise<void> {
    const mirror = connection as unknown as MirrorConnection;
    const at = this.#list.indexOf(mirror);
    if (at < 0) return;
    this.#list.splice(at, 1);
    this.#byIndex.delete(mirror.index);
    await mirror.close();
    this.dispatchEvent(Object.assign(new Event('mcp-hub-change'), { connection }));
  }

  get tools(): readonly HubTool[] {
    return this.#tools;
  }

  findTool(name: string): HubTool | undefined {
    return this.#named.get(name);
  }

  callTool(): Promise<never> {
    return Promise.reject(new Error('bench/worker: tool calls are not carried over to the worker in this bound.'));
  }

  async close(): Promise<void> {
    this.#worker.terminate();
  }

  #receive({ changes, catalog }: WorkerMessage): void {
    for (const change of changes) this.#byIndex.get(change.id)?.apply(change);
    if (catalog) {
      this.#tools = catalog.flatMap(([name, id, index]) => {
        const connection = this.#byIndex.get(id);
        const tool = connection?.tools[index];
        return connection && tool ? [{ name, tool, connection: connection as unknown as McpConnection }] : [];
      });
      this.#named = new Map(this.#tools.map((t) => [t.name, t]));
    }
    for (const change of changes) {
      const connection = this.#byIndex.get(change.id);
      if (connection) this.dispatchEvent(Object.assign(new Event('mcp-hub-change'), { connection }));
    }
  }
}
