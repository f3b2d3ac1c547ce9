// `mcp-web-elements/history`: conversation history: conversations, MCP
// messages stored exactly as given, and the activity log of tool calls, in
// IndexedDB or in memory. Public API: see docs/api.md.
export { openHistory } from './idb-store.js';
export type { OpenHistoryOptions } from './idb-store.js';
export { createMemoryHistory } from './memory-store.js';
export { HistoryChangeEvent } from './store.js';
export type { HistoryStore, HistoryStoreEventMap } from './store.js';
export { saveMessages } from './save.js';
export type { NotKept, SaveOutcome } from './save.js';
export { HistoryError, HistoryErrorKind } from './errors.js';
export { DEFAULT_DB_NAME } from './schema.js';
export { EXPORT_FORMAT, EXPORT_VERSION } from './export-file.js';
export type { HistoryExport } from './export-file.js';
export { ACTIVITY_KINDS } from './types.js';
export type {
  ActivityKind,
  ActivityRecord,
  ActivityRequest,
  ActivityResponse,
  Conversation,
  ConversationInit,
  ConversationPage,
  ConversationPatch,
  ConversationServer,
  HistoryChange,
  NewActivity,
  NewMessage,
  SearchHit,
  StoredMessage,
  Usage,
} from './types.js';
export { openShared, revokeShare, shareConversation, sharedUrl, startSync } from './sync.js';
export type { SharedView, Sync, SyncConflict, SyncOptions } from './sync.js';
export { SyncError } from './sync-contract.js';
export type {
  ConversationDoc,
  ConversationRow,
  MessageRow,
  PullResult,
  PushResult,
  PushRow,
  StreamEvent,
  SyncAdapter,
  SyncErrorCode,
  SyncErrorDetail,
  SyncErrorKind,
  SyncRow,
  SyncStatus,
  SyncTokenSource,
} from './sync-contract.js';
