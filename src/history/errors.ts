/** Why a history operation failed; the UI can switch on it. Compare `error.kind`. */
export const HistoryErrorKind = {
  /** The browser's storage quota is used up; nothing of this write was stored. */
  QuotaExceeded: 'quota-exceeded',
  /** Another tab holds an older version of the database open; close it and retry. */
  UpgradeBlocked: 'upgrade-blocked',
  /** IndexedDB cannot be used here (private mode, disabled storage, sandboxed frame). */
  Unavailable: 'unavailable',
  /** Another tab upgraded or deleted the database, or `close()` was called; reload to continue. */
  Closed: 'closed',
  /** Messages break the MCP shape or the tool_use / tool_result pairing; nothing was written. */
  InvalidMessages: 'invalid-messages',
  /** An import file is not a valid export; nothing was written. */
  InvalidImport: 'invalid-import',
  /** No conversation has that id. */
  NotFound: 'not-found',
  /** Anything else the browser reported. */
  Failed: 'failed',
} as const;
/** One of {@link HistoryErrorKind}. */
export type HistoryErrorKind = (typeof HistoryErrorKind)[keyof typeof HistoryErrorKind];

/**
 * The one error the history throws. Compare by `kind` (or `instanceof`),
 * never by class name. `message` is written to be shown to a person.
 */
export class HistoryError extends Error {
  override name = 'HistoryError';
  readonly kind: HistoryErrorKind;
  constructor(kind: HistoryErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/**
 * Maps whatever IndexedDB threw to a {@link HistoryError}; a HistoryError passes through.
 * `QuotaExceededError` -> 'quota-exceeded'; `InvalidStateError` on a closing
 * connection -> 'closed'; `SecurityError` -> 'unavailable'.
 */
export function toHistoryError(error: unknown, doing: string): HistoryError {
  if (error instanceof HistoryError) return error;
  const name = error instanceof Error || isDomException(error) ? (error as { name: string }).name : '';
  const detail = error instanceof Error || isDomException(error) ? (error as { message: string }).message : String(error);
  switch (name) {
    case 'QuotaExceededError':
      return new HistoryError('quota-exceeded', `Storage is full: ${doing} was not saved. Free some space or delete old conversations.`, {
        cause: error,
      });
    case 'SecurityError':
      return new HistoryError('unavailable', `This browser does not allow saving conversations here (${detail}).`, { cause: error });
    case 'InvalidStateError':
      return new HistoryError(
        'closed',
        `The conversation store was closed (another tab may have upgraded it); reload the page. ${doing} failed.`,
        { cause: error },
      );
    default:
      return new HistoryError('failed', `${doing} failed: ${detail}`, { cause: error });
  }
}

function isDomException(value: unknown): boolean {
  return typeof DOMException !== 'undefined' && value instanceof DOMException;
}
