import type { ToolResultBlock, ToolUseBlock } from '../content/index.js';

/**
 * A tool call finished in `<mcp-chat>` (run by the model or by the person
 * from the "/" palette), with its result exactly as the server returned it.
 */
export class McpToolCallEvent extends Event {
  static readonly eventName = 'mcp-tool-call' as const;
  /** The call. */
  readonly toolUse: ToolUseBlock;
  /** Its result (`isError` for failures, refusals and stops). */
  readonly result: ToolResultBlock;
  /** The server that ran it, when one did. */
  readonly server?: string;
  /** How it ended. */
  readonly status: 'done' | 'error' | 'cancelled' | 'denied';
  constructor(toolUse: ToolUseBlock, result: ToolResultBlock, status: McpToolCallEvent['status'], server?: string) {
    super(McpToolCallEvent.eventName, { bubbles: true, composed: true });
    this.toolUse = toolUse;
    this.result = result;
    this.status = status;
    this.server = server;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-tool-call': McpToolCallEvent;
  }
}
