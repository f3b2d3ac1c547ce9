// Pure helpers shared by the IndexedDB and in-memory stores: building
// records, checking messages before a write, search text, list cursors.
import { checkToolPairing, ToolPairingError, type Message } from '../content/index.js';
import { HistoryError } from './errors.js';
import type { Conversation, ConversationInit, NewMessage, StoredMessage } from './types.js';

/** A new random id (UUID v4). */
export const newId = (): string => crypto.randomUUID();

/**
 * A clock that never returns the same millisecond twice (nor goes back):
 * two changes within one millisecond still list in the order they happened.
 */
export function monotonicClock(): () => number {
  let last = 0;
  return () => (last = Math.max(Date.now(), last + 1));
}

/** A conversation record for `init`, created at `now`. */
export function newConversation(init: ConversationInit = {}, now = Date.now()): Conversation {
  const conversation: Conversation = {
    id: init.id ?? newId(),
    title: init.title ?? '',
    createdAt: now,
    updatedAt: now,
    servers: init.servers ?? [],
    metadata: init.metadata ?? {},
    messageCount: 0,
  };
  if (init.provider !== undefined) conversation.provider = init.provider;
  if (init.model !== undefined) conversation.model = init.model;
  return conversation;
}

/**
 * Checks the shape of messages to append (role, content array of typed blocks)
 * and the tool pairing rule after `previous` (the last stored message).
 * @throws {HistoryError} kind 'invalid-messages', with the ToolPairingError as cause.
 */
export function checkMessages(messages: readonly NewMessage[], previous?: Message): void {
  if (!Array.isArray(messages)) throw new HistoryError('invalid-messages', 'Messages to append must be an array.');
  messages.forEach((m, i) => {
    if (typeof m !== 'object' || m === null || !Array.isArray(m.content)) {
      throw new HistoryError('invalid-messages', `Message ${i} has no content array.`);
    }
    const bad = (m.content as unknown[]).findIndex(
      (b) => typeof b !== 'object' || b === null || typeof (b as { type?: unknown }).type !== 'string',
    );
    if (bad >= 0) throw new HistoryError('invalid-messages', `Message ${i}, block ${bad} has no type.`);
  });
  try {
    checkToolPairing(messages, previous);
  } catch (error) {
    if (error instanceof ToolPairingError) {
      throw new HistoryError('invalid-messages', `Not saved: ${error.message}.`, { cause: error });
    }
    throw error;
  }
}

/** The records for `messages` appended after `lastSeq`; the input objects are not changed. */
export function toStored(conversationId: string, lastSeq: number, messages: readonly NewMessage[], now = Date.now()): StoredMessage[] {
  return messages.map((m, i) => ({ ...m, conversationId, seq: lastSeq + 1 + i, createdAt: m.createdAt ?? now }));
}

/**
 * The searchable text of a message: its text blocks and the text blocks
 * inside its tool results, lower-cased. Empty when it has none.
 */
export function searchTextOf(message: Message): string {
  const parts: string[] = [];
  for (const block of message.content) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (block.type === 'tool_result' && Array.isArray(block.content)) {
      for (const inner of block.content) if (inner.type === 'text' && typeof inner.text === 'string') parts.push(inner.text);
    }
  }
  return parts.join('\n').toLowerCase();
}

/** Normalises a search query; empty means "match nothing". */
export const normaliseQuery = (query: string): string => query.trim().toLowerCase();

/** About 160 characters of `text` around the first occurrence of `needle` (both lower-cased). */
export function snippetAround(text: string, needle: string, width = 160): string {
  const at = Math.max(0, text.indexOf(needle));
  const start = Math.max(0, at - Math.floor((width - needle.length) / 2));
  const piece = text
    .slice(start, start + width)
    .replace(/\s+/g, ' ')
    .trim();
  return (start > 0 ? '…' : '') + piece + (start + width < text.length ? '…' : '');
}

/** Position in the newest-first conversation list: the last item of a page. */
export interface ListPosition {
  updatedAt: number;
  id: string;
}

/** Opaque cursor text for a list position. */
export const encodeCursor = (p: ListPosition): string => btoa(JSON.stringify([p.updatedAt, p.id]));

/** Reads a cursor from {@link encodeCursor}; a malformed one is an error the caller made. */
export function decodeCursor(cursor: string): ListPosition {
  try {
    const [updatedAt, id] = JSON.parse(atob(cursor)) as unknown[];
    if (typeof updatedAt === 'number' && typeof id === 'string') return { updatedAt, id };
  } catch {
    // fall through
  }
  throw new TypeError(`Not a conversation list cursor: ${cursor}`);
}

/** Orders conversations newest first (updatedAt, then id, both descending), as the IndexedDB index does. */
export const newestFirst = (a: Conversation, b: Conversation): number =>
  b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
