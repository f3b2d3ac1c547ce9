import type { ElicitResult } from '@modelcontextprotocol/client';

/**
 * Raised when an elicitation request cannot be shown as a form: the
 * `requestedSchema` holds something the spec does not allow (nested objects,
 * arrays of objects, `$ref`, unknown types). The server should receive an
 * error response carrying this message, not a made-up answer.
 */
export class UnsupportedElicitationError extends Error {
  /**
   * JSON-RPC Invalid params (-32602), what the SDK answers for requests it
   * finds invalid itself; the SDK sends a thrown error's numeric `code` as is.
   * Compare with this, not the class name (minified in bundles).
   */
  readonly code = -32602;
  /** One sentence per part of the request that cannot be rendered. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`The elicitation request cannot be shown as a form: ${problems.join(' ')}`);
    this.name = 'UnsupportedElicitationError';
    this.problems = problems;
  }
}

/**
 * Fired by `<mcp-elicit-form>` once per request, when the person answers:
 * `result` is the `ElicitResult` to send the server (`accept` with typed
 * `content`, `decline` or `cancel`; URL mode: `accept` when the person said
 * they were done or the server reported completion).
 *
 * When the request could not be rendered, `error` is set and `result` is
 * `{ action: 'cancel' }`; answer the server with the error instead.
 */
export class McpElicitResponseEvent extends Event {
  static readonly eventName = 'mcp-elicit-response' as const;
  /** The answer, exactly as an `elicitation/create` handler returns it. */
  readonly result: ElicitResult;
  /** Set when the request could not be rendered; the server should get this error. */
  readonly error?: UnsupportedElicitationError;

  constructor(result: ElicitResult, error?: UnsupportedElicitationError) {
    super(McpElicitResponseEvent.eventName, { bubbles: true, composed: true });
    this.result = result;
    this.error = error;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-elicit-response': McpElicitResponseEvent;
  }
}
