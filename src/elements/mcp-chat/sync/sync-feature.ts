// The chat's sync, in the sync chunk (loaded by the element once `sync` is set):
// the conversations of the store in use are kept in step with the site's sync
// server, and the Conversations panel says where the sync stands, offers Retry
// and "Sign out of sync" (keeping or removing this device's copy), and shares
// the open conversation by a read-only link. A page opened from such a link
// (`#mcp-share=ID`) shows that conversation read-only and live instead: its
// own memory store, no composer, nothing of this browser's conversations.
import { html, nothing, type ReactiveController } from 'lit';
import type { HistoryStore } from '../../../history/index.js';
import {
  openShared,
  revokeShare,
  shareConversation,
  sharedUrl,
  startSync,
  type SharedView,
  type Sync,
  type SyncConflict,
} from '../../../history/sync.js';
import type { SyncErrorDetail } from '../../../history/sync-contract.js';
import '../strings-en-later.js';
import type { ChatStrings } from '../strings.js';
import type { ChatSyncHost } from './contract.js';

/** What the share part says under its buttons. */
type SharingState = { state: 'making' | 'failed' | 'copied' | 'stopped'; why?: string } | undefined;

export class SyncFeature implements ReactiveController {
  readonly #host: ChatSyncHost;
  #sync: Sync | undefined;
  /** What the running sync was started for (a new address or store starts it again). */
  #for: { url: string; store: HistoryStore } | undefined;
  #starting = false;
  #signedOut = false;
  #confirming = false;
  #note = '';
  /** The links made on this page, by conversation: the grant's id and the page address that opens it. */
  readonly #shares = new Map<string, { id: string; link: string }>();
  #sharing: SharingState;
  /** This page was opened from a share link: the conversation it shows (undefined while it opens). */
  #shared: { view?: SharedView; failed?: string } | undefined;
  readonly #onStoreChange = (): void => this.#host.syncChanged();
  /** The page's token, asked each time one is needed (a function may give a fresh one). */
  readonly #tokenSource = async (): Promise<string> => {
    const source = this.#host.syncToken;
    return (typeof source === 'function' ? await source() : source) ?? '';
  };

  constructor(host: ChatSyncHost) {
    this.#host = host;
    host.addController(this);
    const sharedId = host.sharedId;
    if (sharedId && host.syncUrl) void this.#openShared(host.syncUrl, sharedId);
    this.hostUpdated();
  }

  async #openShared(url: string, id: string): Promise<void> {
    this.#shared = {};
    this.#host.requestUpdate();
    try {
      const view = await openShared(sharedUrl(url, id));
      this.#shared = { view };
      view.sync.addEventListener('status', () => this.#host.requestUpdate());
      await this.#host.showShared(view.store, view.conversationId);
    } catch (error) {
      this.#shared = { failed: error instanceof Error ? error.message : String(error) };
    }
    this.#host.requestUpdate();
  }

  hostUpdated(): void {
    if (this.#shared) return; // a shared conversation's page: nothing of this browser's own is synced
    const url = this.#host.syncUrl;
    const store = this.#host.syncStore;
    const wanted = url && store?.persistent && !this.#signedOut ? { url, store } : undefined;
    if (this.#for?.url === wanted?.url && this.#for?.store === wanted?.store) return;
    this.#stop();
    if (wanted) void this.#start(wanted);
  }

  hostDisconnected(): void {
    this.#stop();
    void this.#shared?.view?.close();
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
    const sync = await startSync(target.store, {
      server: target.url,
      token: this.#tokenSource,
      name: `${this.#host.storageKey}:${target.url}`,
    });
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
            ${
              state === 'failed' || state === 'offline'
                ? html`<button class="sync-retry" @click=${() => void this.#sync?.sync()}>${t.syncRetry}</button>`
                : nothing
            }
            <button class="sync-sign-out" @click=${() => ((this.#confirming = true), this.#host.requestUpdate())}>${t.syncSignOut}</button>
          </div>`
      }
      ${this.#renderShare(t)}
    </section>`;
  }

  /** "Share this conversation", then the link in full with Copy and Stop sharing. */
  #renderShare(t: ChatStrings) {
    const id = this.#host.conversationId;
    if (!id || !this.#sync) return nothing;
    const share = this.#shares.get(id);
    const said = this.#sharing;
    const status =
      said?.state === 'making'
        ? t.shareMaking
        : said?.state === 'failed'
          ? t.shareFailed(said.why ?? '')
          : said?.state === 'copied'
            ? t.shareCopied
            : said?.state === 'stopped'
              ? t.shareStopped
              : '';
    return html`<div part="share" class="share">
      ${
        share
          ? html`<label class="share-label">${t.shareLinkLabel}
              <textarea class="share-link" readonly rows="3" .value=${share.link} @focus=${(e: Event) => (e.target as HTMLTextAreaElement).select()}></textarea>
            </label>
            <p class="hint">${t.shareHint}</p>
            <div class="row">
              <button class="share-copy" @click=${() => void this.#copy(share.link)}>${t.shareCopy}</button>
              <button class="share-stop danger" @click=${() => void this.#stopSharing(id, share.id)}>${t.shareStop}</button>
            </div>`
          : html`<div class="row">
              <button class="share-make" ?disabled=${said?.state === 'making'} @click=${() => void this.#share(id)}>${t.shareConversation}</button>
            </div>`
      }
      <p class="hint share-status" role="status">${status}</p>
    </div>`;
  }

  /** Runs a step of sharing against the sync server; what it ends in, or why it failed, is said in the section. */
  async #shareStep(step: (server: string) => Promise<SharingState>): Promise<void> {
    const server = this.#host.syncUrl;
    if (!server) return;
    try {
      this.#sharing = await step(server);
    } catch (error) {
      const detail = (error as { detail?: SyncErrorDetail }).detail;
      this.#sharing = {
        state: 'failed',
        why: this.#words(this.#host.text, detail, error instanceof Error ? error.message : String(error)),
      };
    }
    this.#host.requestUpdate();
  }

  #share(conversationId: string): Promise<void> {
    this.#sharing = { state: 'making' };
    this.#host.requestUpdate();
    return this.#shareStep(async (server) => {
      // What this device wrote must be on the server before the link can show it.
      await this.#sync?.sync();
      const { id } = await shareConversation({ server, token: this.#tokenSource, conversationId });
      this.#shares.set(conversationId, { id, link: this.#host.shareLink(id) });
      return undefined;
    });
  }

  async #copy(link: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(link);
      this.#sharing = { state: 'copied' };
    } catch {
      // No clipboard here (a permission refused): the link stays in its field, selected when focused, to copy by hand.
      this.#sharing = undefined;
    }
    this.#host.requestUpdate();
  }

  #stopSharing(conversationId: string, id: string): Promise<void> {
    return this.#shareStep(async (server) => {
      await revokeShare({ server, token: this.#tokenSource, id });
      this.#shares.delete(conversationId);
      return { state: 'stopped' };
    });
  }

  /**
   * On a page opened from a share link: the notice that takes the composer's
   * place (read-only; opening; the link withdrawn). Undefined elsewhere: the
   * composer is drawn.
   */
  renderShared(t: ChatStrings): unknown {
    const shared = this.#shared;
    if (!shared) return undefined;
    const status = shared.view?.sync.status;
    const gone = shared.failed !== undefined || status?.state === 'failed';
    const line = gone ? t.sharedGone : shared.view ? t.sharedBanner : t.sharedOpening;
    return html`<p part="shared-notice" class="shared-notice" role="status" data-state=${gone ? 'gone' : shared.view ? 'live' : 'opening'}>${line}</p>`;
  }
}
