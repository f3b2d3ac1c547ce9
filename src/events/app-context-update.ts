import type { McpUiUpdateModelContextRequest } from '@modelcontextprotocol/ext-apps/app-bridge';

/** The context an MCP App wants the model to see from now on (`ui/update-model-context` params). */
export type McpAppContext = McpUiUpdateModelContextRequest['params'];

/**
 * An MCP App view replaced its model context (`ui/update-model-context`). The
 * latest one per view is also kept on the element (`modelContext`);
 * `<mcp-chat>` sends it with the next model turn.
 */
export class McpAppContextUpdateEvent extends Event {
  static readonly eventName = 'mcp-app-context-update' as const;
  /** The new context (content blocks and/or structured content). */
  readonly context: McpAppContext;
  /** The tool whose view sent it. */
  readonly toolName: string;
  constructor(context: McpAppContext, toolName: string) {
    super(McpAppContextUpdateEvent.eventName, { bubbles: true, composed: true });
    this.context = context;
    this.toolName = toolName;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-app-context-update': McpAppContextUpdateEvent;
  }
}
