// The chat's sync, in the sync chunk (loaded by the element once `sync` is set):
// the conversations of the store in use are kept in step with the site's sync
// server, and the Conversations panel says where the sync stands, offers Retry
// and "Sign out of sync" (keeping or removing this device's copy).
import { html, nothing, type ReactiveController } from 'lit';
import type { HistoryStore } from '../../../history/index.js';
import { startSync, type Sync, type SyncConflict } from '../../../history/sync.js';
import type { SyncErrorDetail } from '../../../history/sync-contract.js';
import type { ChatStrings } from '../strings.js';
import type { ChatSyncHost } from './contract.js';

export class SyncFeature implements ReactiveController {
  readonly #host: ChatSyncHost;
  #sync: Sync | undefined;
  /** What the running sync was started for (a new address or store starts it again). */
  #for: { url: string; store: HistoryStore } | undefined;
  #starting = false;
  #signedOut = false;
  #confirming = false;
  #note = '';
  readonly #onStoreChange = (): void => this.#host.syncChanged();

  constructor(host: ChatSyncHost) {
    this.#host = host;
    host.addController(this);
    this.hostUpdated();
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
      const note = e as Event & { message?: unknown; details?: SyncErrorDetail[] };
      const t = this.#host.text;
      this.#note = note.details?.length ? note.details.map((d) => this.#words(t, d, '')).join(' ') : String(note.message ?? '');
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

  /** A sync message in the chat's language: a store failure as the store's errors are said, the rest by `syncError`. */
  #words(t: ChatStrings, detail: SyncErrorDetail | undefined, english: string): string {
    if (!detail) return english;
    if (detail.code === 'local-store') return t.storeError(detail.storeKind ?? 'failed', detail.said ?? '');
    return t.syncError(detail, english);
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
              ? t.syncFailed(this.#words(t, status.detail, status.message))
              : '';
    return html`<section part="sync" class="sync" aria-label=${t.syncHeading}>
      <p class="sync-state" role="status" data-state=${state}><span class="sync-dot" aria-hidden="true"></span><span>${line}</span></p>
      ${this.#note ? html`<p class="hint sync-note">${this.#note}</p>` : nothing}
      ${
        this.#confirming
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
          </div>`
      }
    </section>`;
  }
}
