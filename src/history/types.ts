import type { Message } from '../content/index.js';

/** A server a conversation used, as the page configured it. */
export interface ConversationServer {
  /** The server's MCP endpoint. */
  url: string;
  /** Its name (serverInfo.name or the page's label), when known. */
  name?: string;
  [key: string]: unknown;
}

/** One conversation: its title and what it ran against. Messages are stored apart. */
export interface Conversation {
  id: string;
  title: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds of the last change (rename, append, metadata); the list sorts by it. */
  updatedAt: number;
  /** Servers the conversation used. */
  servers: ConversationServer[];
  /** Provider id (e.g. `openai`, `anthropic`), when known. */
  provider?: string;
  /** Model name, when known. */
  model?: string;
  /** Free metadata of the caller, stored as given. */
  metadata: Record<string, unknown>;
  /** Number of messages; messages are numbered 1..messageCount (`seq`). */
  messageCount: number;
}

/** What {@link HistoryStore.createConversation} takes; everything is optional. */
export interface ConversationInit {
  /** Defaults to a random UUID. */
  id?: string;
  title?: string;
  servers?: ConversationServer[];
  provider?: string;
  model?: string;
  metadata?: Record<string, unknown>;
}

/** Fields {@link HistoryStore.updateConversation} may change. */
export type ConversationPatch = Partial<Pick<Conversation, 'title' | 'servers' | 'provider' | 'model' | 'metadata'>>;

/** Token usage a provider reported for a message. */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  [key: string]: unknown;
}

/**
 * A message to append: an MCP message plus what the turn knew about it.
 * Every field, unknown ones included, is stored unchanged.
 */
export interface NewMessage extends Message {
  /** Epoch milliseconds; defaults to the time of the append. */
  createdAt?: number;
  /** The model that wrote an assistant message. */
  model?: string;
  /** Why the model stopped (`endTurn`, `toolUse`, `maxTokens`, ...). */
  stopReason?: string;
  usage?: Usage;
  [key: string]: unknown;
}

/** A stored message: the appended message plus its place in the conversation. */
export interface StoredMessage extends NewMessage {
  conversationId: string;
  /** 1-based position in the conversation, assigned inside the append's transaction. */
  seq: number;
  createdAt: number;
}

/** A page of conversations, newest first. */
export interface ConversationPage {
  items: Conversation[];
  /** Pass to the next `listConversations` call; absent on the last page. */
  nextCursor?: string;
}

/** The kinds of activity a tool call can cause. */
export const ACTIVITY_KINDS = ['elicitation', 'sampling', 'tool-approval'] as const;
/** One of {@link ACTIVITY_KINDS}. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * The request half of an exchange, as the MCP message that carried it:
 * `{ method: 'elicitation/create', params }`, `{ method: 'sampling/createMessage', params }`,
 * or for a tool approval `{ method: 'tools/call', params: { name, arguments } }`.
 */
export interface ActivityRequest {
  method: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The response half: the MCP result sent back (`ElicitResult`, `CreateMessageResult`,
 * or for an approval `{ action: 'approve' | 'deny' }`) or a JSON-RPC error.
 */
export type ActivityResponse =
  | { result: Record<string, unknown>; [key: string]: unknown }
  | { error: { code: number; message: string; data?: unknown }; [key: string]: unknown };

/** What {@link HistoryStore.appendActivity} takes. */
export interface NewActivity {
  conversationId: string;
  kind: ActivityKind;
  /** The tool_use block whose call caused the exchange. */
  toolUseId?: string;
  /** The server that asked (its URL or id), when there is one. */
  server?: string;
  request: ActivityRequest;
  /** Absent while unanswered. */
  response?: ActivityResponse;
  /** Epoch milliseconds; `requestedAt` defaults to now. */
  requestedAt?: number;
  respondedAt?: number;
  [key: string]: unknown;
}

/** A stored activity record. */
export interface ActivityRecord extends NewActivity {
  id: string;
  requestedAt: number;
}

/** A text block that matched a search. */
export interface SearchHit {
  conversationId: string;
  seq: number;
  createdAt: number;
  /** Up to ~160 characters around the first match. */
  snippet: string;
}

/** What changed, as told to this tab and the others. */
export type HistoryChange =
  | { type: 'conversation'; action: 'created' | 'updated' | 'deleted'; conversationId: string }
  | { type: 'messages'; conversationId: string; fromSeq: number; toSeq: number }
  | { type: 'activity'; conversationId: string; activityId: string; toolUseId?: string }
  | { type: 'cleared' };
