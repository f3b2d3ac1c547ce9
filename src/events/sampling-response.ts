import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';

/** What a person decided about one sampling request: the fields of {@link McpSamplingResponseEvent}. */
export interface McpSamplingResponseInit {
  /** The request as sent to the model, after the person's edits. */
  request: CreateMessageRequestParams;
  /** The answer sent to the server; absent when rejected. */
  result?: CreateMessageResult;
  /** Set when the server is sent an error instead (rejected by the person). */
  error?: { code: number; message: string };
  /** The id of the server that asked. */
  serverId: string;
  /** The tool_use id of the tool call that caused the request, when known. */
  toolUseId?: string;
}

/**
 * Fired by `<mcp-sampling-approval>` when the person sends an answer or
 * rejects a sampling request. Bubbles and crosses shadow roots.
 */
export class McpSamplingResponseEvent extends Event implements McpSamplingResponseInit {
  static readonly eventName = 'mcp-sampling-response' as const;
  /** The request as sent to the model, after the person's edits. */
  readonly request: CreateMessageRequestParams;
  /** The answer sent to the server; absent when rejected. */
  readonly result?: CreateMessageResult;
  /** Set when the server is sent an error instead (rejected by the person). */
  readonly error?: { code: number; message: string };
  /** The id of the server that asked. */
  readonly serverId: string;
  /** The tool_use id of the tool call that caused the request, when known. */
  readonly toolUseId?: string;
  constructor(init: McpSamplingResponseInit) {
    super(McpSamplingResponseEvent.eventName, { bubbles: true, composed: true });
    this.request = init.request;
    this.result = init.result;
    this.error = init.error;
    this.serverId = init.serverId;
    this.toolUseId = init.toolUseId;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-sampling-response': McpSamplingResponseEvent;
  }
}
