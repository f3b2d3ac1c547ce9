import type { ElicitResult } from '@modelcontextprotocol/client';
import type { UnsupportedElicitationError } from '../elements/mcp-elicit-form/unsupported-elicitation-error.js';

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
