import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { McpConnection } from '../../../mcp/connection.js';
import type { ServerSet, ChatServer } from './server-set.js';
import type { ChatStrings } from '../strings.js';
import { diagnosisText } from '../error-words.js';

/** What the person's server edits need from their element. */
export interface ServerEditsHost extends ReactiveControllerHost {
  readonly storageKey: string;
  readonly servers: ServerSet;
  /** The element's `fixed-servers`: the page's servers only, no edits. */
  readonly fixedServers: boolean;
  /** The element's `allow-key-storage`: secret header values may be remembered in this browser (else memory only). */
  readonly allowKeyStorage: boolean;
  /** The interface text in use. */
  readonly text: ChatStrings;
  /** The person's edits changed the list: connect what is new, close what is gone. */
  serversEdited(): void;
  announce(text: string): void;
}

/**
 * A server the person added, as remembered: its address, and for one added
 * from the MCP Registry its name, its non-secret headers and the names of its
 * secret ones (their values are kept apart, see {@link ServerEdits}).
 */
interface AddedServer {
  url: string;
  name?: string;
  headers?: Record<string, string>;
  secretHeaders?: string[];
}

/** What is remembered per `storage-key`: servers the person added, and page servers they removed (by address). */
interface StoredEdits {
  /** An address typed in the panel is kept as a plain string (the format before registry servers). */
  added: Array<string | AddedServer>;
  removed: string[];
}

/** A server to add: an address the person typed, or one from the registry with its headers. */
export type ServerToAdd = string | { url: string; name?: string; headers?: Record<string, string>; secretHeaders?: readonly string[] };

/** The "Add server" field's state. */
export interface AddServerState {
  /** The address being connected to, while it is tried. */
  connecting?: string;
  /** Why the last address was not added (said at the field). */
  error?: string;
  /** The server came from the MCP Registry search (its status is said there, not at the address field). */
  fromRegistry?: boolean;
}

/** How long an added server may take to answer before it is given up (ms). */
const CONNECT_TIMEOUT_MS = 30_000;

/** An address as the connections keep it (resolved, normalised). */
const normalise = (url: string): string => {
  try {
    return new URL(url, typeof location === 'undefined' ? undefined : location.href).href;
  } catch {
    return url;
  }
};

const urlOf = (server: ChatServer | AddedServer): string => (typeof server === 'string' ? server : server.url);

