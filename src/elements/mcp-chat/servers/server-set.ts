import type { Prompt, Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import type { AgentCallOptions, AgentTool, AgentToolHost, AgentToolResult } from '../../../agent/types.js';
import type { McpConnection } from '../../../mcp/connection.js';
import type { McpConnectionError } from '../../../mcp/errors.js';
import type { McpHub } from '../../../mcp/hub.js';
import type { TraceDocument } from '../../../mcp/trace.js';
import type { InputRouter } from '../../../mcp/input-router.js';
import type { InputHandlers, InputKind, Root } from '../../../mcp/input-types.js';
import type { Loader } from '../../shared/lazy.js';
import type * as ConnectChunk from './connect.chunk.js';
import type * as OAuthChunk from '../../../mcp/oauth/browser-oauth-provider.js';
import { needsBrowserOAuth, type ChatServerConfig } from './auth.js';
import { hostOf } from '../../../mcp/server-key.js';
import { combineToolHosts, type CombinedToolHost } from '../../../page-tools/combine-tool-hosts.js';

/**
 * A server as `<mcp-chat>` takes it: a URL, or the connection settings with
 * an optional `auth` (sign-in settings or an OAuth provider).
 */
export type ChatServer = string | ChatServerConfig;

/** The set's events, for typed `addEventListener`. */
export interface ServerSetEventMap {
  /** A server changed state or catalog: re-read the connections and tools. */
  change: Event;
}

/** Typed listeners for the set's events. */
export interface ServerSet {
  addEventListener<K extends keyof ServerSetEventMap>(
    type: K,
    listener: (event: ServerSetEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ServerSetEventMap>(
    type: K,
    listener: (event: ServerSetEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/**
 * A server listed while the code that connects to servers (the MCP SDK) is
 * still loading, or could not be loaded: shown in the header as connecting
 * (or failed, with why and a Retry that loads it again).
 */
export interface PendingServer {
  readonly url: string;
  readonly name: string;
  readonly state: 'connecting' | 'failed';
  readonly config: ChatServerConfig;
  readonly serverInfo: undefined;
  readonly error: McpConnectionError | undefined;
  connect(): Promise<void>;
}

/**
 * What the set loads when first needed: the MCP SDK and the hub (when the
 * first server is set; the chat paints before it), and popup sign-in (only
 * for servers given sign-in settings).
 */
export interface ServerChunks {
  readonly connect: Loader<typeof ConnectChunk>;
  readonly oauth: Loader<Pick<typeof OAuthChunk, 'BrowserOAuthProvider'>>;
}

/**
 * The servers of one chat: an `McpHub` (one connection per server, one
 * shared input router, one merged tool catalog) kept in line with the
 * element's `server` / `servers`, plus the catalogs the palette and the
 * resource browser read. It is the agent's {@link AgentToolHost}.
 *
 * The hub and the MCP SDK behind it are loaded when the first server is set
 * (a dynamic import): until then `hub` is undefined, `connections` is empty
 * and `pending` lists the servers as connecting.
 */
const NO_TOOLS: readonly AgentTool[] = Object.freeze([]);
/** The bound of a chat's session trace: the last 2 MB of entries (as JSON). */
const CHAT_TRACE_BYTES = 2 * 1024 * 1024;
/** How many of the chat's own entries are kept until the hub (and the trace) has loaded. */
const TRACE_BACKLOG = 100;

export class ServerSet extends EventTarget implements AgentToolHost {
  #hub?: McpHub;
  /** Input request handlers registered with `handle`, kept for the hub's router (it loads with the hub). */
  readonly #chunks: ServerChunks;

  /**
   * The loaders of a set made without any: the chat's (set by its one lazy
   * boundary, chunks.ts, when the element is loaded; this file imports no
   * loader so the chunks that name `ServerSet` as a type do not import back).
   * @internal
   */
  static defaultChunks: ServerChunks | undefined;

  /**
   * @param chunks - Where the set loads its code from (default: the chat's).
   */
  constructor(chunks: ServerChunks | undefined = ServerSet.defaultChunks) {
    super();
    if (!chunks)
      throw new Error('ServerSet: import mcp-web-elements (or <mcp-chat>) first: it provides the code that connects to servers.');
    this.#chunks = chunks;
  }

  readonly #handlers: Array<{ kind: InputKind; handler: InputHandlers[InputKind]; off?: () => void }> = [];
  #tools?: CombinedToolHost;
  /** The servers' tools as the agent sees them (`hubToolHost`), once the hub has loaded. */
  #hubTools?: AgentToolHost;
  /** The page's tool sources (`chat.registerTool`, WebMCP import), listed after the servers' tools, with or without a hub. */
  readonly #pageSources: AgentToolHost[] = [];
  /** The last name each server (by URL) gave itself, kept while it reconnects. */
  readonly #names = new Map<string, string>();
  /** The servers last asked for (applied once the hub has loaded). */
  #wanted: ChatServerConfig[] = [];
  #roots: Root[] | undefined;
  #loadError?: Error;

  /** Record a session trace (docs/trace.md); `<mcp-chat no-trace>` turns it off before the hub loads. */
  #tracing = true;
  /** What the chat recorded before the hub (and its trace) loaded, the last {@link TRACE_BACKLOG} entries. */
  readonly #traceBacklog: Array<{ type: string; data: unknown }> = [];

  /** Turns the session trace on or off (off drops what was recorded). */
  setTracing(on: boolean): void {
    this.#tracing = on;
    if (!on) {
      this.#traceBacklog.length = 0;
      this.#hub?.stopTrace();
    } else if (this.#hub && !this.#hub.trace) this.#hub.startTrace({ maxBytes: CHAT_TRACE_BYTES });
  }

  /** Adds what the chat did (a model turn, an approval, an error) to the session trace, if one is recorded. */
  traceEvent(type: string, data: unknown, server?: string): void {
    if (!this.#tracing) return;
    const trace = this.#hub?.trace;
    if (trace) {
      const connection =
        server === undefined ? undefined : this.#hub?.connections.find((c) => c.name === server || this.nameOf(c) === server);
      trace.addEvent(type, data, connection ? { server: connection.id } : undefined);
      return;
    }
    this.#traceBacklog.push({ type, data });
    if (this.#traceBacklog.length > TRACE_BACKLOG) this.#traceBacklog.shift();
  }

  /** The session trace as one document, with `secrets` (the model's API key) scrubbed; `undefined` when none is recorded. */
  exportTrace(secrets: readonly string[] = []): TraceDocument | undefined {
    const trace = this.#hub?.trace;
    if (!trace) return undefined;
    for (const secret of secrets) trace.addSecret(secret);
    return trace.export();
  }

  /** The hub, once the code that connects to servers has loaded. */
  get hub(): McpHub | undefined {
    return this.#hub;
  }

  /** The input router every connection shares, once the hub has loaded (register handlers with {@link handle}). */
  get router(): InputRouter | undefined {
    return this.#hub?.router;
  }

  /**
   * Registers a handler of the servers' input requests (elicitation,
   * sampling, roots) on the shared router, now or once the hub has loaded.
   * Returns the function that removes it.
   */
  handle<K extends InputKind>(kind: K, handler: InputHandlers[K]): () => void {
    const entry: { kind: InputKind; handler: InputHandlers[InputKind]; off?: () => void } = {
      kind,
      handler: handler as InputHandlers[InputKind],
    };
    if (this.#hub) entry.off = this.#hub.router.handle(kind, handler);
    this.#handlers.push(entry);
    return () => {
      entry.off?.();
      const index = this.#handlers.indexOf(entry);
      if (index >= 0) this.#handlers.splice(index, 1);
    };
  }

  get connections(): readonly McpConnection[] {
    return this.#hub?.connections ?? [];
  }

  /** Servers asked for whose connection cannot start yet: the connecting code is loading, or failed to load. */
  get pending(): readonly PendingServer[] {
    if (this.#hub && !this.#loadError) return [];
    const error = this.#loadError ? ({ message: this.#loadError.message } as McpConnectionError) : undefined;
    return this.#wanted.map((config) => ({
      url: config.url,
      name: config.name ?? hostOf(config.url),
      state: error ? 'failed' : 'connecting',
      config,
      serverInfo: undefined,
      error,
      connect: () => this.#apply(),
    }));
  }

  /**
   * The name to show for a server: its configured or self-declared name,
   * and while it reconnects (no introduction yet) the name it last had,
   * rather than its host name.
   */
  nameOf(connection: McpConnection): string {
    if (connection.config.name !== undefined || connection.serverInfo) {
      const name = connection.name;
      this.#names.set(connection.url, name);
      return name;
    }
    return this.#names.get(connection.url) ?? connection.name;
  }

  /** Replaces the servers: connections to URLs no longer listed are closed, new ones opened. */
  setServers(servers: readonly ChatServer[]): void {
    this.#wanted = servers.map((s) => (typeof s === 'string' ? { url: s } : s));
    void this.#apply();
  }

  /** Shares `roots` with every server (see `McpHub.setRoots`), now or once the hub has loaded. */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this.#roots = [...roots];
    await this.#hub?.setRoots(roots);
  }

  /** Loads what connecting needs, then opens and closes connections to match `#wanted`. */
  async #apply(): Promise<void> {
    const wanted = this.#wanted;
    if (!this.#hub && !wanted.length) return;
    let OAuth;
    try {
      const connect = await this.#chunks.connect.load();
      if (!this.#hub) this.#createHub(connect);
      if (wanted.some(needsBrowserOAuth)) OAuth = (await this.#chunks.oauth.load()).BrowserOAuthProvider;
      this.#loadError = undefined;
    } catch (error) {
      this.#loadError = error as Error;
      this.dispatchEvent(new Event('change'));
      return;
    }
    if (wanted !== this.#wanted) return; // a later call applies its own list
    const hub = this.#hub!;
    const kept = new Set<McpConnection>();
    for (const server of wanted) {
      const existing = hub.connections.find((c) => c.url === server.url && !kept.has(c));
      if (existing) {
        kept.add(existing);
        continue;
      }
      const connection = hub.add(this.#chunks.connect.value!.connectionConfig(server, OAuth));
      kept.add(connection);
      connection.connect().catch(() => {
        // The state (failed, auth-required) and its diagnosis stay on the connection.
      });
    }
    for (const old of [...hub.connections]) if (!kept.has(old)) void hub.remove(old);
    this.dispatchEvent(new Event('change'));
  }

  #createHub({ McpHub, hubToolHost }: typeof ConnectChunk): void {
    const hub = new McpHub();
    this.#hub = hub;
    if (this.#tracing) {
      const trace = hub.startTrace({ maxBytes: CHAT_TRACE_BYTES });
      for (const e of this.#traceBacklog.splice(0)) trace.addEvent(e.type, e.data);
    }
    for (const entry of this.#handlers) entry.off = hub.router.handle(entry.kind, entry.handler as never);
    this.#hubTools = hubToolHost(hub);
    this.#combine();
    if (this.#roots) void hub.setRoots(this.#roots);
    hub.addEventListener('mcp-hub-change', () => {
      for (const c of hub.connections) this.nameOf(c);
      this.dispatchEvent(new Event('change'));
    });
  }

  /**
   * Adds a source of page tools (a `PageToolRegistry`, a `WebMcpImport`):
   * its tools are listed with the servers' (also before any server is set),
   * named, approved, called and shown as theirs are. Its
   * `mcp-page-tools-change` makes the set fire `change`.
   */
  addToolSource(source: AgentToolHost & EventTarget): void {
    this.#pageSources.push(source);
    source.addEventListener('mcp-page-tools-change', () => this.dispatchEvent(new Event('change')));
    this.#combine();
    this.dispatchEvent(new Event('change'));
  }

  /** One merged catalog: the servers' tools first, then the page's (see `combineToolHosts` for the naming). */
  #combine(): void {
    this.#tools = combineToolHosts([...(this.#hubTools ? [this.#hubTools] : []), ...this.#pageSources]);
  }

  /** Closes every connection; the set stays usable (`setServers` opens them again). */
  async close(): Promise<void> {
    const hub = this.#hub;
    if (!hub) return;
    await Promise.allSettled([...hub.connections].map((c) => hub.remove(c)));
  }

  /** Resolves once a connected server (or the page) offers the tool; rejects after `timeoutMs`. */
  whenTool(name: string, timeoutMs: number): Promise<void> {
    if (this.getTool(name)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.removeEventListener('change', check);
        reject(new Error(`No connected server offers a tool named ${name}.`));
      }, timeoutMs);
      const check = () => {
        if (!this.getTool(name)) return;
        clearTimeout(timer);
        this.removeEventListener('change', check);
        resolve();
      };
      this.addEventListener('change', check);
    });
  }

  /**
   * The names of the servers whose tools are not in yet because they are
   * still connecting (or their connecting code is still loading). A server
   * that failed, needs sign-in or is reconnecting is not waited for.
   */
  connectingNames(): string[] {
    const pending = this.pending.filter((p) => p.state === 'connecting').map((p) => p.name);
    const connecting = this.connections
      .filter((c) => (c.state === 'idle' || c.state === 'connecting') && !c.toolsReady)
      .map((c) => this.nameOf(c));
    return [...pending, ...connecting];
  }

  /**
   * Resolves once no server is still connecting (see {@link connectingNames}),
   * after `timeoutMs`, or when `signal` aborts, with the names of the servers
   * that were waited for and whose tools are still not in (failed, timed out).
   * Waits on the set's `change` event, not a timer.
   */
  whenConnected(timeoutMs: number, signal?: AbortSignal): Promise<string[]> {
    const waited = this.connectingNames();
    if (!waited.length) return Promise.resolve([]);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.removeEventListener('change', check);
        signal?.removeEventListener('abort', done);
        const ready = new Set(this.connections.filter((c) => c.toolsReady).map((c) => this.nameOf(c)));
        resolve(waited.filter((name) => !ready.has(name)));
      };
      const check = () => {
        if (!this.connectingNames().length) done();
      };
      const timer = setTimeout(done, timeoutMs);
      this.addEventListener('change', check);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** The tools of every connected server, then the page's: the same array until a source or its catalog changes (do not modify it). */
  listTools(): readonly AgentTool[] {
    return (this.#tools?.listTools() ?? NO_TOOLS) as readonly AgentTool[];
  }

  /**
   * One tool by its model-facing name: a server's, with its `connection`,
   * or the page's, without one (its `server` is the page's name, its `key`
   * `page:<origin>#<name>`).
   */
  getTool(name: string): (AgentTool & { connection?: McpConnection }) | undefined {
    if (!this.#tools) return undefined;
    this.listTools(); // the merged names follow the sources' current lists
    const tool = this.#tools.findTool(name);
    if (!tool) return undefined;
    if (this.#tools.resolve(name)?.host !== this.#hubTools) return tool;
    const found = this.serverToolOf(name);
    return found ? { ...tool, connection: found.connection } : undefined;
  }

  /**
   * The server tool behind a model-facing name (the hub's entry: its MCP
   * `Tool` and connection), undefined for a page tool. The model's name is
   * not the hub's when a page tool has the same name (both become
   * `<server>__<tool>`), so look server tools up here, never by the hub's name.
   */
  serverToolOf(name: string): ReturnType<McpHub['findTool']> {
    if (!this.#tools) return undefined;
    this.listTools();
    const target = this.#tools.resolve(name);
    return target && target.host === this.#hubTools ? this.#hub?.findTool(target.name) : undefined;
  }

  listInstructions(): Array<{ server: string; instructions: string }> {
    return [...(this.#tools?.listInstructions?.() ?? [])];
  }

  callTool(name: string, args: Record<string, unknown>, options: AgentCallOptions): Promise<AgentToolResult> {
    if (!this.#tools) return Promise.reject(new Error(`No connected server or page offers a tool named ${name}.`));
    return this.#tools.callTool(name, args, options);
  }

  /** Prompts of every connected server. */
  listPrompts(): Array<{ prompt: Prompt; connection: McpConnection }> {
    return this.connections
      .filter((c) => c.state === 'connected')
      .flatMap((connection) => connection.prompts.map((prompt) => ({ prompt, connection })));
  }

  /** Resources and templates of every connected server, per server. */
  listResources(): Array<{ connection: McpConnection; resources: Resource[]; templates: ResourceTemplate[] }> {
    return this.connections
      .filter((c) => c.state === 'connected')
      .map((connection) => ({ connection, resources: connection.resources, templates: connection.resourceTemplates }));
  }
}
