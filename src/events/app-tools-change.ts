import type { Tool } from '@modelcontextprotocol/client';

/**
 * The tools an MCP App view offers changed: the app declared
 * `appCapabilities.tools` (ext-apps 1.7+ `App.registerTool`) and the host
 * listed them once it started, listed them again at the app's
 * `notifications/tools/list_changed`, or the view closed (none then).
 * `<mcp-chat>` offers a live view's tools to the model beside the servers'.
 * Call them with `<mcp-app-view>`'s `callAppTool()`.
 */
export class McpAppToolsChangeEvent extends Event {
  static readonly eventName = 'mcp-app-tools-change' as const;
  /** The app's tools now (checked: well-formed names and schemas, at most 32). */
  readonly tools: readonly Tool[];
  /** The tool whose view offers them. */
  readonly toolName: string;
  constructor(tools: readonly Tool[], toolName: string) {
    super(McpAppToolsChangeEvent.eventName, { bubbles: true, composed: true });
    this.tools = tools;
    this.toolName = toolName;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-app-tools-change': McpAppToolsChangeEvent;
  }
}
