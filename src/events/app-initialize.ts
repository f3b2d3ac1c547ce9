/**
 * An MCP App view finished its handshake (`ui/notifications/initialized`): the
 * app is running and has been sent what the host knows (tool input, result).
 */
export class McpAppInitializeEvent extends Event {
  static readonly eventName = 'mcp-app-initialize' as const;
  /** The app's own name and version (`appInfo`), as it claims them. */
  readonly appInfo?: { name: string; version: string };
  constructor(appInfo?: { name: string; version: string }) {
    super(McpAppInitializeEvent.eventName, { bubbles: true, composed: true });
    this.appInfo = appInfo;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-app-initialize': McpAppInitializeEvent;
  }
}