/** Longest name kept for an added server. */
const MAX_NAME = 200;
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
  const secretHeaders = Array.isArray(v.secretHeaders) ? v.secretHeaders.filter((h): h is string => typeof h === 'string' && TOKEN.test(h)) : [];
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
 * nothing is read, offered or kept: the page's servers are the list.
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
  add: AddServerState = {};

  constructor(host: ServerEditsHost) {
    this.#host = host;
    host.addController(this);
  }

  get #key(): string {
    return `mcp-chat:servers:${this.#host.storageKey}`;
  }

  get #secretsKey(): string {
    return `mcp-chat:server-secrets:${this.#host.storageKey}`;
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

  #save(): void {
    try {
      if (this.#edits.added.length || this.#edits.removed.length) localStorage.setItem(this.#key, JSON.stringify(this.#edits));
      else localStorage.removeItem(this.#key);
    } catch {
      // Not remembered beyond this page.
    }
    // Secret values: only where the page allows keys to be remembered (as the model's API key).
    if (!this.#host.allowKeyStorage) return;
    try {
      const kept = new Set(this.#edits.added.map(urlOf));
      const secrets = Object.fromEntries([...this.#secrets].filter(([url]) => kept.has(url)));
      if (Object.keys(secrets).length) localStorage.setItem(this.#secretsKey, JSON.stringify(secrets));
      else localStorage.removeItem(this.#secretsKey);
    } catch {
      // Kept in memory only.
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
    const added = [...this.#edits.added, ...(this.#trying ? [this.#trying] : [])].filter((s) => !have.has(urlOf(s)) && (have.add(urlOf(s)), true));
    return [...kept, ...added.map((s) => this.#config(s))];
  }

  /** Whether the person added this server (else it is one of the page's). */
  isAdded(connection: McpConnection): boolean {
    return this.added.includes(connection.url) || this.#trying?.url === connection.url;
  }

  /** Checks an address the person typed; the reason it cannot be added, in words, or the address. */
  check(input: string, current: readonly McpConnection[]): { url: string } | { error: string } {
    const t = this.#host.text;
    const text = input.trim();
    if (!text) return { error: t.serverUrlEmpty };
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { error: t.serverUrlInvalid(text) };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: t.serverUrlScheme };
    if (url.username || url.password) return { error: t.serverUrlCredentials };
    if (current.some((c) => c.url === url.href)) return { error: t.serverUrlDuplicate };
    return { url: url.href };
  }

  /**
   * Tries the address: it joins the list while it connects; once connected it
   * is kept (and comes back after a reload); if it cannot connect it leaves
   * the list again and the diagnosis is shown at the field. Resolves whether
   * it was added. A server from the registry brings its name and headers;
   * `secretHeaders` names those whose values are secrets (kept like API keys).
   */
  async addServer(input: ServerToAdd): Promise<boolean> {
    const fromRegistry = typeof input !== 'string';
    if (this.#host.fixedServers || this.add.connecting) return false;
    const checked = this.check(typeof input === 'string' ? input : input.url, this.#host.servers.connections);
    if ('error' in checked) {
      this.add = { error: checked.error, fromRegistry };
      this.#host.requestUpdate();
      return false;
    }
    const url = checked.url;
    const entry = typeof input === 'string' ? undefined : splitSecrets(url, input);
    this.#edits.removed = this.#edits.removed.filter((u) => u !== url);
    if (entry?.secrets) this.#secrets.set(url, entry.secrets);
    this.#trying = entry?.server ?? { url };
    this.add = { connecting: url, fromRegistry };
    this.#host.serversEdited();
    this.#host.requestUpdate();
    // The connection is opened once the connecting code has loaded (ServerSet.setServers is asynchronous).
    const connection = await appeared(url, this.#host.servers);
    const outcome = connection ? await settled(connection, this.#host.servers) : 'timeout';
    this.#trying = undefined;
    const t = this.#host.text;
    if (outcome === 'connected' && connection) {
      this.#edits.added = [...this.#edits.added.filter((s) => urlOf(s) !== url), entry?.server ?? url];
      this.#save();
      this.add = {};
      this.#host.announce(t.serverAdded(this.#host.servers.nameOf(connection)));
      this.#host.requestUpdate();
      return true;
    }
    const diagnosis =
      outcome === 'timeout' ? t.serverTimedOut : outcome === 'auth-required' ? t.serverNeedsSignIn : (connection?.error ? diagnosisText(connection.error, t) : t.serverTimedOut);
    if (!this.added.includes(url)) this.#secrets.delete(url);
    this.add = { error: t.serverConnectFailed(url, diagnosis), fromRegistry };
    this.#host.serversEdited();
    this.#host.requestUpdate();
    return false;
  }

  /** Removes a server for this person: one they added is forgotten, one of the page's is remembered as removed. */
  remove(connection: McpConnection): void {
    if (this.#host.fixedServers) return;
    const url = connection.url;
    const name = this.#host.servers.nameOf(connection);
    if (this.added.includes(url)) {
      this.#edits.added = this.#edits.added.filter((s) => urlOf(s) !== url);
      this.#secrets.delete(url);
    } else if (!this.#edits.removed.includes(url)) this.#edits.removed = [...this.#edits.removed, url];
    this.#save();
    this.#host.serversEdited();
    this.#host.announce(this.#host.text.serverRemoved(name));
    this.#host.requestUpdate();
  }

  /** Brings back a page server the person removed. */
  restore(url: string): void {
    this.#edits.removed = this.#edits.removed.filter((u) => u !== url);
    this.#save();
    this.#host.serversEdited();
    this.#host.requestUpdate();
  }

  /** Clears the field's error (the person is typing again). */
  clearError(): void {
    if (!this.add.error) return;
    this.add = {};
    this.#host.requestUpdate();
  }
}

/** A registry server as remembered (name, non-secret headers, the secret names) and its secret values apart. */
function splitSecrets(url: string, input: Exclude<ServerToAdd, string>): { server: AddedServer; secrets?: Record<string, string> } {
  const secretNames = new Set(input.secretHeaders ?? []);
  const headers = Object.entries(input.headers ?? {});
  const plain = headers.filter(([name]) => !secretNames.has(name));
  const secret = headers.filter(([name]) => secretNames.has(name));
  const name = input.name?.trim().slice(0, MAX_NAME);
  const server: AddedServer = {
    url,
    ...(name ? { name } : {}),
    ...(plain.length ? { headers: Object.fromEntries(plain) } : {}),
    ...(secret.length ? { secretHeaders: secret.map(([n]) => n) } : {}),
  };
  return { server, ...(secret.length ? { secrets: Object.fromEntries(secret) } : {}) };
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

/** The connection to `url` once the set has opened it (undefined if it has not within the time allowed). */
function appeared(url: string, servers: ServerSet): Promise<McpConnection | undefined> {
  const find = () => servers.connections.find((c) => c.url === url);
  const now = find();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), CONNECT_TIMEOUT_MS);
    const done = (connection: McpConnection | undefined) => {
      clearTimeout(timer);
      servers.removeEventListener('change', onChange);
      resolve(connection);
    };
    const onChange = () => {
      const connection = find();
      if (connection) done(connection);
    };
    servers.addEventListener('change', onChange);
  });
}

/** Waits until the connection has connected, failed or asks for sign-in (or the time is up). */
function settled(connection: McpConnection, servers: ServerSet): Promise<'connected' | 'failed' | 'auth-required' | 'timeout'> {
  return new Promise((resolve) => {
    const check = () => {
      const state = connection.state;
      if (state !== 'connected' && state !== 'failed' && state !== 'auth-required' && state !== 'closed') return false;
      finish(state === 'closed' ? 'failed' : state);
      return true;
    };
    const timer = setTimeout(() => finish('timeout'), CONNECT_TIMEOUT_MS);
    const finish = (outcome: 'connected' | 'failed' | 'auth-required' | 'timeout') => {
      clearTimeout(timer);
      servers.removeEventListener('change', onChange);
      resolve(outcome);
    };
    const onChange = () => void check();
    servers.addEventListener('change', onChange);
    check();
  });
}
