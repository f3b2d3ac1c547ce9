import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';

/**
 * What a handler of a server-to-client input request (sampling, elicitation,
 * roots) learns about where the request came from. The same context is given
 * whatever the protocol era: a 2025-11-25 server pushes the request, a
 * 2026-07-28 server returns `input_required`; the router hides the difference.
 */
export interface InputRequestContext {
  /** The server that asks, as it named itself (serverInfo) and as the page configured it. */
  server: {
    /** This page's id of the connection (`mcp-1`, …): it changes with the order servers connect in; never store it. */
    id: string;
    name: string;
    title?: string;
    version?: string;
    /** Its endpoint; store decisions about this server under `serverKey(url)`. */
    url: string;
  };
  /** The negotiated protocol era of that connection. */
  era: 'legacy' | 'modern';
  /**
   * The tool call during which the server asked, when the client knows it
   * (the chat passes the tool_use id with each call).
   */
  toolCall?: { name: string; toolUseId?: string; arguments?: Record<string, unknown> };
  /**
   * Aborted when the request no longer needs an answer: the server cancelled
   * it, the connection closed, the explicit wait limit passed, or the person
   * stopped the tool call. A handler should then take its UI down.
   */
  signal: AbortSignal;
  /**
   * URL-mode elicitation on a 2025 server: resolves when the server sends
   * `notifications/elicitation/complete` for this request's elicitationId.
   * Absent for other requests and on 2026 servers (where only the person can
   * say they are done).
   */
  completed?: Promise<void>;
}

/** Answers a `sampling/createMessage` request. Throw to send the server a JSON-RPC error. */
export type SamplingHandler = (params: CreateMessageRequestParams, context: InputRequestContext) => Promise<CreateMessageResult>;

/** Answers an `elicitation/create` request (form or URL mode). */
export type ElicitationHandler = (params: ElicitRequestParams, context: InputRequestContext) => Promise<ElicitResult>;

/** A root the client exposes to servers (`roots/list`). */
export interface Root {
  uri: string;
  name?: string;
  _meta?: Record<string, unknown>;
}

/** Answers `roots/list`. */
export type RootsHandler = (context: InputRequestContext) => Promise<Root[]> | Root[];

/** The handlers the router dispatches to, by request kind. */
export interface InputHandlers {
  sampling: SamplingHandler;
  elicitation: ElicitationHandler;
  roots: RootsHandler;
}

/** One of the kinds of server-to-client request. */
export type InputKind = keyof InputHandlers;

/**
 * The JSON-RPC error code the server gets for an input request that failed
 * with `error`: its own numeric `code` (a `ProtocolError`, an
 * `InputRequestError`), else -32603 (internal error).
 */
export function jsonRpcCodeOf(error: unknown): number {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'number' ? code : -32603;
}
