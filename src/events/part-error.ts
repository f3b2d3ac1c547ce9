/**
 * A part of an element that is loaded when first needed (the markdown parser,
 * say) could not be loaded (offline, a chunk missing beside the bundle). Fired
 * by the element that needed it; `<mcp-chat>` around it says so once above the
 * composer. The element keeps working without the part (markdown is shown as
 * plain text).
 */
export class McpPartErrorEvent extends Event {
  static readonly eventName = 'mcp-part-error' as const;
  /** What failed; `message` is written for a person and says what to do. */
  readonly error: Error;
  constructor(error: Error) {
    super(McpPartErrorEvent.eventName, { bubbles: true, composed: true });
    this.error = error;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-part-error': McpPartErrorEvent;
  }
}
