// What the servers feature's controllers and the panels' chunk (the person's
// edits of the list, server-edit-actions.ts) share: the edits' host and state,
// the remembered shapes, and their constants. Nothing here imports a controller.
import type { ReactiveControllerHost } from 'lit';
import type { ChatStrings } from '../strings.js';
import type { ChatServer, ServerSet } from './server-set.js';

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
 * secret ones (their values are kept apart, see `ServerEdits`).
 */
export interface AddedServer {
  url: string;
  name?: string;
  headers?: Record<string, string>;
  secretHeaders?: string[];
}

/** What is remembered per `storage-key`: servers the person added, and page servers they removed (by address). */
export interface StoredEdits {
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

/** The address of a remembered server. */
export const urlOf = (server: ChatServer | AddedServer): string => (typeof server === 'string' ? server : server.url);

/** Where the edits of a chat's `storage-key` are remembered (localStorage). */
export const editsKey = (storageKey: string) => `mcp-chat:servers:${storageKey}`;
/** Where the secret header values of its added servers are, with `allow-key-storage`. */
export const secretsKey = (storageKey: string) => `mcp-chat:server-secrets:${storageKey}`;

/** Longest name kept for an added server. */
export const MAX_NAME = 200;

/**
 * What the person's edits (server-edit-actions.ts, in the panels' chunk) read
 * and change of a `ServerEdits` (server-edits.ts): its host, the remembered list, the
 * secret header values, the server being tried and the field's state.
 */
export interface ServerEditsState {
  readonly host: ServerEditsHost;
  readonly edits: Readonly<StoredEdits>;
  readonly secrets: ReadonlyMap<string, Record<string, string>>;
  readonly add: AddServerState;
  /** Addresses the person added (kept), in order. */
  readonly added: readonly string[];
  /** The add field's state (connecting, or the reason an address was not added). */
  setField(add: AddServerState): void;
  /** `server` joins the list while it connects (not kept yet; no longer removed), with its secret header values. */
  startTrying(server: AddedServer, secrets?: Record<string, string>): void;
  /** The server being tried leaves the list; `kept`: it connected, and is kept (else its secret values are dropped unless it was kept before). */
  endTrying(kept: boolean): void;
  /** One the person added is forgotten (with its secret values); one of the page's is remembered as removed. */
  remove(url: string): void;
  /** A page server the person removed comes back. */
  restore(url: string): void;
}
