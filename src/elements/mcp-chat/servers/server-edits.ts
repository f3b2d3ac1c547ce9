import type { ReactiveController } from 'lit';
import type { McpConnection } from '../../../mcp/connection.js';
import type { ChatServer } from './server-set.js';
import {
  editsKey,
  MAX_NAME,
  secretsKey,
  urlOf,
  type AddedServer,
  type AddServerState,
  type ServerEditsHost,
  type ServerEditsState,
  type StoredEdits,
} from './contract.js';

export type { AddServerState, ServerEditsHost, ServerToAdd } from './contract.js';

/** An address as the connections keep it (resolved, normalised). */
const normalise = (url: string): string => {
  try {
    return new URL(url, typeof location === 'undefined' ? undefined : location.href).href;
  } catch {
    return url;
  }
};

/** An HTTP header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Header names and values as strings, from anything (what localStorage held may have been edited). */
function headerRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    (e): e is [string, string] => TOKEN.test(e[0]) && typeof e[1] === 'string' && !/[\r\n]/.test(e[1]),
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** A remembered added server, checked (undefined when it is not one). */
function readAdded(value: unknown): string | AddedServer | undefined {
  if (typeof value === 'string') return isWebAddress(value) ? value : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.url !== 'string' || !isWebAddress(v.url)) return undefined;
  const name = typeof v.name === 'string' && v.name.trim() ? v.name.trim().slice(0, MAX_NAME) : undefined;
  const secretHeaders = Array.isArray(v.secretHeaders)
    ? v.secretHeaders.filter((h): h is string => typeof h === 'string' && TOKEN.test(h))
    : [];
  const headers = headerRecord(v.headers);
  return { url: v.url, ...(name ? { name } : {}), ...(headers ? { headers } : {}), ...(secretHeaders.length ? { secretHeaders } : {}) };
}
/**
 * The servers a person added in the Servers panel and the page's servers
 * they removed, remembered per `storage-key` (localStorage), so the same
 * list comes back after a reload. An address is added only once it
 * connects; otherwise the diagnosis is shown at the field and nothing is
 * kept. A page server the person removed is remembered as removed (and can
 * be restored); one they added is simply forgotten. With `fixed-servers`
 * nothing is read, offered or kept: the page's servers are the list. What
 * the person does in the panel (add, remove, restore) is in
 * server-edit-actions.ts, with the panels' code.
 *
 * A server added from the MCP Registry is remembered with its name and its
 * headers. The values of its secret headers (API keys) are kept like the
 * model's API key: in memory only, unless the page sets `allow-key-storage`;
 * then in this browser (localStorage, apart from the list, under
 * `mcp-chat:server-secrets:<storage-key>`). Without it, after a reload the
 * server comes back without its key and says so (the person adds it again).
 */
export class ServerEdits implements ReactiveController {
  readonly #host: ServerEditsHost;
  #edits: StoredEdits = { added: [], removed: [] };
  /** Values of secret headers by server address (memory; also stored only with `allow-key-storage`). */
  #secrets = new Map<string, Record<string, string>>();
  #loadedKey: string | undefined;
  /** A server being tried (in the list while it connects, not yet kept). */
  #trying: AddedServer | undefined;
  #add: AddServerState = {};

  /** This object's state for the panel's edits (server-edit-actions.ts, loaded later): read-only, changed only through its methods, which write here. */
  readonly state: ServerEditsState;

