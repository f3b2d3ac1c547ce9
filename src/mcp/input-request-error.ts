// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';

/** Why the router ended an input request without a handler's answer. */
export const InputRequestErrorKind = {
  /** No handler is registered for that kind of request. */
  NoHandler: 'no-handler',
  /** The explicit wait limit passed before anyone answered. */
  WaitLimit: 'wait-limit',
  /** The person, the server, the stopped tool call or the closed connection ended it. */
  Cancelled: 'cancelled',
} as const;
/** One of {@link InputRequestErrorKind}. */
export type InputRequestErrorKind = (typeof InputRequestErrorKind)[keyof typeof InputRequestErrorKind];

/**
 * An input request (sampling, elicitation, roots) that ended without an
 * answer. It is a `ProtocolError`, so when it escapes a request handler the
 * server receives a JSON-RPC error with this message: `-32601` when no
 * handler is registered, `-32603` otherwise (`code`). Compare with `.kind`.
 */
export class InputRequestError extends ProtocolError {
  readonly kind: InputRequestErrorKind;

  constructor(kind: InputRequestErrorKind, message: string, cause?: unknown) {
    super(kind === InputRequestErrorKind.NoHandler ? ProtocolErrorCode.MethodNotFound : ProtocolErrorCode.InternalError, message);
    this.kind = kind;
    if (cause !== undefined) this.cause = cause;
    this.name = 'InputRequestError';
  }
}
