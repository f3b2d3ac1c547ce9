// The IndexedDB schema of the history and its upgrade ladder.
//
// Records are stored as given: a message record is the appended MCP message
// (every field, unknown ones included) plus conversationId, seq and createdAt.
// Derived data lives in its own store (`texts`) so that message records stay
// untouched and the search never has to read image or audio data.
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { searchTextOf } from './records.js';
import type { ActivityRecord, Conversation, StoredMessage } from './types.js';

/** The current schema version. */
export const DB_VERSION = 2;

/** The database name `openHistory()` uses unless told otherwise. */
export const DEFAULT_DB_NAME = 'mcp-elements-history';

/** Search text of one message (lower-cased text blocks), keyed like the message. */
export interface TextRecord {
  conversationId: string;
  seq: number;
  createdAt: number;
  text: string;
}

/** The history database, schema version 2. */
export interface HistoryDB extends DBSchema {
  conversations: {
    key: string;
    value: Conversation;
    /** Newest first by walking it backwards; the id breaks ties so paging is stable. */
    indexes: { byUpdated: [number, string] };
  };
  messages: {
    /** [conversationId, seq]: a conversation's messages are one contiguous key range. */
    key: [string, number];
    value: StoredMessage;
  };
  texts: {
    key: [string, number];
    value: TextRecord;
  };
  activity: {
    key: string;
    value: ActivityRecord;
    indexes: { byConversation: [string, number]; byToolUse: string };
  };
}

type UpgradeTx = IDBPTransaction<HistoryDB, StoreNames<HistoryDB>[], 'versionchange'>;

/**
 * The `upgrade` callback of `openDB`: each step takes the database from
 * version n-1 to n. Steps only ever add; a database written by any earlier
 * version opens with its data intact. Awaits only requests of the upgrade
 * transaction (anything else would let it commit half-way).
 */
export function upgradeHistory(db: IDBPDatabase<HistoryDB>, oldVersion: number, _newVersion: number | null, tx: UpgradeTx): void {
  if (oldVersion < 1) {
    // v1: conversations listed by updatedAt; messages keyed [conversationId, seq].
    const conversations = db.createObjectStore('conversations', { keyPath: 'id' });
    (conversations as unknown as IDBObjectStore).createIndex('updatedAt', 'updatedAt');
    db.createObjectStore('messages', { keyPath: ['conversationId', 'seq'] });
  }
  if (oldVersion < 2) {
    // v2: stable paging index [updatedAt, id]; search texts; activity log;
    // conversations carry messageCount. Backfilled from v1 data below.
    const conversations = tx.objectStore('conversations');
    if (conversations.indexNames.contains('updatedAt' as never)) conversations.deleteIndex('updatedAt' as never);
    conversations.createIndex('byUpdated', ['updatedAt', 'id']);
    db.createObjectStore('texts', { keyPath: ['conversationId', 'seq'] });
    const activity = db.createObjectStore('activity', { keyPath: 'id' });
    activity.createIndex('byConversation', ['conversationId', 'requestedAt']);
    activity.createIndex('byToolUse', 'toolUseId');
    if (oldVersion >= 1) {
      backfillV2(tx).catch(() => {
        // An aborted upgrade rejects openDB; the old data stays as it was.
        try {
          tx.abort();
        } catch {
          // already finished
        }
      });
    }
  }
}

async function backfillV2(tx: UpgradeTx): Promise<void> {
  const counts = new Map<string, number>();
  const texts = tx.objectStore('texts');
  for (let cursor = await tx.objectStore('messages').openCursor(); cursor; cursor = await cursor.continue()) {
    const message = cursor.value;
    counts.set(message.conversationId, Math.max(counts.get(message.conversationId) ?? 0, message.seq));
    const text = searchTextOf(message);
    if (text) void texts.put({ conversationId: message.conversationId, seq: message.seq, createdAt: message.createdAt, text });
  }
  for (let cursor = await tx.objectStore('conversations').openCursor(); cursor; cursor = await cursor.continue()) {
    void cursor.update({ ...cursor.value, messageCount: counts.get(cursor.value.id) ?? 0 });
  }
}
