// The sync engine: keeps a HistoryStore (the local truth) and a SyncAdapter
// in step. docs/sync.md explains the model; in short:
//
// - The outbox is derived, so it survives reloads and closed tabs with no
//   second write to keep atomic: a conversation is waiting when its synced
//   fields differ from the master state last seen (or it has none, or it is
//   gone locally: a tombstone), and its messages beyond `scanned` (the last
//   seq already sent or known as pulled) are waiting.
// - A message written here has the id `<conversation>:<device>:<seq>`, the
//   same on every try, so a push repeated after a cut is a no-op on the server.
//   A pulled message is stored with `syncId` and never pushed back.
// - Push, then pull, under a Web Lock named after the database: two tabs never
//   push the same rows twice nor apply the same pull at once.
// - A metadata conflict keeps the server's state and writes this device's
//   version into `metadata['mcp-elements/sync-conflict']` (nothing is lost),
//   then pushes that; a `conflict` event tells the page.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { HistoryError } from '../errors.js';
import { saveMessages } from '../save.js';
import { HistoryChangeEvent, type HistoryStore } from '../store.js';
import {
  SyncError,
  type ConversationDoc,
  type ConversationRow,
  type MessageRow,
  type PushRow,
  type SyncAdapter,
  type SyncErrorDetail,
  type SyncStatus,
} from '../sync-contract.js';
import type { Conversation, NewMessage, StoredMessage } from '../types.js';
import { checkRow, docOf, messageRow, sameDoc, SYNC_ID_FIELD } from './rows.js';

/** Where this device's conflicting version of a conversation's fields is kept. */
export const CONFLICT_META_KEY = 'mcp-elements/sync-conflict';

const PULL_LIMIT = 500;
const PUSH_ROWS = 200;
const PUSH_BYTES = 2 * 1024 * 1024;

interface SyncStateDB extends DBSchema {
  meta: { key: string; value: unknown };
  masters: { key: string; value: ConversationRow };
  scanned: { key: string; value: number };
  known: { key: string; value: string };
  /** Messages pulled before their conversation; `n` keeps the order they came in. */
  parked: { key: string; value: MessageRow & { n: number }; indexes: { byConversation: string } };
}

export interface SyncEngineOptions {
  /** The sync state's own IndexedDB database and Web Lock name. */
  name: string;
}

/** A conversation whose fields changed on two devices: what this one had, what the server kept. */
export class SyncConflictEvent extends Event {
  constructor(
    readonly conversationId: string,
    readonly yours: ConversationDoc,
    readonly theirs: ConversationDoc,
  ) {
    super('conflict');
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SyncEngine extends EventTarget {
  readonly #store: HistoryStore;
  readonly #adapter: SyncAdapter;
  readonly #name: string;
  #db: IDBPDatabase<SyncStateDB> | undefined;
  #deviceId = '';
  #status: SyncStatus = { state: 'syncing', waiting: 0 };
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #failures = 0;
  #stopStream: (() => void) | undefined;
  #notes: { message: string; detail: SyncErrorDetail }[] = [];
  #parkedCount = 0;
  /** Conversations changed here since the last push ('all' at the start and after a failure): only they are looked at. */
  #dirty: Set<string> | 'all' = 'all';
  readonly #onChange = (event: Event): void => {
    const change = (event as HistoryChangeEvent).change;
    if (change.type === 'cleared') this.#dirty = 'all';
    else if (this.#dirty !== 'all') this.#dirty.add(change.conversationId);
    this.schedule(20);
  };
  readonly #onOnline = (): void => this.schedule(0);

  constructor(store: HistoryStore, adapter: SyncAdapter, options: SyncEngineOptions) {
    super();
    this.#store = store;
    this.#adapter = adapter;
    this.#name = options.name;
  }

  /** Where the sync stands (`status` events tell each change). */
  get status(): SyncStatus {
    return this.#status;
  }

  /** This device's id in the ids of the messages it writes. */
  get deviceId(): string {
    return this.#deviceId;
  }

  async start(): Promise<void> {
    this.#db = await openDB<SyncStateDB>(`mcp-elements-sync:${this.#name}`, 1, {
      upgrade(db) {
        db.createObjectStore('meta');
        db.createObjectStore('masters', { keyPath: 'id' });
        db.createObjectStore('scanned');
        db.createObjectStore('known');
        db.createObjectStore('parked', { keyPath: 'id' }).createIndex('byConversation', 'conversationId');
      },
    });
    let device = (await this.#db.get('meta', 'deviceId')) as string | undefined;
    if (!device) {
      device = crypto.randomUUID().slice(0, 8);
      await this.#db.put('meta', device, 'deviceId');
    }
    this.#deviceId = device;
    this.#store.addEventListener('change', this.#onChange);
    globalThis.addEventListener?.('online', this.#onOnline);
    this.#stopStream = this.#adapter.stream?.(() => this.schedule(0));
    await this.#sync();
  }

  /** Stops syncing (the local store stays as it is). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#store.removeEventListener('change', this.#onChange);
    globalThis.removeEventListener?.('online', this.#onOnline);
    this.#stopStream?.();
    this.#db?.close();
  }

  /**
   * Signs this device out of sync. `keep: false` also deletes this device's
   * copy of every conversation (the server keeps them) and the sync state.
   */
  async signOut(options: { keep: boolean }): Promise<void> {
    await this.#running?.catch(() => undefined);
    this.stop();
    if (!options.keep) {
      await this.#store.clear();
      await new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(`mcp-elements-sync:${this.#name}`);
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      });
    }
  }

