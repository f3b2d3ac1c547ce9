import type { Prompt, Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { hubToolHost } from '../../agent/hub-tools.js';
import type { AgentCallOptions, AgentTool, AgentToolHost, AgentToolResult } from '../../agent/types.js';
import type { McpConnection } from '../../mcp/connection.js';
import { McpHub } from '../../mcp/hub.js';
import { connectionConfig, type ChatServerConfig } from './auth.js';

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
  addEventListener<K extends keyof ServerSetEventMap>(type: K, listener: (event: ServerSetEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ServerSetEventMap>(type: K, listener: (event: ServerSetEventMap[K]) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/**
 * The servers of one chat: an `McpHub` (one connection per server, one
 * shared input router, one merged tool catalog) kept in line with the
 * element's `server` / `servers`, plus the catalogs the palette and the
 * resource browser read. It is the agent's {@link AgentToolHost}.
 */
export class ServerSet extends EventTarget implements AgentToolHost {
  readonly hub = new McpHub();
  readonly #tools = hubToolHost(this.hub);
  /** The last name each server (by URL) gave itself, kept while it reconnects. */
  readonly #names = new Map<string, string>();

  constructor() {
    super();
    this.hub.addEventListener('mcp-hub-change', () => {
      for (const c of this.hub.connections) this.nameOf(c);
      this.dispatchEvent(new Event('change'));
    });
  }

  get router() {
    return this.hub.router;
  }

  get connections(): readonly McpConnection[] {
    return this.hub.connections;
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
    const configs = servers.map((s) => (typeof s === 'string' ? { url: s } : s));
    const kept = new Set<McpConnection>();
    for (const config of configs) {
      const existing = this.hub.connections.find((c) => c.url === config.url && !kept.has(c));
      if (existing) {
        kept.add(existing);
        continue;
      }
      const connection = this.hub.add(connectionConfig(config));
      kept.add(connection);
      connection.connect().catch(() => {
        // The state (failed, auth-required) and its diagnosis stay on the connection.
      });
    }
    for (const old of [...this.hub.connections]) if (!kept.has(old)) void this.hub.remove(old);
  }

  /** Closes every connection; the set stays usable (`setServers` opens them again). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.hub.connections].map((c) => this.hub.remove(c)));
  }

  /** Resolves once a connected server offers the tool; rejects after `timeoutMs`. */
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

  listTools(): AgentTool[] {
    return this.#tools.listTools() as AgentTool[];
  }

  /** One tool by its model-facing name, with its server connection. */
  getTool(name: string): (AgentTool & { connection: McpConnection }) | undefined {
    const found = this.hub.findTool(name);
    const tool = this.#tools.findTool(name);
    return found && tool ? { ...tool, connection: found.connection } : undefined;
  }

  listInstructions(): Array<{ server: string; instructions: string }> {
    return [...(this.#tools.listInstructions?.() ?? [])];
  }

  callTool(name: string, args: Record<string, unknown>, options: AgentCallOptions): Promise<AgentToolResult> {
    return this.#tools.callTool(name, args, options);
  }

  /** Prompts of every connected server. */
  listPrompts(): Array<{ prompt: Prompt; connection: McpConnection }> {
    return this.connections.filter((c) => c.state === 'connected').flatMap((connection) => connection.prompts.map((prompt) => ({ prompt, connection })));
  }

  /** Resources and templates of every connected server, per server. */
  listResources(): Array<{ connection: McpConnection; resources: Resource[]; templates: ResourceTemplate[] }> {
    return this.connections
      .filter((c) => c.state === 'connected')
      .map((connection) => ({ connection, resources: connection.resources, templates: connection.resourceTemplates }));
  }
}
