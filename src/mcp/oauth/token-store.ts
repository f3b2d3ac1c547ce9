import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/**
 * Everything the browser OAuth provider keeps for one MCP server. Values are
 * the SDK's own objects, stored unchanged (the SDK stamps an `issuer` on
 * tokens and client information and checks it when reading them back).
 */
export interface OAuthServerRecord {
  /** The latest token set (access token, refresh token, scope, expiry). */
  tokens?: StoredOAuthTokens;
  /** Client registrations keyed by authorization-server issuer (RFC 6749 §2.2: a client_id belongs to one AS). */
  clients?: Record<string, StoredOAuthClientInformation>;
  /** The PKCE verifier of the authorization in flight. */
  codeVerifier?: string;
  /** The `state` of the authorization in flight; the callback must echo it. */
  state?: string;
  /** Discovery results, kept so the code is redeemed at the AS the flow started with. */
  discovery?: OAuthDiscoveryState;
}

/**
 * Where the provider keeps its records, one per MCP server URL. Both built-in
 * stores are origin-scoped by the browser, so no other origin can read them.
 */
export interface OAuthStore {
  get(serverKey: string): Promise<OAuthServerRecord | undefined>;
  set(serverKey: string, record: OAuthServerRecord): Promise<void>;
  delete(serverKey: string): Promise<void>;
}

const SESSION_PREFIX = 'mcp-oauth:server:';

/**
 * The default store: `sessionStorage`. Tokens live as long as the tab (they
 * survive reloads and the redirect fallback, not closing the tab) and are not
 * shared with other tabs.
 */
export class SessionStorageOAuthStore implements OAuthStore {
  constructor(private readonly storage: Storage = sessionStorage) {}

  async get(serverKey: string): Promise<OAuthServerRecord | undefined> {
    const raw = this.storage.getItem(SESSION_PREFIX + serverKey);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as OAuthServerRecord;
    } catch {
      // A corrupted entry is treated as "signed out" rather than breaking the page.
      return undefined;
    }
  }

  async set(serverKey: string, record: OAuthServerRecord): Promise<void> {
    this.storage.setItem(SESSION_PREFIX + serverKey, JSON.stringify(record));
  }

  async delete(serverKey: string): Promise<void> {
    this.storage.removeItem(SESSION_PREFIX + serverKey);
  }
}

interface OAuthDB extends DBSchema {
  servers: { key: string; value: OAuthServerRecord };
}

/**
 * The opt-in durable store: IndexedDB database `mcp-oauth` (one object store
 * `servers`, keyed by server URL). Tokens survive closing the tab, so the
 * person stays signed in until they sign out or the tokens are refused.
 * Each method is a single-request transaction (no other `await` inside).
 */
export class IndexedDbOAuthStore implements OAuthStore {
  private db?: Promise<IDBPDatabase<OAuthDB>>;

  constructor(private readonly dbName = 'mcp-oauth') {}

  private open(): Promise<IDBPDatabase<OAuthDB>> {
    this.db ??= openDB<OAuthDB>(this.dbName, 1, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) db.createObjectStore('servers');
      },
    });
    return this.db;
  }

  async get(serverKey: string): Promise<OAuthServerRecord | undefined> {
    return (await this.open()).get('servers', serverKey);
  }

  async set(serverKey: string, record: OAuthServerRecord): Promise<void> {
    await (await this.open()).put('servers', record, serverKey);
  }

  async delete(serverKey: string): Promise<void> {
    await (await this.open()).delete('servers', serverKey);
  }

  /** Closes the database connection (tests and page teardown). */
  async close(): Promise<void> {
    if (this.db) (await this.db).close();
    this.db = undefined;
  }
}
