import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TraceDocument } from '../../../mcp/trace.js';
import type { ServerSet } from './server-set.js';
import type { McpMessageSendEvent } from '../../../events/message-send.js';
import type { McpTurnEndEvent } from '../../../events/turn-end.js';
import type { McpToolCallEvent } from '../../../events/tool-call.js';
import type { McpToolApproveEvent } from '../../../events/tool-approve.js';
import type { McpChatErrorEvent } from '../../../events/chat-error.js';
import type { McpAgentToolCallEvent } from '../../../events/agent-tool-call.js';

/** What the trace feature needs from the element. */
export interface ChatTraceHost extends ReactiveControllerHost {
  readonly servers: ServerSet;
  addEventListener(type: string, listener: EventListener): void;
  removeEventListener(type: string, listener: EventListener): void;
  /** Values that must never be in an exported trace (the model's API key), read when exporting. */
  traceSecrets(): string[];
}

/** The chat's own events recorded in the trace, each as a small summary (the servers' messages are recorded by the connections). */
const RECORDED: Record<string, (event: Event) => { type: string; data: unknown; server?: string }> = {
  'mcp-message-send': (e) => ({ type: 'person-message', data: { content: (e as McpMessageSendEvent).message.content } }),
  'mcp-turn-end': (e) => {
    const { reason, rounds, messages } = e as McpTurnEndEvent;
    return { type: 'turn-end', data: { reason, rounds, messages } };
  },
  'mcp-tool-call': (e) => {
    const { toolUse, result, status, server } = e as McpToolCallEvent;
    return { type: 'tool-call', data: { tool: toolUse.name, input: toolUse.input, status, isError: result.isError === true }, server };
  },
  'mcp-tool-approve': (e) => {
    const { toolUseId, approved, always } = e as McpToolApproveEvent;
    return { type: 'approval', data: { toolUseId, decision: approved ? 'allow' : 'deny', always } };
  },
  'mcp-chat-error': (e) => {
    const { source, message, error } = e as McpChatErrorEvent;
    return { type: 'error', data: { source, message, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } };
  },
  'mcp-agent-tool-call': (e) => {
    const { call } = e as McpAgentToolCallEvent;
    return {
      type: 'browser-agent-call',
      data: { id: call.id, tool: call.name, input: call.input, status: call.status, isError: call.result?.isError === true },
    };
  },
};

/**
 * The session trace of a chat (docs/trace.md): the connections record every
 * JSON-RPC message, HTTP status and timing (`McpHub.startTrace`, started by
 * the server set when its hub loads), and this adds what the chat itself did:
 * the person's messages, the model's answers per turn, tool calls, approvals,
 * errors, browser agents' calls. "Export trace" in the Servers panel and
 * `chat.exportTrace()` give it as one JSON document; the model's API key is
 * registered as a secret just before, so it is never in it.
 */
export class ChatTrace implements ReactiveController {
  readonly #host: ChatTraceHost;

  constructor(host: ChatTraceHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    for (const type of Object.keys(RECORDED)) this.#host.addEventListener(type, this.#record);
  }

  hostDisconnected(): void {
    for (const type of Object.keys(RECORDED)) this.#host.removeEventListener(type, this.#record);
  }

  #record = (event: Event): void => {
    const summary = RECORDED[event.type]?.(event);
    if (summary) this.#host.servers.traceEvent(summary.type, summary.data, summary.server);
  };

  /** The trace as one JSON document, or `undefined` when none is recorded (`no-trace`). */
  export(): TraceDocument | undefined {
    return this.#host.servers.exportTrace(this.#host.traceSecrets());
  }

  /** Saves the trace as a file (`mcp-trace-<time>.json`) the person can send to the site's owner; false when there is none. */
  download(): boolean {
    const document_ = this.export();
    if (!document_) return false;
    const blob = new Blob([JSON.stringify(document_, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `mcp-trace-${document_.exportedAt.replace(/[:.]/g, '-')}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    return true;
  }
}
