import type { McpUiMessageRequest } from '@modelcontextprotocol/ext-apps/app-bridge';

/** What an MCP App asked to add to the conversation (`ui/message` params: role and content blocks). */
export type McpAppMessage = McpUiMessageRequest['params'];

/**
 * An MCP App view (`<mcp-app-view>`) asks to add a message to the conversation
 * (`ui/message`). `<mcp-chat>` appends it as the person's message and runs a
 * turn. Cancelable: `preventDefault()` refuses it, and the app gets an error.
 */
export class McpAppMessageEvent extends Event {
  static readonly eventName = 'mcp-app-message' as const;
  /** The message the app asks to add: its role and content blocks. */
  readonly message: McpAppMessage;
  /** The tool whose view asked. */
  readonly toolName: string;
  constructor(message: McpAppMessage, toolName: string) {
    super(McpAppMessageEvent.eventName, { bubbles: true, composed: true, cancelable: true });
    this.message = message;
    this.toolName = toolName;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-app-message': McpAppMessageEvent;
  }
}
