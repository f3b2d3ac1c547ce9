import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatStrings } from '../strings.js';
import type { HistoryChangeEvent, HistoryStore } from '../../../history/index.js';
import type { Loader } from '../../shared/lazy.js';
import type * as HistoryChunk from './history.chunk.js';
import { errorInWords } from '../error-words.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatErrorSource } from '../contract.js';

/** Longest wait for the first connections before the history is opened anyway (ms). */
const SETTLE_MS = 1500;

/** What the persistence controller needs from its element. */
export interface ChatPersistenceHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  /** The element's `storage-key`. */
  readonly storageKey: string;
  /** The chat's servers (the history is opened once they have connected, so it does not slow them down). */
  readonly servers: ServerSet;
  /** The element's `store` as the page set it (`null`: nothing saved; `undefined`: the default store). */
  readonly pageStore: HistoryStore | null | undefined;
  /** The id of the conversation shown now, if it is saved. */
  readonly conversationId: string | undefined;
  /** The messages shown (a conversation the person began before the store opened is not replaced by the remembered one). */
  readonly messages: readonly unknown[];
  /** True while a turn or call runs (another tab's appends are shown once it ends). */
  readonly chatBusy: boolean;
  /** Shows a saved conversation (the one open before the reload). */
  reopen(id: string): Promise<void>;
  /** Shows the messages another tab appended to the open conversation `id` (`fromSeq`..`toSeq`) in their stored places. */
  mergeStored(id: string, fromSeq: number, toSeq: number): Promise<void>;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/**
 * What `<mcp-chat>` keeps of its conversations across reloads: the default
 * history store (IndexedDB, memory when IndexedDB is unavailable) and which
 * conversation is open, keyed by `storage-key`. Blocked storage only means
 * nothing is remembered.
 */
export class ChatPersistence implements ReactiveController {
  readonly #host: ChatPersistenceHost;
  #restored = false;
  /** The default store, once opened (used when the page set no `store`). */
  defaultStore: HistoryStore | undefined;

  /** The conversation store's code (given by the element: chunks.ts). */
  readonly #history: Loader<typeof HistoryChunk>;

  constructor(host: ChatPersistenceHost, history: Loader<typeof HistoryChunk>) {
    this.#host = host;
    this.#history = history;
    host.addController(this);
  }

  #storeOpened!: () => void;
  readonly #storeReady = new Promise<void>((resolve) => (this.#storeOpened = resolve));

