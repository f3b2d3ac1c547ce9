// The IndexedDB history store.
//
// Transactions: every method opens ONE transaction and awaits only requests
// of that transaction inside it. Any other await (a fetch, a timer, a
// validation that awaits) would let IndexedDB auto-commit the transaction
// half-way; validation therefore runs before the transaction or synchronously
// inside it. A failed check aborts the transaction, so nothing is written.
// Readwrite transactions over the same stores run one after the other, even
// across tabs: seq numbers assigned inside them never collide.
import { openDB, type IDBPDatabase } from 'idb';
import { ChangeChannel } from './channel.js';
import { HistoryError, toHistoryError } from './errors.js';
import { buildExport } from './export-file.js';
import {
  checkMessages,
  decodeCursor,
  monotonicClock,
  encodeCursor,
  newConversation,
  newId,
  normaliseQuery,
  searchTextOf,
  snippetAround,
  toStored,
} from './records.js';
import { readRow } from './read-row.js';
import { DB_VERSION, DEFAULT_DB_NAME, upgradeHistory, type HistoryDB } from './schema.js';
import type { HistoryStore } from './store.js';
import type {
  ActivityRecord,
  ActivityResponse,
  Conversation,
  ConversationInit,
  ConversationPage,
  ConversationPatch,
  NewActivity,
  NewMessage,
  SearchHit,
  StoredMessage,
} from './types.js';

/** Options of {@link openHistory}. */
export interface OpenHistoryOptions {
  /** Database name; default `mcp-elements-history`. Tabs sharing a name share the history. */
  name?: string;
}

type Db = IDBPDatabase<HistoryDB>;

const range = (id: string) => IDBKeyRange.bound([id, -Infinity], [id, Infinity]);

/**
 * Marks a transaction's `done` as observed. A read returns as soon as its
 * request succeeds; if the connection is then force-closed (site data
 * cleared, bucket deleted) the transaction aborts and `done` rejects with
 * nobody listening. Writes still await `done` themselves.
 */
function quiet<T extends { done: Promise<void> }>(tx: T): T {
  tx.done.catch(() => undefined);
  return tx;
}

/** Ends a transaction that found no `what` (`conversation <id>`): aborted, and a `not-found` error. */
function notFound(tx: { done: Promise<void>; abort(): void }, what: string): never {
  abort(tx);
  throw new HistoryError('not-found', `There is no ${what}.`);
}

/** Aborts a transaction whose work must not be kept; its `done` rejection is expected. */
function abort(tx: { done: Promise<void>; abort(): void }): void {
  tx.done.catch(() => undefined);
  try {
    tx.abort();
  } catch {
    // already finished or aborted
  }
}

/**
 * Opens (creating or upgrading) the history database.
 *
 * @throws {HistoryError} 'unavailable' when IndexedDB cannot be used (private
 * mode, storage disabled), 'upgrade-blocked' when another tab keeps an older
 * version open. In both cases the caller can go on with `createMemoryHistory()`
 * and tell the person that nothing is saved.
 */
export function openHistory(options: OpenHistoryOptions = {}): Promise<HistoryStore> {
  const name = options.name ?? DEFAULT_DB_NAME;
  if (typeof indexedDB === 'undefined' || indexedDB === null) {
    return Promise.reject(new HistoryError('unavailable', 'This browser offers no IndexedDB here: conversations will not be saved.'));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    let store: IdbHistory | undefined;
    openDB<HistoryDB>(name, DB_VERSION, {
      upgrade: upgradeHistory,
      blocked() {
        if (settled) return;
        settled = true;
        reject(
          new HistoryError(
            'upgrade-blocked',
            'The conversation history is open in another tab with an older version. Close or reload that tab, then try again.',
          ),
        );
      },
      blocking: () => store?.release('Another tab needs a newer version of the conversation history; reload this page.'),
      terminated: () => store?.release('The browser closed the conversation history; reload this page.'),
    }).then(
      (db) => {
        // Opened after we gave up waiting (the blocking tab went away): let it go.
        if (settled) return db.close();
        settled = true;
        resolve((store = new IdbHistory(db, name)));
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        const e = toHistoryError(error, 'Opening the conversation history');
        reject(
          e.kind === 'quota-exceeded'
            ? e
            : new HistoryError(
                'unavailable',
                `Conversations cannot be saved in this browser (${(error as Error)?.message ?? String(error)}).`,
                { cause: error },
              ),
        );
      },
    );
  });
}

