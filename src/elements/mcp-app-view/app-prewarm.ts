// Pre-warming of MCP App views: what the first view of a page would otherwise
// wait for after the tool's result (bench/apps.mjs, "app view painted after the
// tool's result"), done earlier, in idle time, once a connected server lists
// tools with views. MCP Apps (SEP-1865) lets a host prefetch and cache a tool's
// `ui://` template before the tool runs; nothing here runs any app code: the
// HTML is only read and kept, and only shown in the sandbox as before.
import type { McpConnection } from '../../mcp/connection.js';
import type { ReadResult } from './app-resource.js';
import { loadAppBridge } from './app-bridge-loader.js';

/** Most views read ahead per connection (a server with many views gets its first ones warm, not all read at once). */
export const PREWARM_PER_CONNECTION = 6;

/** How long a read-ahead resource is used (older: read again when the view opens). */
const FRESH_MS = 10 * 60_000;

type Entry = { promise: Promise<ReadResult>; at: number };

/** Per connection: the resources read ahead and not yet taken, and every URI ever read ahead (read ahead once). */
const ahead = new WeakMap<McpConnection, { entries: Map<string, Entry>; tried: Set<string> }>();

function stateOf(connection: McpConnection) {
  let state = ahead.get(connection);
  if (!state) {
    const s = (state = { entries: new Map<string, Entry>(), tried: new Set<string>() });
    ahead.set(connection, s);
    // Another session (reconnecting, closed, failed) or a resource the server says changed: read again. Not when a
    // session that listed its tools becomes connected: a read made then is of that session.
    connection.addEventListener('mcp-connection-change', (e) => {
      if (e.state !== 'connected' && e.state !== 'connecting') s.entries.clear();
    });
    connection.addEventListener('mcp-resource-update', (e) => s.entries.delete(e.uri));
  }
  return state;
}

/**
 * Gets ready for the first view of these tools: loads the AppBridge chunk and
 * reads each `ui://` resource once (at most {@link PREWARM_PER_CONNECTION}
 * per connection, each URI once per connection). Failures are silent: the
 * view reads again when it opens and says what went wrong then.
 */
export function prewarmAppViews(targets: ReadonlyArray<{ connection: McpConnection; uri: string }>): void {
  if (!targets.length) return;
  loadAppBridge().catch(() => {});
  for (const { connection, uri } of targets) {
    // Connected, or connecting with its tools listed (the read waits for connected).
    if (!connection.toolsReady) continue;
    const state = stateOf(connection);
    if (state.tried.has(uri) || state.tried.size >= PREWARM_PER_CONNECTION) continue;
    state.tried.add(uri);
    const entry: Entry = { promise: connection.readResource(uri), at: Date.now() };
    state.entries.set(uri, entry);
    entry.promise.catch(() => {
      if (state.entries.get(uri) === entry) state.entries.delete(uri);
    });
  }
}

/**
 * The read of this view's resource made ahead, taken (a later view reads it
 * again), or undefined. Checked and merged with the listing's metadata by
 * `loadAppResource`, as a read made now would be.
 */
export function takePrewarmed(connection: McpConnection, uri: string): Promise<ReadResult> | undefined {
  const state = ahead.get(connection);
  const entry = state?.entries.get(uri);
  if (!entry) return undefined;
  state!.entries.delete(uri);
  return Date.now() - entry.at < FRESH_MS ? entry.promise : undefined;
}