  constructor(host: ServerEditsHost) {
    this.#host = host;
    host.addController(this);
    // The getters below read this object's private fields; the methods are the only writers.
    const self = this;
    this.state = {
      host,
      get edits() {
        return self.#edits;
      },
      get secrets() {
        return self.#secrets;
      },
      get add() {
        return self.#add;
      },
      get added() {
        return self.added;
      },
      setField: (add) => {
        this.#add = add;
      },
      startTrying: (server, secrets) => {
        this.#edits = { ...this.#edits, removed: this.#edits.removed.filter((u) => u !== server.url) };
        if (secrets) this.#secrets.set(server.url, secrets);
        this.#trying = server;
      },
      endTrying: (kept) => {
        const server = this.#trying;
        this.#trying = undefined;
        if (!server) return;
        const url = server.url;
        const wasKept = this.added.includes(url);
        if (kept)
          this.#edits = {
            ...this.#edits,
            added: [...this.#edits.added.filter((s) => urlOf(s) !== url), Object.keys(server).length === 1 ? url : server],
          };
        else if (!wasKept) this.#secrets.delete(url);
      },
      remove: (url) => {
        if (this.added.includes(url)) {
          this.#edits = { ...this.#edits, added: this.#edits.added.filter((s) => urlOf(s) !== url) };
          this.#secrets.delete(url);
        } else if (!this.#edits.removed.includes(url)) this.#edits = { ...this.#edits, removed: [...this.#edits.removed, url] };
      },
      restore: (url) => {
        this.#edits = { ...this.#edits, removed: this.#edits.removed.filter((u) => u !== url) };
      },
    };
  }

  /** The add field's state (connecting, or the reason an address was not added). */
  get add(): AddServerState {
    return this.#add;
  }

  get #key(): string {
    return editsKey(this.#host.storageKey);
  }

  get #secretsKey(): string {
    return secretsKey(this.#host.storageKey);
  }

  hostConnected(): void {
    this.load();
  }

  /** Reads the edits of the current `storage-key` (again when it changed). */
  load(): void {
    if (this.#loadedKey === this.#host.storageKey) return;
    this.#loadedKey = this.#host.storageKey;
    this.#edits = { added: [], removed: [] };
    this.#secrets = new Map();
    try {
      const saved = JSON.parse(localStorage.getItem(this.#key) ?? 'null') as Partial<StoredEdits> | null;
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && isWebAddress(x)) : []);
      const added = Array.isArray(saved?.added) ? saved.added.map(readAdded).filter((x) => x !== undefined) : [];
      if (saved) this.#edits = { added, removed: strings(saved.removed) };
    } catch {
      // Nothing remembered (blocked storage or a broken entry).
    }
    if (!this.#host.allowKeyStorage) return;
    try {
      const secrets = JSON.parse(localStorage.getItem(this.#secretsKey) ?? 'null') as Record<string, unknown> | null;
      for (const [url, values] of Object.entries(secrets ?? {})) {
        const record = headerRecord(values);
        if (record && isWebAddress(url)) this.#secrets.set(url, record);
      }
    } catch {
      // No keys remembered.
    }
  }

  /** Addresses the person added (kept), in order. */
  get added(): readonly string[] {
    return this.#host.fixedServers ? [] : this.#edits.added.map(urlOf);
  }

  /** A remembered server as the connection takes it: its headers with the secret values known on this page. */
  #config(server: string | AddedServer): ChatServer {
    if (typeof server === 'string') return server;
    const secrets = this.#secrets.get(server.url);
    const headers = { ...server.headers, ...secrets };
    return { url: server.url, ...(server.name ? { name: server.name } : {}), ...(Object.keys(headers).length ? { headers } : {}) };
  }

  /** The page's servers the person removed (by address), for "Restore". */
  removedOf(page: readonly ChatServer[]): string[] {
    if (this.#host.fixedServers) return [];
    const removed = new Set(this.#edits.removed);
    return page.map((s) => normalise(urlOf(s))).filter((url) => removed.has(url));
  }

  /** The servers to connect: the page's, less those the person removed, then those they added. */
  list(page: readonly ChatServer[]): ChatServer[] {
    if (this.#host.fixedServers) return [...page];
    const removed = new Set(this.#edits.removed);
    const kept = page.filter((s) => !removed.has(normalise(urlOf(s))));
    const have = new Set(kept.map((s) => normalise(urlOf(s))));
    const added = [...this.#edits.added, ...(this.#trying ? [this.#trying] : [])].filter(
      (s) => !have.has(urlOf(s)) && (have.add(urlOf(s)), true),
    );
    return [...kept, ...added.map((s) => this.#config(s))];
  }

  /** Whether the person added this server (else it is one of the page's). */
  isAdded(connection: McpConnection): boolean {
    return this.added.includes(connection.url) || this.#trying?.url === connection.url;
  }

  /** Clears the field's error (the person is typing again). */
  clearError(): void {
    if (!this.#add.error) return;
    this.#add = {};
    this.#host.requestUpdate();
  }
}

/** An http(s) address without user info. */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}
