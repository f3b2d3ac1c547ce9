// The in-memory history: the same contract as the IndexedDB store, for when
// IndexedDB is unavailable or failed. Nothing outlives the page and other
// tabs hear nothing. Values are copied in and out with structuredClone, as
// IndexedDB does, so callers cannot change stored records by accident.
import { HistoryError } from './errors.js';
import { buildExport } from './export-file.js';
import {
  checkMessages,
  decodeCursor,
  monotonicClock,
  newConversation,
  newestFirst,
  newId,
  normaliseQuery,
  searchTextOf,
  snippetAround,
  toStored,
  encodeCursor,
} from './records.js';
import { HistoryChangeEvent, type HistoryStore } from './store.js';
import type {
  ActivityRecord,
  ActivityResponse,
  Conversation,
  ConversationInit,
  ConversationPage,
  ConversationPatch,
  HistoryChange,
  NewActivity,
  NewMessage,
  SearchHit,
  StoredMessage,
} from './types.js';

const copy = <T>(value: T): T => structuredClone(value);

/**
 * A history kept in memory for this page only (`persistent: false`).
 * Use it when `openHistory()` rejects, and tell the person nothing is saved.
 */
export function createMemoryHistory(): HistoryStore {
  return new MemoryHistory();
}

class MemoryHistory extends EventTarget implements HistoryStore {
  readonly #now = monotonicClock();
  readonly persistent = false;
  #conversations = new Map<string, Conversation>();
  #messages = new Map<string, StoredMessage[]>();
  #activity: ActivityRecord[] = [];
  #closed = false;

