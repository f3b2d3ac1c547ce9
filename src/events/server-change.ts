import type { McpConnectionState } from '../mcp/connection-events.js';

/**
 * A server of `<mcp-chat>` changed state (connecting, connected, reconnecting,
 * auth-required, failed, closed). Composed and bubbling. (An `McpConnection`
 * dispatches `mcp-connection-change`, an `McpConnectionChangeEvent`, on itself.)
 */
export class McpServerChangeEvent extends Event {
  static readonly eventName = 'mcp-server-change' as const;
  /** The server's endpoint. */
  readonly url: string;
  /** Its name. */
  readonly name: string;
  /** The new state. */
  readonly state: McpConnectionState;
  /** The negotiated era when connected. */
  readonly era?: 'legacy' | 'modern';
  /** What went wrong, in words a person can act on (failed, auth-required, reconnecting). */
  readonly diagnosis?: string;
  constructor(init: { url: string; name: string; state: McpConnectionState; era?: 'legacy' | 'modern'; diagnosis?: string }) {
    super(McpServerChangeEvent.eventName, { bubbles: true, composed: true });
    this.url = init.url;
    this.name = init.name;
    this.state = init.state;
    this.era = init.era;
    this.diagnosis = init.diagnosis;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-server-change': McpServerChangeEvent;
  }
}
