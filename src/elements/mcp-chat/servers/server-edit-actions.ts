// The person's edits of the server list, from the Servers panel (in the
// panels' chunk, shell/panels.chunk.ts): checking a typed address, trying it
// and keeping it once it connects, removing and restoring servers, and
// remembering the list. ServerEdits (server-edits.ts, in the first load) keeps
// what the first connection needs: reading the remembered list.
import type { McpConnection } from '../../../mcp/connection.js';
import { diagnosisText } from '../error-words.js';
import type { ServerSet } from './server-set.js';
import { editsKey, MAX_NAME, secretsKey, urlOf, type AddedServer, type ServerEditsState, type ServerToAdd } from './contract.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** How long an added server may take to answer before it is given up (ms). */
const CONNECT_TIMEOUT_MS = 30_000;

/** Checks an address the person typed; the reason it cannot be added, in words, or the address. */
export function checkAddress(
  state: ServerEditsState,
  input: string,
  current: readonly McpConnection[],
): { url: string } | { error: string } {
  const t = state.host.text;
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
export async function addServer(state: ServerEditsState, input: ServerToAdd): Promise<boolean> {
  const fromRegistry = typeof input !== 'string';
  if (state.host.fixedServers || state.add.connecting) return false;
  const checked = checkAddress(state, typeof input === 'string' ? input : input.url, state.host.servers.connections);
  if ('error' in checked) {
    state.setField({ error: checked.error, fromRegistry });
    state.host.requestUpdate();
    return false;
  }
  const url = checked.url;
  const entry = typeof input === 'string' ? undefined : splitSecrets(url, input);
  state.startTrying(entry?.server ?? { url }, entry?.secrets);
  state.setField({ connecting: url, fromRegistry });
  state.host.serversEdited();
  state.host.requestUpdate();
  // The connection is opened once the connecting code has loaded (ServerSet.setServers is asynchronous).
  const connection = await appeared(url, state.host.servers);
  const outcome = connection ? await settled(connection, state.host.servers) : 'timeout';
  const t = state.host.text;
  state.endTrying(outcome === 'connected' && !!connection);
  if (outcome === 'connected' && connection) {
    save(state);
    state.setField({});
    state.host.announce(t.serverAdded(state.host.servers.nameOf(connection)));
    state.host.requestUpdate();
    return true;
  }
  const diagnosis =
    outcome === 'timeout'
      ? t.serverTimedOut
      : outcome === 'auth-required'
        ? t.serverNeedsSignIn
        : connection?.error
          ? diagnosisText(connection.error, t)
          : t.serverTimedOut;
  state.setField({ error: t.serverConnectFailed(url, diagnosis), fromRegistry });
  state.host.serversEdited();
  state.host.requestUpdate();
  return false;
}

/** Removes a server for this person: one they added is forgotten, one of the page's is remembered as removed. */
export function removeServer(state: ServerEditsState, connection: McpConnection): void {
  if (state.host.fixedServers) return;
  const url = connection.url;
  const name = state.host.servers.nameOf(connection);
  state.remove(url);
  save(state);
  state.host.serversEdited();
  state.host.announce(state.host.text.serverRemoved(name));
  state.host.requestUpdate();
}

/** Brings back a page server the person removed. */
export function restoreServer(state: ServerEditsState, url: string): void {
  state.restore(url);
  save(state);
  state.host.serversEdited();
  state.host.requestUpdate();
}

/** Remembers the list (and, with `allow-key-storage`, the secret values of the kept servers). */
function save(state: ServerEditsState): void {
  try {
    if (state.edits.added.length || state.edits.removed.length)
      localStorage.setItem(editsKey(state.host.storageKey), JSON.stringify(state.edits));
    else localStorage.removeItem(editsKey(state.host.storageKey));
  } catch {
    // Not remembered beyond this page.
  }
  // Secret values: only where the page allows keys to be remembered (as the model's API key).
  if (!state.host.allowKeyStorage) return;
  try {
    const kept = new Set(state.edits.added.map(urlOf));
    const secrets = Object.fromEntries([...state.secrets].filter(([url]) => kept.has(url)));
    if (Object.keys(secrets).length) localStorage.setItem(secretsKey(state.host.storageKey), JSON.stringify(secrets));
    else localStorage.removeItem(secretsKey(state.host.storageKey));
  } catch {
    // Kept in memory only.
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
