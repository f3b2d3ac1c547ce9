import type { McpUiMessageRequest } from '@modelcontextprotocol/ext-apps/app-bridge';

/** What an MCP App asked to add to the conversation (`ui/message` params: role and content blocks). */
export type McpAppMessageDetail = McpUiMessageRequest['params'];

/**
 * An MCP App view (`<mcp-app-view>`) asks to add a message to the conversation
 * (`ui/message`). `<mcp-chat>` appends it as the person's message and runs a
 * turn. Cancelable: `preventDefault()` refuses it, and the app gets an error.
 */
export class McpAppMessageEvent extends Event {
  static readonly eventName = 'mcp-app-message' as const;
  readonly detail: McpAppMessageDetail;
  /** The tool whose view asked. */
  readonly toolName: string;
  constructor(detail: McpAppMessageDetail, toolName: string) {
    super(McpAppMessageEvent.eventName, { bubbles: true, composed: true, cancelable: true });
    this.detail = detail;
    this.toolName = toolName;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-app-message': McpAppMessageEvent;
  }
}
