import { isServerKey, serverKey } from '../../mcp/server-key.js';
import { isSamplingPolicy, SamplingPolicy } from './sampling-types.js';

/** A server as policies know it: its URL (a key from `serverKey`), or anything with a `url`. */
export type PolicyServer = string | { url: string };

const keyOf = (server: PolicyServer) => serverKey(typeof server === 'string' ? server : server.url);

/**
 * The person's sampling policy per server, keyed by the server's address
 * (origin + path, see `serverKey`): never by a connection's per-page id,
 * which names another server after a reload with the servers in another
 * order. Entries stored under anything else (older versions stored `mcp-1`)
 * are dropped when read. Unknown servers get `ask`. When given a `Storage` (e.g. `localStorage`), choices
 * survive a reload; a storage that throws (private mode, quota) is ignored
 * and the choices live for the session.
 */
export class SamplingPolicies {
  readonly #policies = new Map<string, SamplingPolicy>();
  readonly #storage?: Storage;
  readonly #key: string;

  constructor(options: { initial?: Record<string, SamplingPolicy>; storage?: Storage; storageKey?: string } = {}) {
    this.#storage = options.storage;
    this.#key = options.storageKey ?? 'mcp-elements:sampling-policies';
    try {
      const saved: unknown = JSON.parse(this.#storage?.getItem(this.#key) ?? '{}');
      if (saved && typeof saved === 'object') {
        for (const [key, policy] of Object.entries(saved))
          if (isServerKey(key) && isSamplingPolicy(policy)) this.#policies.set(key, policy);
      }
    } catch {
      // Unreadable storage: start empty.
    }
    for (const [url, policy] of Object.entries(options.initial ?? {})) this.#policies.set(keyOf(url), policy);
  }

  /**
   * Policies kept in this page's `localStorage` under `storageKey` (in memory
   * only when storage is blocked). Use one per page or widget and keep it:
   * a fresh set per request forgets the person's choices.
   */
  static persisted(storageKey?: string): SamplingPolicies {
    let storage: Storage | undefined;
    try {
      storage = globalThis.localStorage;
    } catch {
      // Blocked storage (sandboxed frame): choices last for the page.
    }
    return new SamplingPolicies({ storage, storageKey });
  }

  /** The policy for a server, by its URL or `{ url }` (`ask` when the person chose none). */
  get(server: PolicyServer): SamplingPolicy {
    return this.#policies.get(keyOf(server)) ?? SamplingPolicy.Ask;
  }

  /** Records the person's choice for a server, by its URL or `{ url }`. */
  set(server: PolicyServer, policy: SamplingPolicy): void {
    if (!isSamplingPolicy(policy)) throw new TypeError(`unknown sampling policy ${JSON.stringify(policy)}`);
    const key = keyOf(server);
    if (!isServerKey(key)) throw new TypeError(`a sampling policy is kept per server URL, not ${JSON.stringify(server)}`);
    this.#policies.set(key, policy);
    try {
      this.#storage?.setItem(this.#key, JSON.stringify(Object.fromEntries(this.#policies)));
    } catch {
      // Storage full or unavailable: the choice holds for this session.
    }
  }
}
