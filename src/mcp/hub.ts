import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { TypedEventTarget } from '../content/typed-event-target.js';
import { isModelVisible } from './apps.js';
import { McpConnection, type CallToolOptions, type McpConnectionConfig } from './connection.js';
import { McpErrorKind, McpConnectionError } from './errors.js';
import type { McpCatalogChangeEvent } from './connection-events.js';
import { InputRouter, type InputRouterOptions } from './input-router.js';
import type { Root } from './input-types.js';
import { serverName } from './server-key.js';
import { assignModelToolNames } from './tool-names.js';
import { taskPlan } from './tasks.js';
import type { McpSkill } from './skills.js';
import { SessionTrace, type SessionTraceOptions, type TraceDocument } from './trace.js';

/** One tool in the hub's merged catalog. */
export interface HubTool {
  /** The name the model uses: the tool's own, or `server__tool` when it collides or is not model-safe. */
  name: string;
  /** The tool exactly as its server listed it. */
  tool: Tool;
  /** The server it belongs to. */
  connection: McpConnection;
}

/** Fired by the hub when any connection changed state or a catalog: re-read `tools` / `connections`. */
export class McpHubChangeEvent extends Event {
  static readonly eventName = 'mcp-hub-change';
  constructor(readonly connection: McpConnection) {
    super(McpHubChangeEvent.eventName);
  }
}

/** The hub's events, for typed `addEventListener`. */
export interface McpHubEventMap {
  'mcp-hub-change': McpHubChangeEvent;
}

/**
 * Several MCP servers at once. The hub owns the {@link InputRouter} its
 * connections share (register sampling/elicitation/roots handlers on
 * `hub.router`), merges their tools into one catalog where every tool keeps
 * its server and colliding names become unambiguous (`server__tool`), and
 * calls tools by those model-facing names.
 *
 * @fires mcp-hub-change - a connection changed state or catalog ({@link McpHubChangeEvent})
 */
export class McpHub extends TypedEventTarget<McpHubEventMap> {
  readonly router: InputRouter;
  private readonly list: McpConnection[] = [];
  private readonly unlisten = new Map<McpConnection, () => void>();
  private named?: Map<string, HubTool>;
  private toolList?: { from: Map<string, HubTool>; tools: readonly HubTool[] };
  private _roots: Root[] = [];
  private _trace?: SessionTrace;

  constructor(options: { router?: InputRouter; routerOptions?: InputRouterOptions } = {}) {
    super();
    this.router = options.router ?? new InputRouter(options.routerOptions);
  }

  /** The connections, in the order they were added. */
  get connections(): readonly McpConnection[] {
    return this.list;
  }

  /** The roots shared with every server that has none of its own (`config.roots`). */
  get roots(): readonly Root[] {
    return this._roots;
  }