class IdbHistory extends EventTarget implements HistoryStore {
  readonly #now = monotonicClock();
  readonly persistent = true;
  readonly #db: Db;
  readonly #channel: ChangeChannel;
  #closed: string | undefined;

  constructor(db: Db, name: string) {
    super();
    this.#db = db;
    this.#channel = new ChangeChannel(name, this);
  }

  /** Closes the connection so another tab can upgrade or delete the database. */
  release(reason: string): void {
    if (this.#closed) return;
    this.#closed = reason;
    this.#db.close();
    this.#channel.close();
    this.dispatchEvent(new Event('close'));
  }

  close(): void {
    this.release('The conversation history was closed.');
  }

  async #run<T>(doing: string, work: (db: Db) => Promise<T>): Promise<T> {
    if (this.#closed) throw new HistoryError('closed', this.#closed);
    try {
      return await work(this.#db);
    } catch (error) {
      throw toHistoryError(error, doing);
    }
  }

  createConversation(init: ConversationInit = {}): Promise<Conversation> {
    return this.#run('Creating a conversation', async (db) => {
      const conversation = newConversation(init, this.#now());
      await db.add('conversations', conversation);
      this.#channel.emit({ type: 'conversation', action: 'created', conversationId: conversation.id });
      return conversation;
    });
  }

  listConversations(options: { limit?: number; cursor?: string } = {}): Promise<ConversationPage> {
    const limit = Math.max(1, options.limit ?? 50);
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
    return this.#run('Listing conversations', async (db) => {
      const index = quiet(db.transaction('conversations')).store.index('byUpdated');
      const query = after ? IDBKeyRange.upperBound([after.updatedAt, after.id], true) : undefined;
      const items: Conversation[] = [];
      let more = false;
      for (let cursor = await index.openCursor(query, 'prev'); cursor; cursor = await cursor.continue()) {
        if (items.length === limit) {
          more = true;
          break;
        }
        items.push(cursor.value);
      }
      const last = items.at(-1);
      return more && last ? { items, nextCursor: encodeCursor(last) } : { items };
    });
  }

  getConversation(id: string): Promise<Conversation | undefined> {
    return this.#run('Reading a conversation', (db) => quiet(db.transaction('conversations')).store.get(id));
  }

  renameConversation(id: string, title: string): Promise<Conversation> {
    return this.updateConversation(id, { title });
  }

  updateConversation(id: string, patch: ConversationPatch): Promise<Conversation> {
    return this.#run('Updating a conversation', async (db) => {
      const tx = quiet(db.transaction('conversations', 'readwrite'));
      const current = await tx.store.get(id);
      if (!current) notFound(tx, `conversation ${id}`);
      const next: Conversation = { ...current, ...patch, updatedAt: Math.max(this.#now(), current.updatedAt + 1) };
      await Promise.all([tx.store.put(next), tx.done]);
      this.#channel.emit({ type: 'conversation', action: 'updated', conversationId: id });
      return next;
    });
  }

  deleteConversation(id: string): Promise<void> {
    return this.#run('Deleting a conversation', async (db) => {
      const tx = quiet(db.transaction(['conversations', 'messages', 'texts', 'activity'], 'readwrite'));
      const activity = tx.objectStore('activity');
      const keys = await activity.index('byConversation').getAllKeys(range(id));
      await Promise.all([
        tx.objectStore('conversations').delete(id),
        tx.objectStore('messages').delete(range(id)),
        tx.objectStore('texts').delete(range(id)),
        ...keys.map((key) => activity.delete(key)),
        tx.done,
      ]);
      this.#channel.emit({ type: 'conversation', action: 'deleted', conversationId: id });
    });
  }

  appendMessages(conversationId: string, messages: NewMessage[]): Promise<StoredMessage[]> {
    return this.#run('Saving messages', async (db) => {
      if (!Array.isArray(messages)) throw new HistoryError('invalid-messages', 'Messages to append must be an array.');
      if (messages.length === 0) return [];
      const tx = quiet(db.transaction(['conversations', 'messages', 'texts'], 'readwrite'));
      const conversations = tx.objectStore('conversations');
      const store = tx.objectStore('messages');
      // Both reads at once: one round trip to the browser's storage process, not two.
      const [conversation, cursor] = await Promise.all([
        conversations.get(conversationId),
        store.openCursor(range(conversationId), 'prev'),
      ]);
      // Read like any other row: a bad last row must not make every later append fail.
      const last = cursor ? readRow(cursor.value, conversationId, conversation?.messageCount ?? 0) : undefined;
      const now = this.#now();
      let stored: StoredMessage[];
      try {
        if (!conversation) throw new HistoryError('not-found', `There is no conversation ${conversationId}.`);
        checkMessages(messages, last);
        stored = toStored(conversationId, conversation.messageCount, messages, now);
      } catch (error) {
        abort(tx);
        throw error;
      }
      const texts = tx.objectStore('texts');
      const writes: Promise<unknown>[] = stored.map((m) => store.add(m));
      for (const m of stored) {
        const text = searchTextOf(m);
        if (text) writes.push(texts.put({ conversationId, seq: m.seq, createdAt: m.createdAt, text }));
      }
      writes.push(
        conversations.put({
          ...conversation,
          messageCount: conversation.messageCount + stored.length,
          updatedAt: Math.max(now, conversation.updatedAt + 1),
        }),
      );
      await Promise.all([...writes, tx.done]);
      this.#channel.emit({ type: 'messages', conversationId, fromSeq: stored[0]!.seq, toSeq: stored.at(-1)!.seq });
      return stored;
    });
  }

  loadLast(conversationId: string, count: number): Promise<StoredMessage[]> {
    return this.#run('Loading messages', async (db) => {
      const tx = quiet(db.transaction(['conversations', 'messages']));
      const conversation = await tx.objectStore('conversations').get(conversationId);
      const last = conversation?.messageCount ?? 0;
      if (last === 0 || count <= 0) return [];
      // Seq numbers are contiguous (1..messageCount), so the page is one key range.
      const first = Math.max(1, last - count + 1);
      const rows = await tx.objectStore('messages').getAll(IDBKeyRange.bound([conversationId, first], [conversationId, last]));
      return rows.map((row, i) => readRow(row, conversationId, first + i));
    });
  }

  loadBefore(conversationId: string, seq: number, count: number): Promise<StoredMessage[]> {
    return this.#run('Loading messages', async (db) => {
      if (seq <= 1 || count <= 0) return [];
      const first = Math.max(1, seq - count);
      const rows = await quiet(db.transaction('messages')).store.getAll(
        IDBKeyRange.bound([conversationId, first], [conversationId, seq - 1]),
      );
      return rows.map((row, i) => readRow(row, conversationId, first + i));
    });
  }

  search(query: string, options: { conversationId?: string; limit?: number } = {}): Promise<SearchHit[]> {
    const needle = normaliseQuery(query);
    const limit = options.limit ?? 50;
    return this.#run('Searching conversations', async (db) => {
      if (!needle) return [];
      const texts = await quiet(db.transaction('texts')).store.getAll(
        options.conversationId === undefined ? undefined : range(options.conversationId),
      );
      return texts
        .filter((t) => t.text.includes(needle))
        .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
        .slice(0, limit)
        .map((t) => ({ conversationId: t.conversationId, seq: t.seq, createdAt: t.createdAt, snippet: snippetAround(t.text, needle) }));
    });
  }

  appendActivity(activity: NewActivity): Promise<ActivityRecord> {
    return this.#run('Saving activity', async (db) => {
      const record: ActivityRecord = { ...activity, id: newId(), requestedAt: activity.requestedAt ?? this.#now() };
      const tx = quiet(db.transaction(['conversations', 'activity'], 'readwrite'));
      if (!(await tx.objectStore('conversations').getKey(activity.conversationId))) notFound(tx, `conversation ${activity.conversationId}`);
      await Promise.all([tx.objectStore('activity').add(record), tx.done]);
      this.#channel.emit({
        type: 'activity',
        conversationId: record.conversationId,
        activityId: record.id,
        ...(record.toolUseId ? { toolUseId: record.toolUseId } : {}),
      });
      return record;
    });
  }

  respondActivity(id: string, response: ActivityResponse, respondedAt?: number): Promise<ActivityRecord> {
    return this.#run('Saving activity', async (db) => {
      const tx = quiet(db.transaction('activity', 'readwrite'));
      const current = await tx.store.get(id);
      if (!current) notFound(tx, `activity ${id}`);
      const next: ActivityRecord = { ...current, response, respondedAt: respondedAt ?? this.#now() };
      await Promise.all([tx.store.put(next), tx.done]);
      this.#channel.emit({
        type: 'activity',
        conversationId: next.conversationId,
        activityId: id,
        ...(next.toolUseId ? { toolUseId: next.toolUseId } : {}),
      });
      return next;
    });
  }

  listActivity(filter: { conversationId: string } | { toolUseId: string }): Promise<ActivityRecord[]> {
    return this.#run('Reading activity', async (db) => {
      const index = (name: 'byConversation' | 'byToolUse') => quiet(db.transaction('activity')).store.index(name);
      if ('conversationId' in filter) return index('byConversation').getAll(range(filter.conversationId));
      const records = await index('byToolUse').getAll(filter.toolUseId);
      return records.sort((a, b) => a.requestedAt - b.requestedAt);
    });
  }

  exportConversation(id: string): Promise<string> {
    return this.#run('Exporting a conversation', async (db) => {
      const tx = quiet(db.transaction(['conversations', 'messages', 'activity']));
      const [conversation, messages, activity] = await Promise.all([
        tx.objectStore('conversations').get(id),
        tx.objectStore('messages').getAll(range(id)),
        tx.objectStore('activity').index('byConversation').getAll(range(id)),
      ]);
      if (!conversation) throw new HistoryError('not-found', `There is no conversation ${id}.`);
      return JSON.stringify(buildExport(conversation, messages, activity));
    });
  }

  importConversation(input: unknown): Promise<Conversation> {
    return this.#run('Importing a conversation', async (db) => {
      // The file's validation (zod) loads now, not with the store.
      const { planImport } = await import('./export-format.js');
      const plan = planImport(input);
      const tx = quiet(db.transaction(['conversations', 'messages', 'texts', 'activity'], 'readwrite'));
      const texts = tx.objectStore('texts');
      const writes: Promise<unknown>[] = [tx.objectStore('conversations').add(plan.conversation)];
      for (const m of plan.messages) {
        writes.push(tx.objectStore('messages').add(m));
        const text = searchTextOf(m);
        if (text) writes.push(texts.put({ conversationId: m.conversationId, seq: m.seq, createdAt: m.createdAt, text }));
      }
      for (const a of plan.activity) writes.push(tx.objectStore('activity').add(a));
      await Promise.all([...writes, tx.done]);
      this.#channel.emit({ type: 'conversation', action: 'created', conversationId: plan.conversation.id });
      return plan.conversation;
    });
  }

  clear(): Promise<void> {
    return this.#run('Deleting all conversations', async (db) => {
      const tx = quiet(db.transaction(['conversations', 'messages', 'texts', 'activity'], 'readwrite'));
      await Promise.all([...(['conversations', 'messages', 'texts', 'activity'] as const).map((s) => tx.objectStore(s).clear()), tx.done]);
      this.#channel.emit({ type: 'cleared' });
    });
  }
}
