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
  /** The interface text in use. */
  readonly text: ChatStrings;
  /** The person's edits changed the list: connect what is new, close what is gone. */
  serversEdited(): void;
  announce(text: string): void;
}

/** What is remembered per `storage-key`: servers the person added, and page servers they removed (by address). */
interface StoredEdits {
  added: string[];
  removed: string[];
}

/** The "Add server" field's state. */
export interface AddServerState {
  /** The address being connected to, while it is tried. */
  connecting?: string;
  /** Why the last address was not added (said at the field). */
  error?: string;
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

const urlOf = (server: ChatServer): string => (typeof server === 'string' ? server : server.url);

/**
 * The servers a person added in the Servers panel and the page's servers
 * they removed, remembered per `storage-key` (localStorage), so the same
 * list comes back after a reload. An address is added only once it
 * connects; otherwise the diagnosis is shown at the field and nothing is
 * kept. A page server the person removed is remembered as removed (and can
 * be restored); one they added is simply forgotten. With `fixed-servers`
 * nothing is read, offered or kept: the page's servers are the list.
 */
export class ServerEdits implements ReactiveController {
  readonly #host: ServerEditsHost;
  #edits: StoredEdits = { added: [], removed: [] };
  #loadedKey: string | undefined;
  /** An address being tried (in the list while it connects, not yet kept). */
  #trying: string | undefined;
  add: AddServerState = {};

  constructor(host: ServerEditsHost) {
    this.#host = host;
    host.addController(this);
  }

  get #key(): string {
    return `mcp-chat:servers:${this.#host.storageKey}`;
  }

  hostConnected(): void {
    this.load();
  }

  /** Reads the edits of the current `storage-key` (again when it changed). */
  load(): void {
    if (this.#loadedKey === this.#host.storageKey) return;
    this.#loadedKey = this.#host.storageKey;
    this.#edits = { added: [], removed: [] };
    try {
      const saved = JSON.parse(localStorage.getItem(this.#key) ?? 'null') as Partial<StoredEdits> | null;
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && isWebAddress(x)) : []);
      if (saved) this.#edits = { added: strings(saved.added), removed: strings(saved.removed) };
    } catch {
      // Nothing remembered (blocked storage or a broken entry).
    }
  }

  #save(): void {
    try {
      if (this.#edits.added.length || this.#edits.removed.length) localStorage.setItem(this.#key, JSON.stringify(this.#edits));
      else localStorage.removeItem(this.#key);
    } catch {
      // Not remembered beyond this page.
    }
  }

  /** Addresses the person added (kept), in order. */
  get added(): readonly string[] {
    return this.#host.fixedServers ? [] : this.#edits.added;
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
    const added = [...this.#edits.added, ...(this.#trying ? [this.#trying] : [])].filter((url) => !have.has(url) && (have.add(url), true));
    return [...kept, ...added];
  }

  /** Whether the person added this server (else it is one of the page's). */
  isAdded(connection: McpConnection): boolean {
    return this.#edits.added.includes(connection.url) || this.#trying === connection.url;
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
   * it was added.
   */
  async addServer(input: string): Promise<boolean> {
    if (this.#host.fixedServers || this.add.connecting) return false;
    const checked = this.check(input, this.#host.servers.connections);
    if ('error' in checked) {
      this.add = { error: checked.error };
      this.#host.requestUpdate();
      return false;
    }
    const url = checked.url;
    this.#edits.removed = this.#edits.removed.filter((u) => u !== url);
    this.#trying = url;
    this.add = { connecting: url };
    this.#host.serversEdited();
    this.#host.requestUpdate();
    // The connection is opened once the connecting code has loaded (ServerSet.setServers is asynchronous).
    const connection = await appeared(url, this.#host.servers);
    const outcome = connection ? await settled(connection, this.#host.servers) : 'timeout';
    this.#trying = undefined;
    const t = this.#host.text;
    if (outcome === 'connected' && connection) {
      this.#edits.added = [...this.#edits.added.filter((u) => u !== url), url];
      this.#save();
      this.add = {};
      this.#host.announce(t.serverAdded(this.#host.servers.nameOf(connection)));
      this.#host.requestUpdate();
      return true;
    }
    const diagnosis =
      outcome === 'timeout' ? t.serverTimedOut : outcome === 'auth-required' ? t.serverNeedsSignIn : (connection?.error ? diagnosisText(connection.error, t) : t.serverTimedOut);
    this.add = { error: t.serverConnectFailed(url, diagnosis) };
    this.#host.serversEdited();
    this.#host.requestUpdate();
    return false;
  }

  /** Removes a server for this person: one they added is forgotten, one of the page's is remembered as removed. */
  remove(connection: McpConnection): void {
    if (this.#host.fixedServers) return;
    const url = connection.url;
    const name = this.#host.servers.nameOf(connection);
    if (this.#edits.added.includes(url)) this.#edits.added = this.#edits.added.filter((u) => u !== url);
    else if (!this.#edits.removed.includes(url)) this.#edits.removed = [...this.#edits.removed, url];
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