  /**
   * Shares `roots` with every server (those added later too) that was not
   * given roots of its own, and tells the connected ones that they changed.
   */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this._roots = roots.map((r) => ({ ...r }));
    await Promise.all(this.list.filter((c) => !c.config.roots).map((c) => c.setRoots(this._roots)));
  }

  /** The session trace being recorded (see {@link startTrace}), or `undefined`. */
  get trace(): SessionTrace | undefined {
    return this._trace;
  }

  /**
   * Starts recording a session trace for every server (those added later
   * too): a bounded record of every JSON-RPC message both ways, HTTP status,
   * `Mcp-*` headers and timings, never credentials. Add your own entries
   * (model requests and answers, approvals, errors) with
   * `hub.trace.addEvent(type, data)`. Returns the trace already on, if any.
   */
  startTrace(options: SessionTraceOptions = {}): SessionTrace {
    if (!this._trace) {
      this._trace = new SessionTrace(options);
      for (const connection of this.list) connection.trace = this._trace;
    }
    return this._trace;
  }

  /** Stops recording (what was recorded is dropped with it). */
  stopTrace(): void {
    this._trace = undefined;
    for (const connection of this.list) connection.trace = undefined;
  }

  /** The trace as one JSON document (docs/trace.md), or `undefined` when none is on. */
  exportTrace(): TraceDocument | undefined {
    return this._trace?.export();
  }

  /**
   * The skills of every connected server that offers them (the Skills
   * extension), each with its server: a skill is identified by the pair, never
   * by its URI alone. A server whose list fails is left out.
   */
  async listSkills(options: { signal?: AbortSignal } = {}): Promise<Array<{ connection: McpConnection; skill: McpSkill }>> {
    const ready = this.list.filter((c) => c.state === 'connected' && c.supportsSkills);
    const lists = await Promise.allSettled(ready.map((c) => c.listSkills(options)));
    return lists.flatMap((r, i) => (r.status === 'fulfilled' ? r.value.map((skill) => ({ connection: ready[i]!, skill })) : []));
  }

  /** Adds a server (not connected yet: call `connect()` on it, or {@link connectAll}). */
  add(config: McpConnectionConfig): McpConnection {
    const connection = new McpConnection(config, { router: this.router, trace: this._trace });
    if (!config.roots && this._roots.length > 0) void connection.setRoots(this._roots);
    this.list.push(connection);
    // A change of state renames nothing unless it adds the connection's tools to the catalog or takes them
    // out (see byName): twenty servers connecting send about a hundred changes (issue 42).
    let listed = isListed(connection);
    /** Whether the connection's tools came into the catalog or went out of it since the last change. */
    const relisted = () => listed !== (listed = isListed(connection));
    const changed = () => {
      if (relisted()) this.named = undefined;
      this.dispatchEvent(new McpHubChangeEvent(connection));
    };
    // Prompts and resources do not name tools: the tool catalog (and every list built from it) stays the same array.
    const catalogChanged = (event: McpCatalogChangeEvent) => {
      if (relisted() || event.catalog === 'tools') this.named = undefined;
      this.dispatchEvent(new McpHubChangeEvent(connection));
    };
    connection.addEventListener('mcp-connection-change', changed);
    connection.addEventListener('mcp-catalog-change', catalogChanged);
    this.unlisten.set(connection, () => {
      connection.removeEventListener('mcp-connection-change', changed);
      connection.removeEventListener('mcp-catalog-change', catalogChanged);
    });
    this.named = undefined;
    changed();
    return connection;
  }

  /** Removes a server and closes its connection. */
  async remove(connection: McpConnection): Promise<void> {
    const index = this.list.indexOf(connection);
    if (index < 0) return;
    this.list.splice(index, 1);
    this.unlisten.get(connection)?.();
    this.unlisten.delete(connection);
    this.named = undefined;
    await connection.close();
    this.dispatchEvent(new McpHubChangeEvent(connection));
  }

  /** Connects every connection that is not connected; one failure does not stop the others. */
  connectAll(): Promise<PromiseSettledResult<void>[]> {
    return Promise.allSettled(this.list.map((c) => c.connect()));
  }

  /**
   * The merged tool catalog of the connected servers (and of those still
   * connecting whose tools are in: `toolsReady`), with model-facing names.
   * The same array until a server or its catalog changes (do not modify it).
   */
  get tools(): readonly HubTool[] {
    const named = this.byName();
    if (this.toolList?.from !== named) this.toolList = { from: named, tools: [...named.values()] };
    return this.toolList.tools;
  }

  /**
   * The merged catalog as `Tool` objects renamed for the model (what a provider
   * request carries). App-only tools (MCP Apps `visibility` without `"model"`) are left out.
   */
  toolsForModel(): Tool[] {
    return this.tools.filter(({ tool }) => isModelVisible(tool)).map(({ name, tool }) => ({ ...tool, name }));
  }

  /** Finds a tool by its model-facing name. */
  findTool(name: string): HubTool | undefined {
    return this.byName().get(name);
  }

  /** Calls a tool by its model-facing name on the server it belongs to. */
  async callTool(name: string, args: Record<string, unknown> = {}, options: CallToolOptions = {}): Promise<CallToolResult> {
    const entry = this.findTool(name);
    if (!entry) throw new McpConnectionError(McpErrorKind.Protocol, `No connected server offers a tool named ${name}.`);
    return entry.connection.callTool(entry.tool.name, args, options);
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await Promise.allSettled(this.list.map((c) => c.close()));
  }

  private byName(): Map<string, HubTool> {
    if (this.named) return this.named;
    const entries = this.list
      .filter((c) => isListed(c))
      .flatMap((connection) =>
        connection.tools
          .filter((tool) => taskPlan(connection.getProtocolEra(), connection.capabilities, tool).mode !== 'unsupported')
          .map((tool) => ({
            serverId: connection.id,
            serverName: serverName(connection.url, connection.config.name, connection.serverInfo),
            toolName: tool.name,
            tool,
            connection,
          })),
      );
    const named = new Map<string, HubTool>();
    for (const [name, entry] of assignModelToolNames(entries)) named.set(name, { name, tool: entry.tool, connection: entry.connection });
    this.named = named;
    return named;
  }
}

/** Whether a connection's tools are in the hub's catalog: offered (`toolsReady`), or kept while it reconnects. */
function isListed(connection: McpConnection): boolean {
  return connection.toolsReady || connection.state === 'reconnecting';
}
