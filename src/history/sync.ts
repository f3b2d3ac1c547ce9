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
  const adapter = typeof options.server === 'string' ? new HttpSyncAdapter(options.server, options.token ?? '', { ...(options.timeout ? { timeout: options.timeout } : {}) }) : options.server;
  const engine = new SyncEngine(store, adapter, { name: options.name ?? (typeof options.server === 'string' ? options.server : 'custom') });
  await engine.start();
  return engine;
}
