// Helpers of the sync tests: people (HS256 JWTs the reference servers accept,
// signed here with their secret), devices (a history database of their own and
// a sync state of their own), waiting until a device shows something.
import { expect, inject } from 'vitest';
import { deleteDB } from 'idb';
import {
  openHistory,
  startSync,
  type HistoryStore,
  type NewMessage,
  type StoredMessage,
  type Sync,
  type SyncTokenSource,
} from '../../src/history/index.js';

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const text = (s: string) => new TextEncoder().encode(s);

/** A token for `sub` (a person of the test's own), signed as the servers expect. */
export async function tokenFor(sub: string, claims: Record<string, unknown> = {}): Promise<string> {
  const key = await crypto.subtle.importKey('raw', text(inject('syncSecret')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const head = b64url(text(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const body = b64url(text(JSON.stringify({ sub, iat: Math.floor(Date.now() / 1000), ...claims })));
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, text(`${head}.${body}`)));
  return `${head}.${body}.${b64url(sig)}`;
}

/** The sync servers; fails with how to install PostgreSQL when it is missing. */
export function syncUrls(): string[] {
  const problem = inject('syncProblem');
  if (problem) throw new Error(problem);
  return inject('syncUrls');
}

export interface Device {
  store: HistoryStore;
  sync?: Sync;
  name: string;
  /** Starts syncing against `server` with `token`. */
  online(server: string, token: SyncTokenSource): Promise<Sync>;
}

const devices: Device[] = [];

/** A device: a history database of its own (and, once online, a sync state of its own). */
export async function device(label: string): Promise<Device> {
  const name = `sync-${label}-${crypto.randomUUID()}`;
  const store = await openHistory({ name });
  const d: Device = {
    store,
    name,
    async online(server, token) {
      d.sync?.stop();
      d.sync = await startSync(store, { server, token, name });
      return d.sync;
    },
  };
  devices.push(d);
  return d;
}

/** Stops every device of the test and deletes its databases. */
export async function closeDevices(): Promise<void> {
  for (const d of devices.splice(0)) {
    d.sync?.stop();
    d.store.close();
    await deleteDB(d.name);
    await deleteDB(`mcp-elements-sync:${d.name}`);
  }
}

export const say = (role: 'user' | 'assistant', t: string, meta?: Record<string, unknown>): NewMessage => ({
  role,
  content: [{ type: 'text', text: t }],
  ...(meta ? { _meta: meta } : {}),
});

/** Every message of a conversation, oldest first. */
export async function allMessages(store: HistoryStore, id: string): Promise<StoredMessage[]> {
  const c = await store.getConversation(id);
  return c ? store.loadLast(id, c.messageCount) : [];
}

/** The texts of a conversation's messages, in order. */
export async function texts(store: HistoryStore, id: string): Promise<string[]> {
  return (await allMessages(store, id)).map((m) => m.content.map((b) => (b.type === 'text' ? b.text : b.type)).join(' '));
}

/** The titles of every conversation on a device, sorted. */
export async function titles(store: HistoryStore): Promise<string[]> {
  return (await store.listConversations({ limit: 1000 })).items.map((c) => c.title).sort();
}

/** Waits until `sync` says up to date. */
export async function upToDate(sync: Sync): Promise<void> {
  await expect.poll(() => sync.status.state).toBe('up-to-date');
}
