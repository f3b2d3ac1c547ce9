import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatStrings } from '../strings.js';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../../mcp/connection.js';
import type { McpLogMessageEvent } from '../../../mcp/connection-events.js';
import { errorInWords } from '../error-words.js';
import type { ServerSet } from './server-set.js';
import type { ChatErrorSource } from '../contract.js';

/** What the server logs need from their element. */
export interface ServerLogsHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly servers: ServerSet;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/** The MCP log levels, least severe first (RFC 5424 severities). */
export const LOG_LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** One log message a server sent (`notifications/message`), as received: everything in it is untrusted. */
export interface ServerLogEntry {
  /** Counts up per chat (a stable key). */
  id: number;
  /** When it arrived (ms since the epoch). */
  at: number;
  level: LoggingLevel;
  logger?: string;
  /** Any JSON value. */
  data: unknown;
}

/** How many messages are kept per server (the oldest go first). */
export const MAX_LOG_ENTRIES = 200;

const severity = (level: string): number => {
  const i = LOG_LEVELS.indexOf(level as LoggingLevel);
  return i < 0 ? 0 : i;
};

/**
 * The log messages of each server (`notifications/message`), newest last, at
 * most {@link MAX_LOG_ENTRIES} per server, kept by server address for this
 * page; and the level the person picked per server: it filters what is
 * shown, and is sent to the server (`logging/setLevel`; on 2026 servers with
 * each request) when the server declares the `logging` capability.
 */
export class ServerLogs implements ReactiveController {
  readonly #host: ServerLogsHost;
  readonly #entries = new Map<string, ServerLogEntry[]>();
  readonly #levels = new Map<string, LoggingLevel>();
  readonly #listening = new WeakSet<McpConnection>();
  #id = 0;

  constructor(host: ServerLogsHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.servers.addEventListener('change', this.#listen);
    this.#listen();
  }

  hostDisconnected(): void {
    this.#host.servers.removeEventListener('change', this.#listen);
  }

  /** Listens to every connection once. */
  #listen = (): void => {
    for (const connection of this.#host.servers.connections) {
      if (this.#listening.has(connection)) continue;
      this.#listening.add(connection);
      connection.addEventListener('mcp-log-message', (event: McpLogMessageEvent) => this.#received(connection, event));
    }
  };

  #received(connection: McpConnection, event: McpLogMessageEvent): void {
    const { level, logger, data } = event.message;
    const list = this.#entries.get(connection.url) ?? [];
    list.push({
      id: ++this.#id,
      at: Date.now(),
      level: LOG_LEVELS.includes(level) ? level : 'info',
      logger: typeof logger === 'string' ? logger : undefined,
      data,
    });
    if (list.length > MAX_LOG_ENTRIES) list.splice(0, list.length - MAX_LOG_ENTRIES);
    this.#entries.set(connection.url, list);
    this.#host.requestUpdate();
  }

  /** The level picked for a server; none until the person picks one (the server decides what it sends). */
  levelOf(connection: McpConnection): LoggingLevel | undefined {
    return this.#levels.get(connection.url);
  }

  /** All messages kept for a server, newest last. */
  all(connection: McpConnection): readonly ServerLogEntry[] {
    return this.#entries.get(connection.url) ?? [];
  }

  /** The messages at or above the picked level, newest last. */
  shown(connection: McpConnection): readonly ServerLogEntry[] {
    const level = this.levelOf(connection);
    if (!level) return this.all(connection);
    const least = severity(level);
    return this.all(connection).filter((e) => severity(e.level) >= least);
  }

  /** Whether the server declares the `logging` capability (then the level is sent to it). */
  canSetLevel(connection: McpConnection): boolean {
    return connection.state === 'connected' && Boolean(connection.capabilities?.logging);
  }

  /** The person picked a level: it filters what is shown, and the server is asked to send only that and above. */
  async setLevel(connection: McpConnection, level: LoggingLevel): Promise<void> {
    if (!LOG_LEVELS.includes(level)) return;
    this.#levels.set(connection.url, level);
    this.#host.requestUpdate();
    if (!this.canSetLevel(connection)) return;
    try {
      await connection.setLoggingLevel(level);
    } catch (error) {
      this.#host.reportError(
        'server',
        this.#host.text.logLevelRefused(connection.name, level, errorInWords(error, this.#host.text)),
        error,
      );
    }
  }

  /** Forgets a server's messages (the Clear button). */
  clear(connection: McpConnection): void {
    this.#entries.delete(connection.url);
    this.#host.requestUpdate();
  }
}
