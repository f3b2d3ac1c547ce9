// The export file of one conversation: its layout and how it is written.
// No zod here: the stores load the import's validation (export-format.ts)
// only when a file is imported, so opening the history does not load zod.
import type { ActivityRecord, Conversation, StoredMessage } from './types.js';

/** The `format` tag of an export file. */
export const EXPORT_FORMAT = 'mcp-elements/conversation';
/** The version of the export file layout. */
export const EXPORT_VERSION = 1;

/** An exported conversation: what `exportConversation` writes and `importConversation` reads. */
export interface HistoryExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** ISO date of the export. */
  exportedAt: string;
  conversation: Conversation;
  /** In seq order. */
  messages: StoredMessage[];
  activity: ActivityRecord[];
}

/** Builds the export of a conversation. */
export function buildExport(conversation: Conversation, messages: StoredMessage[], activity: ActivityRecord[]): HistoryExport {
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), conversation, messages, activity };
}
