/** Why a history operation failed; the UI can switch on it. */
export const HISTORY_ERROR_CODES = [
  /** The browser's storage quota is used up; nothing of this write was stored. */
  'quota-exceeded',
  /** Another tab holds an older version of the database open; close it and retry. */
  'upgrade-blocked',
  /** IndexedDB cannot be used here (private mode, disabled storage, sandboxed frame). */
  'unavailable',
  /** Another tab upgraded or deleted the database, or `close()` was called; reload to continue. */
  'closed',
  /** Messages break the MCP shape or the tool_use / tool_result pairing; nothing was written. */
  'invalid-messages',
  /** An import file is not a valid export; nothing was written. */
  'invalid-import',
  /** No conversation has that id. */
  'not-found',
  /** Anything else the browser reported. */
  'failed',
] as const;

/** One of {@link HISTORY_ERROR_CODES}. */
export type HistoryErrorCode = (typeof HISTORY_ERROR_CODES)[number];

/**
 * The one error the history throws. Compare by `code` (or `instanceof`),
 * never by class name. `message` is written to be shown to a person.
 */
export class HistoryError extends Error {
  override name = 'HistoryError';
  readonly code: HistoryErrorCode;
  constructor(code: HistoryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
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
      return new HistoryError('quota-exceeded', `Storage is full: ${doing} was not saved. Free some space or delete old conversations.`, { cause: error });
    case 'SecurityError':
      return new HistoryError('unavailable', `This browser does not allow saving conversations here (${detail}).`, { cause: error });
    case 'InvalidStateError':
      return new HistoryError('closed', `The conversation store was closed (another tab may have upgraded it); reload the page. ${doing} failed.`, { cause: error });
    default:
      return new HistoryError('failed', `${doing} failed: ${detail}`, { cause: error });
  }
}

function isDomException(value: unknown): boolean {
  return typeof DOMException !== 'undefined' && value instanceof DOMException;
}
