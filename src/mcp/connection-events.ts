import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import type { McpConnectionError } from './errors.js';

/** The states of a {@link McpConnection}. */
export const McpConnectionState = {
  /** Created; `connect()` not called yet. */
  Idle: 'idle',
  Connecting: 'connecting',
  Connected: 'connected',
  /** The network dropped; retrying with backoff. */
  Reconnecting: 'reconnecting',
  /** The server needs sign-in (at connect, or a 401 mid-session): `signIn()` from a click, or `finishAuth(...)` after your own redirect. */
  AuthRequired: 'auth-required',
  /** Connecting failed (see `error`); `connect()` tries again. */
  Failed: 'failed',
  /** `close()` was called. */
  Closed: 'closed',
} as const;
/** One of {@link McpConnectionState}. */
export type McpConnectionState = (typeof McpConnectionState)[keyof typeof McpConnectionState];

/** The catalogs a connection keeps. */
export type McpCatalogKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

/** Fired by a connection when its state changes. Not composed: it is dispatched on the connection object. */
export class McpConnectionChangeEvent extends Event {
  static readonly eventName = 'mcp-connection-change';
  constructor(
    readonly state: McpConnectionState,
    readonly previous: McpConnectionState,
    /** Set when the new state is `failed`, `auth-required` or `reconnecting`. */
    readonly error?: McpConnectionError,
  ) {
    super(McpConnectionChangeEvent.eventName);
  }
}

/** Fired when a catalog was (re)loaded, e.g. after `notifications/tools/list_changed`. */
export class McpCatalogChangeEvent extends Event {
  static readonly eventName = 'mcp-catalog-change';
  constructor(readonly catalog: McpCatalogKind) {
    super(McpCatalogChangeEvent.eventName);
  }
}

/** Fired on `notifications/resources/updated` for a subscribed resource. */
export class McpResourceUpdateEvent extends Event {
  static readonly eventName = 'mcp-resource-update';
  constructor(readonly uri: string) {
    super(McpResourceUpdateEvent.eventName);
  }
}

/**
 * Fired for each log message the server sends (`notifications/message`),
 * those of one animation frame together, after it; when a server sends more
 * than `MAX_LOGS_PER_FRAME` in a frame the oldest are left out and one
 * `warning` from logger `mcp-elements` says how many.
 */
export class McpLogMessageEvent extends Event {
  static readonly eventName = 'mcp-log-message';
  constructor(readonly message: LoggingMessageNotificationParams) {
    super(McpLogMessageEvent.eventName);
  }
}

/** The events of a {@link McpConnection}, for typed `addEventListener`. */
export interface McpConnectionEventMap {
  'mcp-connection-change': McpConnectionChangeEvent;
  'mcp-catalog-change': McpCatalogChangeEvent;
  'mcp-resource-update': McpResourceUpdateEvent;
  'mcp-log-message': McpLogMessageEvent;
}
