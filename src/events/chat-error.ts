/**
 * Something failed in `<mcp-chat>` that the person is told about: the model
 * provider, the history store, reading a resource, an import. `message` is
 * the text shown to the person; `error` the original error.
 */
export class McpChatErrorEvent extends Event {
  static readonly eventName = 'mcp-chat-error' as const;
  /** Where it failed. */
  readonly source: 'provider' | 'history' | 'server' | 'import' | 'tool';
  /** What the person was told. */
  readonly message: string;
  /** The underlying error. */
  readonly error: unknown;
  constructor(source: McpChatErrorEvent['source'], message: string, error: unknown) {
    super(McpChatErrorEvent.eventName, { bubbles: true, composed: true });
    this.source = source;
    this.message = message;
    this.error = error;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-chat-error': McpChatErrorEvent;
  }
}
