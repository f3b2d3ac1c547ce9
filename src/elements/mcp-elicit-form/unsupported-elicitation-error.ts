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
