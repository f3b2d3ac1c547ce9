// The sync contract (docs/sync.md): what a sync engine (the HTTP one, or a
// site's own) offers. The semantics are those of the RxDB replication
// protocol: pull what changed after a checkpoint, push new states each with
// the master state it assumed and get back the conflicts, and an optional
// live stream that says "something changed" or "resync". Types only: the
// chat's first load carries none of the sync code.
import type { ConversationServer, NewMessage } from './types.js';

/** A conversation's synced fields (messages travel apart). */
export interface ConversationDoc {
  title: string;
  createdAt?: number;
  servers: ConversationServer[];
  provider?: string;
  model?: string;
  metadata: Record<string, unknown>;
}

/**
 * A conversation on the server: revisioned. `rev` is the server's (1, 2, ...);
 * a delete is a tombstone (`deleted: true`) that travels like any change.
 */
export interface ConversationRow {
  kind: 'conversation';
  id: string;
  rev: number;
  deleted: boolean;
  doc: ConversationDoc;
}

/**
 * A message: immutable, keyed by `id` (an edit or a regenerate is a new
 * message that replaces part of the conversation, never a changed one).
 */
export interface MessageRow {
  kind: 'message';
  id: string;
  conversationId: string;
  createdAt: number;
  /** The MCP message as stored (without `conversationId`, `seq`). */
  message: NewMessage;
}

export type SyncRow = ConversationRow | MessageRow;

/** One pushed row: its new state and the master state it was made from (absent: new). */
export interface PushRow {
  newDocumentState: SyncRow | (Omit<ConversationRow, 'rev'> & { rev?: number });
  assumedMasterState?: ConversationRow;
}

/** What a pull answers: rows changed after the checkpoint, oldest first, and the next checkpoint. */
export interface PullResult {
  rows: SyncRow[];
  /** Opaque; pass it to the next pull. */
  checkpoint: string;
}

/** What a push answers: the master state of each conversation that conflicted, and rows refused. */
export interface PushResult {
  conflicts: ConversationRow[];
  rejected: { id: string; reason: string }[];
}

/** What a live stream says: rows may have changed (pull), or start again from the checkpoint. */
export type StreamEvent = 'change' | 'resync';

/** The engine a sync runs against. */
export interface SyncAdapter {
  pull(checkpoint: string | undefined, limit: number): Promise<PullResult>;
  push(rows: PushRow[]): Promise<PushResult>;
  /**
   * Optional: calls `listener` when rows may have changed; `resync` after the
   * stream was lost and came back (changes may have been missed). Returns a stop function.
   */
  stream?(listener: (event: StreamEvent) => void): () => void;
  /** Optional: the person asked to try again (Retry): forget a refused sign-in. */
  retry?(): void;
}

/** A bearer token, or where to get a fresh one. */
export type SyncTokenSource = string | (() => string | Promise<string>);

/** The kinds of {@link SyncError}. */
export type SyncErrorKind = 'offline' | 'unauthorized' | 'server' | 'invalid-response' | 'too-large';

/**
 * What a sync message says, as a code and its values, for a page or the chat
 * to say in its own language (the English sentence is the error's `message`):
 * - `no-token`: the page gave no token; `unreachable` / `timeout` (`seconds`) / `cut`: the server (`host`) did not answer;
 * - `signed-out`: the token was refused; `share-gone`: a share link no longer works;
 * - `too-large`: a change refused as too large; `server-error` (`status`): the server failed;
 * - `not-json`, `bad-pull`, `bad-push`, `bad-share`: an answer that could not be used;
 * - `local-store` (`storeKind`): this device's store failed; `other`;
 * - notes: `refused-change` (`reason`): a row the server refused; `bad-rows` (`count`): pulled rows left out.
 * `said` is the server's own words (text, cut short), when it sent some.
 */
export type SyncErrorCode =
  | 'no-token'
  | 'unreachable'
  | 'timeout'
  | 'cut'
  | 'signed-out'
  | 'share-gone'
  | 'too-large'
  | 'server-error'
  | 'not-json'
  | 'bad-pull'
  | 'bad-push'
  | 'bad-share'
  | 'local-store'
  | 'other'
  | 'refused-change'
  | 'bad-rows';

/** A sync message as a code and its values (see {@link SyncErrorCode}). */
export interface SyncErrorDetail {
  code: SyncErrorCode;
  /** The sync server's host. */
  host?: string;
  seconds?: number;
  /** The HTTP status. */
  status?: number;
  /** The server's own words (or the store's), as text. */
  said?: string;
  /** Why the server refused a row. */
  reason?: string;
  count?: number;
  /** The history store's error kind (`local-store`). */
  storeKind?: string;
}

/** A sync failure said in words; `kind` says what a person can do about it, `detail` what to say in another language. */
export class SyncError extends Error {
  readonly kind: SyncErrorKind;
  readonly detail: SyncErrorDetail;
  constructor(kind: SyncErrorKind, message: string, options?: { cause?: unknown; detail?: SyncErrorDetail }) {
    super(message, options);
    this.name = 'SyncError';
    this.kind = kind;
    this.detail = options?.detail ?? { code: 'other' };
  }
}

/** Where a sync stands, for a person to read. */
export type SyncStatus =
  | { state: 'syncing'; waiting: number }
  | { state: 'up-to-date'; waiting: 0 }
  | { state: 'offline'; waiting: number; message: string; detail: SyncErrorDetail }
  | { state: 'failed'; waiting: number; message: string; kind: SyncErrorKind; detail: SyncErrorDetail };
