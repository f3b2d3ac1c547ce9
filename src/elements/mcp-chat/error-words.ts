import { ToolPairingError } from '../../content/invariant.js';
import { HistoryError } from '../../history/errors.js';
import type { McpDiagnosis } from '../../mcp/diagnosis.js';
import { CHAT_STRINGS_EN, type ChatStrings } from './strings.js';

/**
 * Why a server cannot be used, in the chat's language: the connection
 * layer's diagnosis (kind and values) through the strings table's
 * `diagnosis`, else (no diagnosis, or no table) the error's own message.
 */
export function diagnosisText(
  error: { message: string; diagnosis?: McpDiagnosis },
  text?: { diagnosis: (d: McpDiagnosis, english: string) => string },
): string {
  return error.diagnosis && text ? text.diagnosis(error.diagnosis, error.message) : error.message;
}

/**
 * An error (a provider's, a tool's, the store's) in words for the person:
 * what happened and, where there is one, what to do. Store errors are told
 * by their code (the table's `storeError`), never by the store's internal
 * sentence (no "message 0 must be …", no "Saving messages was not saved").
 */
export function errorInWords(error: unknown, t: Pick<ChatStrings, 'storeError'> = CHAT_STRINGS_EN): string {
  if (error instanceof HistoryError) {
    if (error.kind === 'invalid-messages' && error.cause instanceof ToolPairingError) return t.storeError('pairing', '');
    const cause =
      error.kind === 'invalid-messages' || error.kind === 'invalid-import' || !(error.cause instanceof Error)
        ? error.message
        : error.cause.message;
    return t.storeError(error.kind, cause);
  }
  if (error instanceof ToolPairingError) return t.storeError('pairing', '');
  if (error instanceof Error) return error.message;
  return String(error);
}
