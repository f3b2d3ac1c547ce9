import { ToolPairingError } from '../../content/invariant.js';
import { HistoryError } from '../../history/errors.js';
import type { McpDiagnosis } from '../../mcp/diagnosis.js';

/**
 * Why a server cannot be used, in the chat's language: the connection
 * layer's diagnosis (kind and values) through the strings table's
 * `diagnosis`, else (no diagnosis, or no table) the error's own message.
 */
export function diagnosisText(error: { message: string; diagnosis?: McpDiagnosis }, text?: { diagnosis: (d: McpDiagnosis, english: string) => string }): string {
  return error.diagnosis && text ? text.diagnosis(error.diagnosis, error.message) : error.message;
}

/**
 * An error (a provider's, a tool's, the store's) in words for the person:
 * what happened and, where there is one, what to do. Store errors are told
 * by their code, never by the store's internal sentence (no "message 0 must
 * be …", no "Saving messages was not saved").
 */
export function errorInWords(error: unknown): string {
  if (error instanceof HistoryError) return historyErrorInWords(error);
  if (error instanceof ToolPairingError) return PAIRING_WORDS;
  if (error instanceof Error) return error.message;
  return String(error);
}

const PAIRING_WORDS = 'the last tool call of this conversation has no saved result, so the store refused what followed. Start a new conversation (New) to keep saving.';

function historyErrorInWords(error: HistoryError): string {
  switch (error.kind) {
    case 'quota-exceeded':
      return "the browser's storage for this site is full. Delete old conversations (Conversations panel) or free some space, then try again.";
    case 'invalid-messages':
      return error.cause instanceof ToolPairingError ? PAIRING_WORDS : `the store refused it (${error.message}).`;
    case 'closed':
      return 'the conversation store was closed, perhaps by another tab that updated it. Reload the page to keep saving.';
    case 'unavailable':
      return 'this browser does not allow saving here (private window or storage turned off); the conversation is kept only until the page is left.';
    case 'upgrade-blocked':
      return 'another tab holds an older version of the conversation store open. Close the other tabs of this site and reload.';
    case 'not-found':
      return 'that conversation no longer exists (it may have been deleted in another tab).';
    case 'invalid-import':
      // The store's sentence names the first problem in the file and says nothing was imported.
      return error.message;
    default: {
      const cause = error.cause instanceof Error ? error.cause.message : error.message;
      return `the browser's storage reported an error (${cause}). Try again; if it keeps failing, reload the page.`;
    }
  }
}