  /**
   * Resolves once the store to save in is known: at once when the page set
   * `store` (or `null`), else when the default store opened or failed to
   * (at most 10 s, so saves never hang on it).
   */
  whenStore(): Promise<void> {
    if (this.#host.pageStore !== undefined || this.defaultStore) return Promise.resolve();
    return Promise.race([this.#storeReady, new Promise<void>((resolve) => setTimeout(resolve, 10_000))]);
  }

  get #openKey(): string {
    return `mcp-chat:open:${this.#host.storageKey}`;
  }

  /** The store in use: the element's, else the default one once open. */
  get store(): HistoryStore | undefined {
    const own = this.#host.pageStore;
    return own === null ? undefined : (own ?? this.defaultStore);
  }

  hostConnected(): void {
    void this.#serversSettled()
      .then(() => this.#initStore())
      .finally(() => this.#storeOpened());
  }

  /**
   * Resolves once no server is still connecting (or about to: a connection
   * is added `idle`, then connected; at most {@link SETTLE_MS}
   * after the first render): the history chunk, IndexedDB and the reopened
   * conversation wait for the first connections instead of competing with
   * them on the way to "connected, showing tools".
   */
  async #serversSettled(): Promise<void> {
    await this.#host.updateComplete;
    // After the first frame (a hidden tab gets no frames: at most 100 ms): a chat without
    // servers paints before the history chunk and IndexedDB take the main thread.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 100);
      requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), resolve())));
    });
    const servers = this.#host.servers;
    const connecting = () =>
      servers.pending.some((p) => p.state === 'connecting') ||
      servers.connections.some((c) => c.state === 'connecting' || c.state === 'idle');
    if (!connecting()) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        servers.removeEventListener('change', check);
        resolve();
      };
      const check = () => {
        if (!connecting()) done();
      };
      const timer = setTimeout(done, SETTLE_MS);
      servers.addEventListener('change', check);
    });
  }

  hostDisconnected(): void {
    this.#watch(undefined);
  }

  /** The store whose changes are followed, and what stops following it. */
  #watched?: { store: HistoryStore; stop: () => void };
  /** What other tabs appended to the open conversation while this one was busy (merged once it is idle). */
  #behind: { id: string; from: number; to: number } | undefined;
  /** The merges in order: one at a time, so two never read and write the shown messages at once. */
  #merging: Promise<void> = Promise.resolve();

  /**
   * Follows other tabs' appends to the open conversation (the store
   * broadcasts them): they are shown where the store has them, at once when
   * nothing runs here, else when the turn or call ends (its model saw the
   * conversation as it began; saves of both tabs keep the store's order).
   */
  #watch(store: HistoryStore | undefined): void {
    if (this.#watched?.store === store) return;
    this.#watched?.stop();
    this.#watched = undefined;
    if (!store) return;
    const onChange = (event: HistoryChangeEvent) => {
      const change = event.change;
      if (!event.remote || change.type !== 'messages' || change.conversationId !== this.#host.conversationId) return;
      const behind = this.#behind?.id === change.conversationId ? this.#behind : undefined;
      this.#behind = {
        id: change.conversationId,
        from: Math.min(change.fromSeq, behind?.from ?? Infinity),
        to: Math.max(change.toSeq, behind?.to ?? 0),
      };
      if (!this.#host.chatBusy) this.#catchUp();
    };
    store.addEventListener('change', onChange);
    this.#watched = { store, stop: () => store.removeEventListener('change', onChange) };
  }

  /** Merges what other tabs appended (see {@link #watch}); a failed read is told, and the next change tries again. */
  #catchUp(): void {
    const behind = this.#behind;
    if (!behind) return;
    this.#behind = undefined;
    this.#merging = this.#merging
      .then(() => this.#host.mergeStored(behind.id, behind.from, behind.to))
      .catch((error: unknown) =>
        this.#host.reportError('history', this.#host.text.otherTabNotShown(errorInWords(error, this.#host.text)), error),
      );
  }

  hostUpdated(): void {
    this.#watch(this.store);
    if (this.#behind && !this.#host.chatBusy) {
      if (this.#behind.id === this.#host.conversationId) this.#catchUp();
      else this.#behind = undefined;
    }
    const id = this.#host.conversationId;
    try {
      if (id) localStorage.setItem(this.#openKey, id);
    } catch {
      // Not remembered across reloads when storage is blocked.
    }
  }

  /** The page changed `store`: open the remembered conversation from the new one. */
  storeChanged(): void {
    this.#restored = false;
    void this.#restore();
  }

  /** Forgets the open conversation (a new one is starting). */
  forgetOpen(): void {
    try {
      localStorage.removeItem(this.#openKey);
    } catch {
      // ignore
    }
  }

  async #initStore(): Promise<void> {
    const host = this.#host;
    if (host.pageStore === undefined && !this.defaultStore) {
      let history;
      try {
        history = await this.#history.load();
      } catch (error) {
        host.reportError('history', host.text.notSaved(errorInWords(error, host.text)), error);
        return;
      }
      if (this.defaultStore) return;
      try {
        this.defaultStore = await history.openHistory();
      } catch (error) {
        this.defaultStore = history.createMemoryHistory();
        host.reportError('history', host.text.notSaved(errorInWords(error, host.text)), error);
      }
      host.requestUpdate();
    }
    await this.#restore();
  }

  async #restore(): Promise<void> {
    if (this.#restored || !this.store) return;
    this.#restored = true;
    let id: string | null = null;
    try {
      id = localStorage.getItem(this.#openKey);
    } catch {
      // Storage may be blocked; start with an empty conversation.
    }
    // The person began a conversation before the store opened: it stays (and is saved, see whenStore).
    if (!id || this.#host.messages.length) return;
    try {
      await this.#host.reopen(id);
    } catch {
      // The conversation was deleted meanwhile.
    }
  }
}
