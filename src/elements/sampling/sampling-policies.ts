import { isSamplingPolicy, SamplingPolicy } from './sampling-types.js';

/**
 * The person's sampling policy per server (keyed by the server's id). Unknown
 * servers get `ask`. When given a `Storage` (e.g. `localStorage`), choices
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
        for (const [id, policy] of Object.entries(saved)) if (isSamplingPolicy(policy)) this.#policies.set(id, policy);
      }
    } catch {
      // Unreadable storage: start empty.
    }
    for (const [id, policy] of Object.entries(options.initial ?? {})) this.#policies.set(id, policy);
  }

  /** The policy for a server (`ask` when the person chose none). */
  get(serverId: string): SamplingPolicy {
    return this.#policies.get(serverId) ?? SamplingPolicy.Ask;
  }

  /** Records the person's choice for a server. */
  set(serverId: string, policy: SamplingPolicy): void {
    if (!isSamplingPolicy(policy)) throw new TypeError(`unknown sampling policy ${JSON.stringify(policy)}`);
    this.#policies.set(serverId, policy);
    try {
      this.#storage?.setItem(this.#key, JSON.stringify(Object.fromEntries(this.#policies)));
    } catch {
      // Storage full or unavailable: the choice holds for this session.
    }
  }
}
