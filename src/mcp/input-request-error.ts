// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';

/** Why the router ended an input request without a handler's answer. */
export const InputRequestErrorReason = {
  /** No handler is registered for that kind of request. */
  NoHandler: 'no-handler',
  /** The explicit wait limit passed before anyone answered. */
  WaitLimit: 'wait-limit',
  /** The person, the server, the stopped tool call or the closed connection ended it. */
  Cancelled: 'cancelled',
} as const;
/** One of {@link InputRequestErrorReason}. */
export type InputRequestErrorReason = (typeof InputRequestErrorReason)[keyof typeof InputRequestErrorReason];

/**
 * An input request (sampling, elicitation, roots) that ended without an
 * answer. It is a `ProtocolError`, so when it escapes a request handler the
 * server receives a JSON-RPC error with this message: `-32601` when no
 * handler is registered, `-32603` otherwise. Compare with `.reason`.
 */
export class InputRequestError extends ProtocolError {
  readonly reason: InputRequestErrorReason;

  constructor(reason: InputRequestErrorReason, message: string, cause?: unknown) {
    super(reason === InputRequestErrorReason.NoHandler ? ProtocolErrorCode.MethodNotFound : ProtocolErrorCode.InternalError, message);
    this.reason = reason;
    if (cause !== undefined) this.cause = cause;
    this.name = 'InputRequestError';
  }
}
