// The chat's sync: with `sync` set, the conversations of this browser's store
// are kept in step with the site's sync server (history/sync, loaded only
// then), and the Conversations panel says where the sync stands, offers Retry
// and "Sign out of sync" (keeping or removing this device's copy).
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { HistoryStore } from '../../../history/index.js';
import type { Sync, SyncConflict } from '../../../history/sync.js';
import type { SyncTokenSource } from '../../../history/sync-contract.js';
import type { ChatStrings } from '../strings.js';
import type { Loader } from '../../shared/lazy.js';
import type * as SyncChunk from './sync.chunk.js';

/** What the sync feature needs from the element. */
export interface ChatSyncHost extends ReactiveControllerHost {
  readonly text: ChatStrings;
  /** The element's `sync`: the sync server's base address. */
  readonly syncUrl: string | undefined;
  /** The element's `storage-key`: names this store's sync state (with the address). */
  readonly storageKey: string;
  /** The element's `syncToken`, read each time a token is needed. */
  readonly syncToken: SyncTokenSource | undefined;
  /** The history store in use, once open. */
  readonly syncStore: HistoryStore | undefined;
  /** The store's conversations changed by the sync (the list is read again). */
  syncChanged(): void;
  /** This device's copy was removed: the chat starts an empty conversation. */
  syncCleared(): void;
}

export class ChatSync implements ReactiveController {
  readonly #host: ChatSyncHost;
  /** The sync's code (given by the element: chunks.ts). */
  readonly #code: Loader<typeof SyncChunk>;
  #sync: Sync | undefined;
  /** What the running sync was started for (a new address or store starts it again). */
  #for: { url: string; store: HistoryStore } | undefined;
  #starting = false;
  #signedOut = false;
  #confirming = false;
  #note = '';
  readonly #onStoreChange = (): void => this.#host.syncChanged();

  constructor(host: ChatSyncHost, code: Loader<typeof SyncChunk>) {
    this.#host = host;
    this.#code = code;
    host.addController(this);
  }

  hostUpdated(): void {
    const url = this.#host.syncUrl;
    const store = this.#host.syncStore;
    const wanted = url && store?.persistent && !this.#signedOut ? { url, store } : undefined;
    if (this.#for?.url === wanted?.url && this.#for?.store === wanted?.store) return;
    this.#stop();
    if (wanted) void this.#start(wanted);
  }

  hostDisconnected(): void {
    this.#stop();
  }

  #stop(): void {
    this.#sync?.stop();
    this.#for?.store.removeEventListener('change', this.#onStoreChange);
    this.#sync = undefined;
    this.#for = undefined;
  }

  async #start(target: { url: string; store: HistoryStore }): Promise<void> {
    this.#for = target;
    this.#starting = true;
    this.#host.requestUpdate();
    let startSync: typeof SyncChunk.startSync;
    try {
      ({ startSync } = await this.#code.load());
    } catch (error) {
      this.#starting = false;
      this.#note = (error as Error).message;
      this.#host.requestUpdate();
      return;
    }
    const token = async () => {
      const source = this.#host.syncToken;
      return (typeof source === 'function' ? await source() : source) ?? '';
    };
    const sync = await startSync(target.store, { server: target.url, token, name: `${this.#host.storageKey}:${target.url}` });
    this.#starting = false;
    if (this.#for !== target) return sync.stop(); // changed meanwhile
    this.#sync = sync;
    sync.addEventListener('status', () => this.#host.requestUpdate());
    sync.addEventListener('note', (e) => {
      this.#note = String((e as Event & { message?: unknown }).message ?? '');
      this.#host.requestUpdate();
    });
    sync.addEventListener('conflict', (e) => {
      const c = e as SyncConflict;
      this.#note = this.#host.text.syncConflict(c.theirs.title, c.yours.title);
      this.#host.requestUpdate();
    });
    target.store.addEventListener('change', this.#onStoreChange);
    this.#host.syncChanged();
    this.#host.requestUpdate();
  }

  /** Whether the chat syncs (or was asked to: `sync` is set). */
  get enabled(): boolean {
    return Boolean(this.#host.syncUrl);
  }

  async #signOut(keep: boolean): Promise<void> {
    const sync = this.#sync;
    this.#confirming = false;
    this.#signedOut = true;
    this.#stop();
    await sync?.signOut({ keep });
    if (!keep) this.#host.syncCleared();
    this.#host.syncChanged();
    this.#host.requestUpdate();
  }

  /** The sync section at the top of the Conversations panel; nothing without `sync`. */
  renderSection(t: ChatStrings) {
    if (!this.enabled || !this.#host.syncStore?.persistent) return nothing;
    if (this.#signedOut) {
      return html`<section part="sync" class="sync" aria-label=${t.syncHeading}>
        <p class="sync-state" role="status" data-state="off"><span class="sync-dot" aria-hidden="true"></span>${t.syncOff}</p>
        <div class="row"><button @click=${() => ((this.#signedOut = false), this.#host.requestUpdate())}>${t.syncAgain}</button></div>
      </section>`;
    }
    const status = this.#sync?.status;
    const state = this.#starting || !status ? 'syncing' : status.state;
    const line =
      !status || state === 'syncing'
        ? t.syncSyncing(status?.waiting ?? 0)
        : status.state === 'up-to-date'
          ? t.syncUpToDate
          : status.state === 'offline'
            ? t.syncOffline(status.waiting)
            : status.state === 'failed'
              ? t.syncFailed(status.message)
              : '';
    return html`<section part="sync" class="sync" aria-label=${t.syncHeading}>
      <p class="sync-state" role="status" data-state=${state}><span class="sync-dot" aria-hidden="true"></span><span>${line}</span></p>
      ${this.#note ? html`<p class="hint sync-note">${this.#note}</p>` : nothing}
      ${this.#confirming
        ? html`<div class="confirm" role="group" aria-label=${t.syncSignOut}>
            <span>${t.syncSignOutQuestion}</span>
            <div class="row">
              <button class="sync-keep" @click=${() => this.#signOut(true)}>${t.syncKeepHere}</button>
              <button class="sync-clear danger" @click=${() => this.#signOut(false)}>${t.syncClearHere}</button>
              <button class="sync-cancel" @click=${() => ((this.#confirming = false), this.#host.requestUpdate())}>${t.cancel}</button>
            </div>
          </div>`
        : html`<div class="row">
            ${state === 'failed' || state === 'offline' ? html`<button class="sync-retry" @click=${() => void this.#sync?.sync()}>${t.syncRetry}</button>` : nothing}
            <button class="sync-sign-out" @click=${() => ((this.#confirming = true), this.#host.requestUpdate())}>${t.syncSignOut}</button>
          </div>`}
    </section>`;
  }
}