  #emit(change: HistoryChange): void {
    // Same event as the IndexedDB store; no BroadcastChannel (nothing is shared).
    this.dispatchEvent(new HistoryChangeEvent(change, false));
  }

  async #run<T>(work: () => T): Promise<T> {
    if (this.#closed) throw new HistoryError('closed', 'The conversation history was closed.');
    return work();
  }

  #need(id: string): Conversation {
    const conversation = this.#conversations.get(id);
    if (!conversation) throw new HistoryError('not-found', `There is no conversation ${id}.`);
    return conversation;
  }

  createConversation(init: ConversationInit = {}): Promise<Conversation> {
    return this.#run(() => {
      const conversation = newConversation(copy(init), this.#now());
      if (this.#conversations.has(conversation.id)) throw new HistoryError('failed', `A conversation ${conversation.id} exists already.`);
      this.#conversations.set(conversation.id, conversation);
      this.#messages.set(conversation.id, []);
      this.#emit({ type: 'conversation', action: 'created', conversationId: conversation.id });
      return copy(conversation);
    });
  }

  listConversations(options: { limit?: number; cursor?: string } = {}): Promise<ConversationPage> {
    const limit = Math.max(1, options.limit ?? 50);
    const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
    return this.#run(() => {
      const all = [...this.#conversations.values()].sort(newestFirst);
      const start = after ? all.findIndex((c) => newestFirst(c, { updatedAt: after.updatedAt, id: after.id } as Conversation) > 0) : 0;
      const items = start < 0 ? [] : all.slice(start, start + limit);
      const more = start >= 0 && start + limit < all.length;
      return more ? { items: copy(items), nextCursor: encodeCursor(items.at(-1)!) } : { items: copy(items) };
    });
  }

  getConversation(id: string): Promise<Conversation | undefined> {
    return this.#run(() => copy(this.#conversations.get(id)));
  }

  renameConversation(id: string, title: string): Promise<Conversation> {
    return this.updateConversation(id, { title });
  }

  updateConversation(id: string, patch: ConversationPatch): Promise<Conversation> {
    return this.#run(() => {
      const current = this.#need(id);
      const next: Conversation = { ...current, ...copy(patch), updatedAt: Math.max(this.#now(), current.updatedAt + 1) };
      this.#conversations.set(id, next);
      this.#emit({ type: 'conversation', action: 'updated', conversationId: id });
      return copy(next);
    });
  }

  deleteConversation(id: string): Promise<void> {
    return this.#run(() => {
      this.#conversations.delete(id);
      this.#messages.delete(id);
      this.#activity = this.#activity.filter((a) => a.conversationId !== id);
      this.#emit({ type: 'conversation', action: 'deleted', conversationId: id });
    });
  }

  appendMessages(conversationId: string, messages: NewMessage[]): Promise<StoredMessage[]> {
    return this.#run(() => {
      if (!Array.isArray(messages)) throw new HistoryError('invalid-messages', 'Messages to append must be an array.');
      if (messages.length === 0) return [];
      const conversation = this.#need(conversationId);
      const list = this.#messages.get(conversationId)!;
      checkMessages(messages, list.at(-1));
      const now = this.#now();
      const stored = toStored(conversationId, conversation.messageCount, copy(messages), now);
      list.push(...stored);
      this.#conversations.set(conversationId, {
        ...conversation,
        messageCount: list.length,
        updatedAt: Math.max(now, conversation.updatedAt + 1),
      });
      this.#emit({ type: 'messages', conversationId, fromSeq: stored[0]!.seq, toSeq: stored.at(-1)!.seq });
      return copy(stored);
    });
  }

  loadLast(conversationId: string, count: number): Promise<StoredMessage[]> {
    return this.#run(() => (count > 0 ? copy((this.#messages.get(conversationId) ?? []).slice(-count)) : []));
  }

  loadBefore(conversationId: string, seq: number, count: number): Promise<StoredMessage[]> {
    return this.#run(() => {
      if (seq <= 1 || count <= 0) return [];
      const list = this.#messages.get(conversationId) ?? [];
      return copy(list.slice(Math.max(0, seq - 1 - count), seq - 1));
    });
  }

  search(query: string, options: { conversationId?: string; limit?: number } = {}): Promise<SearchHit[]> {
    const needle = normaliseQuery(query);
    return this.#run(() => {
      if (!needle) return [];
      const lists =
        options.conversationId === undefined ? [...this.#messages.values()] : [this.#messages.get(options.conversationId) ?? []];
      return lists
        .flat()
        .map((m) => ({ m, text: searchTextOf(m) }))
        .filter(({ text }) => text.includes(needle))
        .sort((a, b) => b.m.createdAt - a.m.createdAt || b.m.seq - a.m.seq)
        .slice(0, options.limit ?? 50)
        .map(({ m, text }) => ({
          conversationId: m.conversationId,
          seq: m.seq,
          createdAt: m.createdAt,
          snippet: snippetAround(text, needle),
        }));
    });
  }

  appendActivity(activity: NewActivity): Promise<ActivityRecord> {
    return this.#run(() => {
      this.#need(activity.conversationId);
      const record: ActivityRecord = { ...copy(activity), id: newId(), requestedAt: activity.requestedAt ?? this.#now() };
      this.#activity.push(record);
      this.#emit({
        type: 'activity',
        conversationId: record.conversationId,
        activityId: record.id,
        ...(record.toolUseId ? { toolUseId: record.toolUseId } : {}),
      });
      return copy(record);
    });
  }

  respondActivity(id: string, response: ActivityResponse, respondedAt?: number): Promise<ActivityRecord> {
    return this.#run(() => {
      const index = this.#activity.findIndex((a) => a.id === id);
      if (index < 0) throw new HistoryError('not-found', `There is no activity ${id}.`);
      const next: ActivityRecord = { ...this.#activity[index]!, response: copy(response), respondedAt: respondedAt ?? this.#now() };
      this.#activity[index] = next;
      this.#emit({
        type: 'activity',
        conversationId: next.conversationId,
        activityId: id,
        ...(next.toolUseId ? { toolUseId: next.toolUseId } : {}),
      });
      return copy(next);
    });
  }

  listActivity(filter: { conversationId: string } | { toolUseId: string }): Promise<ActivityRecord[]> {
    return this.#run(() => {
      const match =
        'conversationId' in filter
          ? (a: ActivityRecord) => a.conversationId === filter.conversationId
          : (a: ActivityRecord) => a.toolUseId === filter.toolUseId;
      return copy(this.#activity.filter(match).sort((a, b) => a.requestedAt - b.requestedAt));
    });
  }

  exportConversation(id: string): Promise<string> {
    return this.#run(() => {
      const conversation = this.#need(id);
      return JSON.stringify(
        buildExport(
          conversation,
          this.#messages.get(id) ?? [],
          this.#activity.filter((a) => a.conversationId === id),
        ),
      );
    });
  }

  async importConversation(input: unknown): Promise<Conversation> {
    // The file's validation (zod) loads now, not with the store.
    const { planImport } = await import('./export-format.js');
    return this.#run(() => {
      const plan = planImport(typeof input === 'string' ? input : copy(input));
      this.#conversations.set(plan.conversation.id, plan.conversation);
      this.#messages.set(plan.conversation.id, plan.messages);
      this.#activity.push(...plan.activity);
      this.#emit({ type: 'conversation', action: 'created', conversationId: plan.conversation.id });
      return copy(plan.conversation);
    });
  }

  clear(): Promise<void> {
    return this.#run(() => {
      this.#conversations.clear();
      this.#messages.clear();
      this.#activity = [];
      this.#emit({ type: 'cleared' });
    });
  }

  close(): void {
    this.#closed = true;
  }
}
