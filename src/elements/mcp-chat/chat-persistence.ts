import type { ReactiveController } from 'lit';
import type { HistoryStore } from '../../history/index.js';
import { openHistory } from '../../history/idb-store.js';
import { createMemoryHistory } from '../../history/memory-store.js';
import { describe } from './chat-session.js';
import type { McpChat } from './mcp-chat.js';
import type { ProviderConfig } from './provider-config.js';

/**
 * What `<mcp-chat>` keeps across reloads: the default history store (IndexedDB,
 * memory when IndexedDB is unavailable), which conversation is open, and the
 * model settings the person chose (the key only where the page allows it).
 * Everything is keyed by the chat's `storage-key`; blocked storage only means
 * nothing is remembered.
 */
export class ChatPersistence implements ReactiveController {
  readonly #host: McpChat;
  #restored = false;
  /** The default store, once opened (used when the page set no `store`). */
  defaultStore: HistoryStore | undefined;

  constructor(host: McpChat) {
    this.#host = host;
    host.addController(this);
  }

  get #openKey(): string {
    return `mcp-chat:open:${this.#host.storageKey}`;
  }

  /** localStorage key of the model settings. */
  get settingsKey(): string {
    return `mcp-chat:provider:${this.#host.storageKey}`;
  }

  hostConnected(): void {
    this.#loadSettings();
    void this.#initStore();
  }

  hostUpdated(): void {
    const id = this.#host.session.conversation?.id;
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

  /** Remembers model settings; the key only when the page allows it and the person asked. */
  saveSettings(config: ProviderConfig, withKey: boolean): void {
    try {
      localStorage.setItem(this.settingsKey, JSON.stringify(withKey && this.#host.allowKeyStorage ? config : { ...config, apiKey: undefined }));
    } catch {
      // Not remembered.
    }
  }

  #loadSettings(): void {
    try {
      const saved = localStorage.getItem(this.settingsKey);
      if (!saved) return;
      const config = JSON.parse(saved) as ProviderConfig;
      if (!this.#host.allowKeyStorage) delete config.apiKey;
      if (config.model) this.#host.settingsConfig = config;
    } catch {
      // Nothing remembered.
    }
  }

  async #initStore(): Promise<void> {
    const host = this.#host;
    if (host.store === undefined && !this.defaultStore) {
      try {
        this.defaultStore = await openHistory();
      } catch (error) {
        this.defaultStore = createMemoryHistory();
        host.reportError('history', `Conversations will not be saved: ${describe(error)}`, error);
      }
      host.requestUpdate();
    }
    await this.#restore();
  }

  async #restore(): Promise<void> {
    const host = this.#host;
    if (this.#restored || !host.chatStore) return;
    this.#restored = true;
    let id: string | null = null;
    try {
      id = localStorage.getItem(this.#openKey);
    } catch {
      // Storage may be blocked; start with an empty conversation.
    }
    if (!id) return;
    try {
      await host.session.open(id);
      host.scroller.follow();
    } catch {
      // The conversation was deleted meanwhile.
    }
  }
}
