import type { CallToolResult, Tool } from '@modelcontextprotocol/client';

/** How an app's tool call ended. */
export type McpAppToolCallStatus = 'done' | 'error' | 'denied' | 'cancelled';

/**
 * An MCP App view (`<mcp-app-view>`) ran, or refused, a tool call its app
 * asked for (`tools/call` from the app to its own server). Fired once per
 * call, when it ends, so a host (e.g. a chat) can show it as a card: who
 * asked (`toolName`, the view's tool), what (`name`, `arguments`), and how it
 * ended (`status`, `result` or `error`). Not cancelable: approval happens
 * before the call (`approveToolCall` on the view).
 */
export class McpAppToolCallEvent extends Event {
  static readonly eventName = 'mcp-app-tool-call' as const;
  /** The tool whose view made the call. */
  readonly toolName: string;
  /** The tool the app called. */
  readonly name: string;
  /** Its `Tool` object, when the server lists it. */
  readonly tool?: Tool;
  /** The arguments the app gave. */
  readonly arguments: Record<string, unknown>;
  /** The server's name (`McpConnection.name`). */
  readonly server: string;
  /** `done` (the server answered, `result.isError` may still be true), `error` (no answer), `denied` (the person or the rules refused), `cancelled` (the app or the view stopped it). */
  readonly status: McpAppToolCallStatus;
  /** The server's result, when it answered. */
  readonly result?: CallToolResult;
  /** Why it failed or was refused, in words. */
  readonly error?: string;
  constructor(init: {
    toolName: string;
    name: string;
    tool?: Tool;
    arguments: Record<string, unknown>;
    server: string;
    status: McpAppToolCallStatus;
    result?: CallToolResult;
    error?: string;
  }) {
    super(McpAppToolCallEvent.eventName, { bubbles: true, composed: true });
    this.toolName = init.toolName;
    this.name = init.name;
    this.tool = init.tool;
    this.arguments = init.arguments;
    this.server = init.server;
    this.status = init.status;
    this.result = init.result;
    this.error = init.error;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-app-tool-call': McpAppToolCallEvent;
  }
}
