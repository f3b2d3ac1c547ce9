// Rows as they travel: made from the local store, and checked when they come
// from a server (untrusted: a row that is not what the contract says is left
// out, with the reason).
import type { ConversationDoc, ConversationRow, MessageRow, SyncRow } from '../sync-contract.js';
import type { Conversation, NewMessage, StoredMessage } from '../types.js';

/** The field a message pulled from a server carries in the local store: its sync id. */
export const SYNC_ID_FIELD = 'syncId';

const MAX_ID = 200;
const MAX_TITLE = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

/** The synced fields of a local conversation. */
export function docOf(c: Conversation): ConversationDoc {
  const doc: ConversationDoc = { title: c.title, createdAt: c.createdAt, servers: c.servers, metadata: c.metadata };
  if (c.provider !== undefined) doc.provider = c.provider;
  if (c.model !== undefined) doc.model = c.model;
  return doc;
}

/** JSON with keys sorted: two docs are the same when their texts are. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** Whether two docs say the same (createdAt aside: a device that pulled a conversation created it later). */
export const sameDoc = (a: ConversationDoc, b: ConversationDoc): boolean =>
  stableJson({ ...a, createdAt: undefined }) === stableJson({ ...b, createdAt: undefined });

/** The id of a message written on this device: conversation, device, its seq here. */
export const localMessageId = (conversationId: string, deviceId: string, seq: number): string => `${conversationId}:${deviceId}:${seq}`;

/** The row of a message written here (without the fields the local store added). */
export function messageRow(stored: StoredMessage, deviceId: string): MessageRow {
  const { conversationId, seq, [SYNC_ID_FIELD]: _sync, ...message } = stored;
  return {
    kind: 'message',
    id: localMessageId(conversationId, deviceId, seq),
    conversationId,
    createdAt: stored.createdAt,
    message: message as NewMessage,
  };
}

/** Checks a row from a server: the row, or why it cannot be used. */
export function checkRow(raw: unknown): SyncRow | string {
  if (!isObject(raw)) return 'a row is not an object';
  if (!isId(raw.id)) return 'a row has no usable id';
  if (raw.kind === 'conversation') {
    if (!Number.isSafeInteger(raw.rev) || (raw.rev as number) < 1) return `conversation ${raw.id} has no revision`;
    if (typeof raw.deleted !== 'boolean') return `conversation ${raw.id} does not say whether it is deleted`;
    const doc = raw.doc;
    if (!isObject(doc)) return `conversation ${raw.id} has no fields`;
    if (!raw.deleted) {
      if (typeof doc.title !== 'string' || doc.title.length > MAX_TITLE) return `conversation ${raw.id} has no usable title`;
      if (!Array.isArray(doc.servers) || doc.servers.some((s) => !isObject(s) || typeof s.url !== 'string'))
        return `conversation ${raw.id} has a bad server list`;
      if (!isObject(doc.metadata)) return `conversation ${raw.id} has bad metadata`;
      if (doc.provider !== undefined && typeof doc.provider !== 'string') return `conversation ${raw.id} has a bad provider`;
      if (doc.model !== undefined && typeof doc.model !== 'string') return `conversation ${raw.id} has a bad model`;
      if (doc.createdAt !== undefined && !Number.isFinite(doc.createdAt)) return `conversation ${raw.id} has a bad creation time`;
    }
    return raw as unknown as ConversationRow;
  }
  if (raw.kind === 'message') {
    if (!isId(raw.conversationId)) return `message ${raw.id} names no conversation`;
    if (!Number.isFinite(raw.createdAt)) return `message ${raw.id} has no time`;
    const m = raw.message;
    if (!isObject(m) || (m.role !== 'user' && m.role !== 'assistant')) return `message ${raw.id} is not a user or assistant message`;
    if (!Array.isArray(m.content) || m.content.some((b) => !isObject(b) || typeof b.type !== 'string'))
      return `message ${raw.id} has no list of content blocks`;
    return raw as unknown as MessageRow;
  }
  return `row ${String(raw.id).slice(0, 40)} is of no known kind`;
}
