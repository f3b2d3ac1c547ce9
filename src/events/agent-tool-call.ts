import type { PublishedToolCall } from '../page-tools/web-mcp-publish.js';

/**
 * A browser agent called a tool `<mcp-chat publish-tools>` offered through
 * WebMCP: fired at the call's start (`call.status` `running`) and at its end
 * (`done`, `error`, `cancelled`, with `call.result`). The chat shows it as a
 * card ("A browser agent ran Forecast"); it is not saved with the
 * conversation, so a page that wants to keep it listens here.
 */
export class McpAgentToolCallEvent extends Event {
  static readonly eventName = 'mcp-agent-tool-call' as const;
  /** The call (`id` is the same at its start and end). */
  readonly call: PublishedToolCall;
  constructor(call: PublishedToolCall) {
    super(McpAgentToolCallEvent.eventName, { bubbles: true, composed: true });
    this.call = call;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-agent-tool-call': McpAgentToolCallEvent;
  }
}
