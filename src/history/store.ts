import type { TypedEventTarget } from '../content/typed-event-target.js';
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

/**
 * Fired on a store after every change, made in this tab (`remote: false`)
 * or in another tab on the same database (`remote: true`, via BroadcastChannel).
 */
export class HistoryChangeEvent extends Event {
  /** What changed. */
  readonly change: HistoryChange;
  /** True when another tab (another connection) made the change. */
  readonly remote: boolean;
  constructor(change: HistoryChange, remote: boolean) {
    super('change');
    this.change = change;
    this.remote = remote;
  }
}

/** Events of a {@link HistoryStore}. */
export interface HistoryStoreEventMap {
  change: HistoryChangeEvent;
  /**
   * The IndexedDB connection closed without `close()` being called: another
   * tab needs a newer schema, or the browser dropped the database. Further
   * calls reject with 'closed'; ask the person to reload.
   */
  close: Event;
}

/**
 * Conversation history: conversations, their messages (MCP messages stored
 * exactly as given) and the activity log of their tool calls. The IndexedDB
 * store (`openHistory`) and the in-memory one (`createMemoryHistory`) share it.
 *
 * Every method rejects with a `HistoryError` (see its `kind`).
 */
export interface HistoryStore extends TypedEventTarget<HistoryStoreEventMap> {
  /** False for the in-memory store: tell the person nothing outlives the page. */
  readonly persistent: boolean;

  /** Creates a conversation. */
  createConversation(init?: ConversationInit): Promise<Conversation>;
  /** Conversations, newest change first, `limit` (default 50) at a time. */
  listConversations(options?: { limit?: number; cursor?: string }): Promise<ConversationPage>;
  /** One conversation, or undefined. */
  getConversation(id: string): Promise<Conversation | undefined>;
  /** Sets the title. @throws 'not-found' */
  renameConversation(id: string, title: string): Promise<Conversation>;
  /** Changes title, servers, provider, model or metadata. @throws 'not-found' */
  updateConversation(id: string, patch: ConversationPatch): Promise<Conversation>;
  /** Deletes a conversation with its messages and activity (no error if absent). */
  deleteConversation(id: string): Promise<void>;

  /**
   * Appends messages in one transaction: seq numbers follow the last stored
   * message, the tool pairing rule is checked against it, and on any failure
   * nothing is written. @throws 'invalid-messages', 'not-found', 'quota-exceeded'
   */
  appendMessages(conversationId: string, messages: NewMessage[]): Promise<StoredMessage[]>;
  /** The last `count` messages, in seq order. */
  loadLast(conversationId: string, count: number): Promise<StoredMessage[]>;
  /** Up to `count` messages just before `seq`, in seq order (for scrolling back). */
  loadBefore(conversationId: string, seq: number, count: number): Promise<StoredMessage[]>;
  /**
   * Messages whose text blocks (and text inside tool results) contain `query`,
   * case-insensitively; newest first, `limit` (default 50).
   */
  search(query: string, options?: { conversationId?: string; limit?: number }): Promise<SearchHit[]>;

  /** Logs an elicitation, sampling or tool-approval exchange. @throws 'not-found' */
  appendActivity(activity: NewActivity): Promise<ActivityRecord>;
  /**
   * Records the answer to a logged request (logged while the person was still
   * answering). @throws 'not-found' when no activity has that id.
   */
  respondActivity(id: string, response: ActivityResponse, respondedAt?: number): Promise<ActivityRecord>;
  /** Activity of a conversation, or of one tool call, oldest first. */
  listActivity(filter: { conversationId: string } | { toolUseId: string }): Promise<ActivityRecord[]>;

  /** JSON text of a conversation: the conversation, its messages and activity. @throws 'not-found' */
  exportConversation(id: string): Promise<string>;
  /**
   * Imports an export (JSON text or parsed) as a new conversation; a bad file
   * writes nothing. @throws 'invalid-import'
   */
  importConversation(input: unknown): Promise<Conversation>;

  /** Deletes every conversation, message and activity record. */
  clear(): Promise<void>;
  /** Closes the store; later calls reject with 'closed'. */
  close(): void;
}