  /** Runs a push and a pull soon (after `delay` ms); a running one is followed by another. */
  schedule(delay = 0): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#sync(), delay);
  }

  /** Retry: pushes what waits and pulls what changed, asking for a token again if one was refused. */
  sync(): Promise<void> {
    this.#adapter.retry?.();
    return this.#sync();
  }

  /** Pushes what waits and pulls what changed; resolves when done (never rejects: see `status`). */
  #sync(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#cycle();
      } while (this.#again && !this.#stopped);
    })().finally(() => (this.#running = undefined));
    return this.#running;
  }

  #setStatus(status: SyncStatus): void {
    this.#status = status;
    this.dispatchEvent(new Event('status'));
  }

  async #cycle(): Promise<void> {
    if (this.#stopped || !this.#db) return;
    if (this.#status.state !== 'syncing') this.#setStatus({ state: 'syncing', waiting: this.#status.waiting });
    try {
      let waiting = 0;
      await this.#locked(async () => {
        waiting = await this.#push();
        await this.#pull();
      });
      this.#failures = 0;
      const notes = this.#notes.splice(0);
      // `message`: the notes in English; `details`: each as a code and values (the chat says them in its language).
      if (notes.length)
        this.dispatchEvent(
          Object.assign(new Event('note'), { message: notes.map((n) => n.message).join(' '), details: notes.map((n) => n.detail) }),
        );
      this.#setStatus(waiting ? { state: 'syncing', waiting } : { state: 'up-to-date', waiting: 0 });
      if (waiting) this.schedule(1000); // rows refused for now (their conversation not yet there): again soon
    } catch (error) {
      if (this.#stopped) return;
      this.#dirty = 'all'; // what was being sent is looked at again
      const waiting = await this.#waiting().catch(() => this.#status.waiting);
      const e = error instanceof SyncError ? error : undefined;
      const said = (error as Error)?.message ?? String(error);
      const message =
        e?.message ??
        (error instanceof HistoryError ? `This device's conversations could not be read or written: ${said}` : `Sync failed: ${said}`);
      const detail: SyncErrorDetail =
        e?.detail ?? (error instanceof HistoryError ? { code: 'local-store', storeKind: error.kind, said } : { code: 'other', said });
      if (e?.kind === 'offline') this.#setStatus({ state: 'offline', waiting, message, detail });
      else this.#setStatus({ state: 'failed', waiting, message, kind: e?.kind ?? 'server', detail });
      // Try again by itself, later each time; a refused sign-in waits for Retry (or a new token).
      if (e?.kind !== 'unauthorized') this.schedule(Math.min(30_000, 1000 * 2 ** this.#failures++));
    }
  }

  /** Runs `work` holding this database's sync lock (one tab at a time). */
  #locked(work: () => Promise<void>): Promise<void> {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    return locks ? locks.request(`mcp-elements-sync:${this.#name}`, () => work()).then(() => undefined) : work();
  }

  async #allConversations(): Promise<Conversation[]> {
    const all: Conversation[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.#store.listConversations({ limit: 500, ...(cursor ? { cursor } : {}) });
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  /** Rows waiting to be sent (an estimate for the person: messages and conversations). */
  async #waiting(): Promise<number> {
    const db = this.#db!;
    const [conversations, masters, scanned] = await Promise.all([this.#allConversations(), db.getAll('masters'), db.getAll('scanned')]);
    const scannedKeys = await db.getAllKeys('scanned');
    const seen = new Map(scannedKeys.map((k, i) => [k, scanned[i]!]));
    const master = new Map(masters.map((m) => [m.id, m]));
    let n = 0;
    for (const c of conversations) {
      const m = master.get(c.id);
      if (!m || (!m.deleted && !sameDoc(docOf(c), m.doc))) n++;
      n += Math.max(0, c.messageCount - (seen.get(c.id) ?? 0));
    }
    const local = new Set(conversations.map((c) => c.id));
    for (const m of masters) if (!m.deleted && !local.has(m.id)) n++;
    return n;
  }

  /** Pushes what waits; answers how many rows wait still (refused for now). */
  async #push(): Promise<number> {
    const db = this.#db!;
    const dirty = this.#dirty;
    this.#dirty = new Set();
    let conversations: Conversation[];
    let masters: Map<string, ConversationRow>;
    if (dirty === 'all') {
      conversations = await this.#allConversations();
      masters = new Map((await db.getAll('masters')).map((m) => [m.id, m]));
    } else {
      const ids = [...dirty];
      conversations = (await Promise.all(ids.map((id) => this.#store.getConversation(id)))).filter(
        (c): c is Conversation => c !== undefined,
      );
      masters = new Map(
        (await Promise.all(ids.map((id) => db.get('masters', id))))
          .filter((m): m is ConversationRow => m !== undefined)
          .map((m) => [m.id, m]),
      );
    }
    let waiting = 0;
    const rows: PushRow[] = [];
    for (const c of conversations) {
      const master = masters.get(c.id);
      if (master?.deleted) {
        // Deleted on another device; the tombstone wins.
        await this.#store.deleteConversation(c.id);
        continue;
      }
      const doc = docOf(c);
      if (!master) rows.push({ newDocumentState: { kind: 'conversation', id: c.id, deleted: false, doc } });
      else if (!sameDoc(doc, master.doc))
        rows.push({
          newDocumentState: { kind: 'conversation', id: c.id, rev: master.rev, deleted: false, doc },
          assumedMasterState: master,
        });
    }
    const local = new Set(conversations.map((c) => c.id));
    for (const master of masters.values()) {
      if (!master.deleted && !local.has(master.id)) {
        rows.push({
          newDocumentState: { kind: 'conversation', id: master.id, rev: master.rev, deleted: true, doc: master.doc },
          assumedMasterState: master,
        });
      }
    }
    if (rows.length) {
      const later = await this.#send(rows);
      waiting += later.size;
      for (const id of later) this.#markDirty(id);
    }

    for (const c of conversations) {
      if (masters.get(c.id)?.deleted) continue;
      let from = ((await db.get('scanned', c.id)) ?? 0) + 1;
      while (from <= c.messageCount) {
        const to = Math.min(c.messageCount, from + PUSH_ROWS - 1);
        const page = await this.#store.loadBefore(c.id, to + 1, to - from + 1);
        const out: PushRow[] = [];
        for (const m of page) {
          const pulled = m[SYNC_ID_FIELD];
          if (typeof pulled === 'string') await db.put('known', c.id, pulled);
          else if (!(m._meta as Record<string, unknown> | undefined)?.['mcp-elements/unreadable'])
            out.push({ newDocumentState: messageRow(m, this.#deviceId) });
        }
        const refused = out.length ? await this.#send(out) : new Set<string>();
        // `scanned` moves past every message sent or known; it stops before one the
        // server refused only for now (its conversation not yet there).
        let last = from - 1;
        for (const m of page) {
          if (refused.has(messageRow(m, this.#deviceId).id)) break;
          last = m.seq;
        }
        await db.put('scanned', last, c.id);
        if (last < to) {
          waiting += c.messageCount - last;
          this.#markDirty(c.id);
          break;
        }
        from = to + 1;
      }
    }
    return waiting;
  }

  #markDirty(id: string): void {
    if (this.#dirty !== 'all') this.#dirty.add(id);
  }

  /** Pushes rows in batches; resolves conflicts; answers the ids refused for now. */
  async #send(rows: PushRow[]): Promise<Set<string>> {
    const later = new Set<string>();
    let batch: PushRow[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!batch.length) return;
      const result = await this.#adapter.push(batch);
      batch = [];
      bytes = 0;
      for (const raw of result.conflicts) {
        const row = checkRow(raw);
        if (typeof row === 'string' || row.kind !== 'conversation') continue;
        await this.#applyConversation(row, true);
      }
      for (const r of result.rejected) {
        const reason = typeof r?.reason === 'string' ? r.reason.slice(0, 200) : 'no reason given';
        if (/not on the server/.test(reason)) later.add(String(r.id));
        else
          this.#notes.push({
            message: `The sync server refused a change (${reason}); it stays on this device only.`,
            detail: { code: 'refused-change', reason },
          });
      }
    };
    for (const row of rows) {
      const size = JSON.stringify(row).length;
      if (batch.length >= PUSH_ROWS || (batch.length && bytes + size > PUSH_BYTES)) await flush();
      batch.push(row);
      bytes += size;
    }
    await flush();
    return later;
  }

  async #pull(): Promise<void> {
    const db = this.#db!;
    for (;;) {
      const checkpoint = (await db.get('meta', 'checkpoint')) as string | undefined;
      const result = await this.#adapter.pull(checkpoint, PULL_LIMIT);
      let bad = 0;
      const rows = result.rows.map(checkRow).filter((r): r is Exclude<typeof r, string> => {
        if (typeof r === 'string') bad++;
        return typeof r !== 'string';
      });
      if (bad) {
        const message = `The sync server sent ${bad} row${bad === 1 ? '' : 's'} that could not be used; ${bad === 1 ? 'it was' : 'they were'} left out.`;
        this.#notes.push({ message, detail: { code: 'bad-rows', count: bad } });
      }
      // Consecutive messages of one conversation are stored in one append.
      let run: MessageRow[] = [];
      const flush = async () => {
        if (run.length) await this.#applyMessages(run);
        run = [];
      };
      for (const row of rows) {
        if (row.kind === 'message') {
          if (run.length && run[0]!.conversationId !== row.conversationId) await flush();
          run.push(row);
        } else {
          await flush();
          await this.#applyConversation(row, false);
        }
      }
      await flush();
      await db.put('meta', result.checkpoint, 'checkpoint');
      if (result.rows.length < PULL_LIMIT || result.checkpoint === checkpoint) return;
    }
  }

  /** A conversation's master state from the server (pulled, or a push's conflict). */
  async #applyConversation(row: ConversationRow, fromConflict: boolean): Promise<void> {
    const db = this.#db!;
    const master = await db.get('masters', row.id);
    if (master && master.rev >= row.rev && !fromConflict) return; // old news (an old checkpoint again)
    const local = await this.#store.getConversation(row.id);
    if (row.deleted) {
      if (local) await this.#store.deleteConversation(row.id);
      await db.put('masters', row);
      for (const key of await db.getAllKeysFromIndex('parked', 'byConversation', row.id)) await db.delete('parked', key);
      return;
    }
    if (!local) {
      if (!master) {
        const { title, servers, provider, model, metadata } = row.doc;
        await this.#store.createConversation({
          id: row.id,
          title,
          servers,
          metadata,
          ...(provider !== undefined ? { provider } : {}),
          ...(model !== undefined ? { model } : {}),
        });
      }
      // else: deleted here, its tombstone waits to be pushed against this state.
      await db.put('masters', row);
      await this.#releaseParked(row.id);
      return;
    }
    const yours = docOf(local);
    if (!sameDoc(yours, row.doc)) {
      const changedHere = master ? !sameDoc(yours, master.doc) : true;
      const theirs = { ...row.doc };
      if (changedHere) {
        // Both changed it: keep theirs, and this device's version beside it.
        theirs.metadata = { ...theirs.metadata, [CONFLICT_META_KEY]: { title: yours.title, at: Date.now(), device: this.#deviceId } };
        this.dispatchEvent(new SyncConflictEvent(row.id, yours, row.doc));
      }
      const { title, servers, provider, model, metadata } = theirs;
      await this.#store.updateConversation(row.id, {
        title,
        servers,
        metadata,
        ...(provider !== undefined ? { provider } : {}),
        ...(model !== undefined ? { model } : {}),
      });
    }
    await db.put('masters', row);
  }

  /** Pulled messages of one conversation, in order; those of a conversation not here yet wait. */
  async #applyMessages(rows: MessageRow[]): Promise<void> {
    const db = this.#db!;
    const conversationId = rows[0]!.conversationId;
    const fresh: MessageRow[] = [];
    const ids = new Set<string>();
    // One read for the whole run: which of these ids are already here.
    const readKnown = db.transaction('known');
    const known = await Promise.all(rows.map((row) => readKnown.store.getKey(row.id)));
    rows.forEach((row, i) => {
      if (row.id.startsWith(`${conversationId}:${this.#deviceId}:`)) return; // written here
      if (ids.has(row.id) || known[i] !== undefined) return; // messages never change: the first one stays
      ids.add(row.id);
      fresh.push(row);
    });
    if (!fresh.length) return;
    const master = await db.get('masters', conversationId);
    if (master?.deleted) return;
    if (!(await this.#store.getConversation(conversationId))) {
      if (!master) for (const row of fresh) await db.put('parked', { ...row, n: Date.now() + this.#parkedCount++ / 1e6 });
      return;
    }
    const messages: NewMessage[] = fresh.map((row) => ({ ...row.message, createdAt: row.createdAt, [SYNC_ID_FIELD]: row.id }));
    let stored: StoredMessage[];
    try {
      stored = await this.#store.appendMessages(conversationId, messages);
    } catch (error) {
      if (!(error instanceof HistoryError) || error.kind !== 'invalid-messages') throw error;
      // Written on two devices at once, a call and its result may not follow each other here.
      stored = (await saveMessages(this.#store, conversationId, messages)).stored;
    }
    const writeKnown = db.transaction('known', 'readwrite');
    await Promise.all([...fresh.map((row) => writeKnown.store.put(conversationId, row.id)), writeKnown.done]);
    // Made on another device: told like another tab's change, so an open conversation shows it.
    if (stored.length)
      this.#store.dispatchEvent(
        new HistoryChangeEvent({ type: 'messages', conversationId, fromSeq: stored[0]!.seq, toSeq: stored.at(-1)!.seq }, true),
      );
    // Messages pulled are not to be pushed: move `scanned` past them when nothing waits before them.
    const scanned = (await db.get('scanned', conversationId)) ?? 0;
    if (stored.length && scanned === stored[0]!.seq - 1) await db.put('scanned', stored.at(-1)!.seq, conversationId);
  }

  async #releaseParked(conversationId: string): Promise<void> {
    const db = this.#db!;
    const parked = (await db.getAllFromIndex('parked', 'byConversation', conversationId)).sort((a, b) => a.n - b.n);
    if (!parked.length) return;
    await this.#applyMessages(parked.map(({ n: _n, ...row }) => row));
    for (const row of parked) await db.delete('parked', row.id);
  }
}
