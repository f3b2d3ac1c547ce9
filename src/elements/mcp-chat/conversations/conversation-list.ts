import type { ReactiveControllerHost } from 'lit';
import type { ChatStrings } from '../strings.js';
import type { Conversation, HistoryStore } from '../../../history/index.js';
import { errorInWords } from '../error-words.js';
import type { ChatErrorSource } from '../contract.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** What the conversation list needs from its element. */
export interface ConversationListHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly store: HistoryStore | undefined;
  announce(text: string): void;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/**
 * The saved conversations as the Conversations panel shows them: the list,
 * the search and its full-text hits, which row is being renamed or waits for
 * "Delete?" confirmation; and the store operations behind the panel's buttons.
 */
export class ConversationList {
  readonly #host: ConversationListHost;
  #conversations: readonly Conversation[] | undefined;
  #query = '';
  #hits: ReadonlyMap<string, number> | undefined;
  #renaming: string | undefined;
  #confirming: string | undefined;

  /** The saved conversations, newest first (undefined until first read). */
  get conversations(): readonly Conversation[] | undefined {
    return this.#conversations;
  }

  /** What the search box holds (`search()` changes it). */
  get query(): string {
    return this.#query;
  }

  /** Conversations whose messages match the query (the store's full-text search), with the newest matching message's seq. */
  get hits(): ReadonlyMap<string, number> | undefined {
    return this.#hits;
  }

  /** The conversation being renamed (`edit()` changes it). */
  get renaming(): string | undefined {
    return this.#renaming;
  }

  /** The conversation whose deletion waits for the person's confirmation (`edit()` changes it). */
  get confirming(): string | undefined {
    return this.#confirming;
  }
  /** Bumped on each search so an older, slower answer is dropped. */
  #generation = 0;

  constructor(host: ConversationListHost) {
    this.#host = host;
  }

  /** Reloads the list (after a change, on opening the panel, or for a search). */
  async refresh(): Promise<void> {
    const store = this.#host.store;
    if (!store) return;
    const generation = ++this.#generation;
    const query = this.query.trim();
    try {
      const conversations = (await store.listConversations({ limit: 200 })).items;
      let hits: Map<string, number> | undefined;
      if (query) {
        hits = new Map();
        // Newest first: the first hit of a conversation is its newest match.
        for (const h of await store.search(query, { limit: 200 })) if (!hits.has(h.conversationId)) hits.set(h.conversationId, h.seq);
      }
      if (generation !== this.#generation) return;
      this.#conversations = conversations;
      this.#hits = hits;
    } catch (error) {
      this.#host.reportError('history', this.#host.text.listFailed(errorInWords(error, this.#host.text)), error);
    }
    this.#host.requestUpdate();
  }

  /** The message of `id` that matched the search (its seq), when the search found one. */
  hitOf(id: string): number | undefined {
    return this.query.trim() ? this.hits?.get(id) : undefined;
  }

  /** The conversations the panel lists (filtered by title or full-text hit). */
  get visible(): readonly Conversation[] {
    const q = this.query.trim().toLowerCase();
    return (this.conversations ?? []).filter((c) => !q || c.title.toLowerCase().includes(q) || this.hits?.has(c.id));
  }

  search(query: string): void {
    this.#query = query;
    void this.refresh();
  }

  /** Shows the rename form of a row (or none), or the delete confirmation (or none). */
  edit(mode: { renaming?: string; confirming?: string }): void {
    this.#renaming = mode.renaming;
    this.#confirming = mode.confirming;
    this.#host.requestUpdate();
  }

  async rename(c: Conversation, title: string): Promise<void> {
    this.#renaming = undefined;
    try {
      if (title && title !== c.title) await this.#host.store!.renameConversation(c.id, title);
      this.#host.announce(this.#host.text.renamed(title || c.title));
    } catch (error) {
      this.#host.reportError('history', this.#host.text.renameFailed(errorInWords(error, this.#host.text)), error);
    }
    await this.refresh();
  }

  /** Deletes a conversation; `deleted` runs once it is gone, before the list is reloaded. */
  async remove(c: Conversation, deleted?: () => void): Promise<void> {
    this.#confirming = undefined;
    try {
      await this.#host.store!.deleteConversation(c.id);
      deleted?.();
      this.#host.announce(this.#host.text.deleted(c.title));
    } catch (error) {
      this.#host.reportError('history', this.#host.text.deleteFailed(errorInWords(error, this.#host.text)), error);
    }
    await this.refresh();
  }

  /** The conversation as an export file's text, or undefined after reporting why not. */
  async exportText(c: Conversation): Promise<string | undefined> {
    try {
      return await this.#host.store!.exportConversation(c.id);
    } catch (error) {
      this.#host.reportError('history', this.#host.text.exportFailed(errorInWords(error, this.#host.text)), error);
      return undefined;
    }
  }

  /** Imports an export file; the new conversation's id, or undefined after reporting why not. */
  async importFile(file: File): Promise<string | undefined> {
    try {
      const store = this.#host.store!;
      const imported = await store.importConversation(await file.text());
      // Told apart from the original: the title says it was imported, and when.
      const when = new Date().toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
      const conversation = await store.updateConversation(imported.id, {
        title: `${imported.title} (imported ${when})`.slice(0, 120),
        metadata: { ...imported.metadata, importedAt: Date.now(), importedFrom: file.name },
      });
      await this.refresh();
      return conversation.id;
    } catch (error) {
      this.#host.reportError('import', this.#host.text.importFailed(errorInWords(error, this.#host.text)), error);
      return undefined;
    }
  }
}
