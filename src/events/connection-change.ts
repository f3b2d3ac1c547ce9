/**
 * A server of `<mcp-chat>` changed state (connecting, connected, reconnecting,
 * auth-required, failed, closed). Composed and bubbling, unlike the event of
 * the same name that an `McpConnection` dispatches on itself.
 */
export class McpChatConnectionChangeEvent extends Event {
  static readonly eventName = 'mcp-connection-change' as const;
  /** The server's endpoint. */
  readonly url: string;
  /** Its name. */
  readonly name: string;
  /** The new state. */
  readonly state: string;
  /** The negotiated era when connected. */
  readonly era?: 'legacy' | 'modern';
  /** What went wrong, in words a person can act on (failed, auth-required, reconnecting). */
  readonly diagnosis?: string;
  constructor(init: { url: string; name: string; state: string; era?: 'legacy' | 'modern'; diagnosis?: string }) {
    super(McpChatConnectionChangeEvent.eventName, { bubbles: true, composed: true });
    this.url = init.url;
    this.name = init.name;
    this.state = init.state;
    this.era = init.era;
    this.diagnosis = init.diagnosis;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-connection-change': McpChatConnectionChangeEvent;
  }
}
