/** The person pressed Stop on a running tool call (`<mcp-tool-card>`). */
export class McpToolStopEvent extends Event {
  static readonly eventName = 'mcp-tool-stop' as const;
  /** The `tool_use` id of the call to cancel. */
  readonly toolUseId: string;
  constructor(toolUseId: string) {
    super(McpToolStopEvent.eventName, { bubbles: true, composed: true });
    this.toolUseId = toolUseId;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-tool-stop': McpToolStopEvent;
  }
}
