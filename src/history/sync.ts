// `startSync`: keeps a history store in step with a sync server. The sync
// code (engine, HTTP adapter) loads only when this is called: a page that
// does not sync never downloads it.
import type { HistoryStore } from './store.js';
import type { ConversationDoc, SyncAdapter, SyncStatus, SyncTokenSource } from './sync-contract.js';

export interface SyncOptions {
  /** The sync server's base address (`<base>/pull`, `<base>/push`, `<base>/stream`), or an adapter of your own. */
  server: string | SyncAdapter;
  /** The bearer token, or a function giving a fresh one (asked again once on a 401). For an address only. */
  token?: SyncTokenSource;
  /** Names the sync state kept on this device (default: the server's address). */
  name?: string;
  /** Milliseconds an HTTP request may take (default 30 s). */
  timeout?: number;
}

/** A running sync: `status` (and `status` events), `conflict` and `note` events. */
export interface Sync extends EventTarget {
  readonly status: SyncStatus;
  /** Push and pull now (Retry); resolves when done. */
  sync(): Promise<void>;
  stop(): void;
  /** Stops syncing; `keep: false` also deletes this device's copy of the conversations. */
  signOut(options: { keep: boolean }): Promise<void>;
}

/** What a `conflict` event carries: the conversation, this device's fields, the server's. */
export interface SyncConflict extends Event {
  readonly conversationId: string;
  readonly yours: ConversationDoc;
  readonly theirs: ConversationDoc;
}

/**
 * Starts syncing `store`: resolves once the first push and pull have run
 * (whatever their outcome: read `status`). Never throws for the network.
 */
export async function startSync(store: HistoryStore, options: SyncOptions): Promise<Sync> {
  const [{ SyncEngine }, { HttpSyncAdapter }] = await Promise.all([import('./sync/engine.js'), import('./sync/http-adapter.js')]);
  const adapter =
    typeof options.server === 'string'
      ? new HttpSyncAdapter(options.server, options.token ?? '', { ...(options.timeout ? { timeout: options.timeout } : {}) })
      : options.server;
  const engine = new SyncEngine(store, adapter, { name: options.name ?? (typeof options.server === 'string' ? options.server : 'custom') });
  await engine.start();
  return engine;
}

/** Where a conversation shared by a link is read: `<server>/shared/<id>` (pull and stream only, no token). */
export const sharedUrl = (server: string, id: string): string => `${server.replace(/\/+$/, '')}/shared/${encodeURIComponent(id)}`;

/**
 * Makes a read-only link to one conversation of the person (a grant kept by the
 * server, revocable). Resolves with the grant's id and the address it is read at.
 * @throws {SyncError} the conversation is not on the server yet, the token was refused, ...
 */
export async function shareConversation(options: {
  server: string;
  token: SyncTokenSource;
  conversationId: string;
}): Promise<{ id: string; url: string }> {
  const { HttpSyncAdapter } = await import('./sync/http-adapter.js');
  const id = await new HttpSyncAdapter(options.server, options.token).share(options.conversationId);
  return { id, url: sharedUrl(options.server, id) };
}

/** Revokes a link made by {@link shareConversation}: it stops working at once, open views stop following. */
export async function revokeShare(options: { server: string; token: SyncTokenSource; id: string }): Promise<void> {
  const { HttpSyncAdapter } = await import('./sync/http-adapter.js');
  await new HttpSyncAdapter(options.server, options.token).revoke(options.id);
}

/** A shared conversation, read-only and followed live: its own memory store. */
export interface SharedView {
  /** In memory, this page only: the one shared conversation. */
  readonly store: HistoryStore;
  /** The shared conversation's id once it arrived (undefined when the link shows nothing). */
  readonly conversationId: string | undefined;
  /** Its status (a revoked link: `failed`, "This share link no longer works"). */
  readonly sync: Sync;
  /** Stops following it and forgets it. */
  close(): Promise<void>;
}

/**
 * Opens a shared conversation (`url` from {@link shareConversation}): read with no
 * token into a memory store of its own, followed live, never written back.
 * What it holds is untrusted like anything a server sends.
 */
export async function openShared(url: string, options: { timeout?: number } = {}): Promise<SharedView> {
  const [{ SyncEngine }, { HttpSyncAdapter }, { createMemoryHistory }] = await Promise.all([
    import('./sync/engine.js'),
    import('./sync/http-adapter.js'),
    import('./memory-store.js'),
  ]);
  const http = new HttpSyncAdapter(url, undefined, { ...(options.timeout ? { timeout: options.timeout } : {}) });
  // Read-only: nothing is ever pushed (the server would refuse it: the link grants reading only).
  const adapter: SyncAdapter = {
    pull: (c, l) => http.pull(c, l),
    push: async () => ({ conflicts: [], rejected: [] }),
    stream: (l) => http.stream(l),
  };
  const store = createMemoryHistory();
  const engine = new SyncEngine(store, adapter, { name: `shared:${url}:${crypto.randomUUID()}` });
  await engine.start();
  const first = (await store.listConversations({ limit: 1 })).items[0];
  return {
    store,
    conversationId: first?.id,
    sync: engine,
    close: () => engine.signOut({ keep: false }),
  };
}
