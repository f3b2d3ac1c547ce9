// The servers' part of the chat's wiring: the server set, the page's servers
// and what the Servers panel reads, and the notices above the composer.
import type { McpConnection } from '../../../mcp/connection.js';
import type { Wiring } from '../wiring.js';
import { renderServerProblems, renderSignInNotice } from './notices.js';

/** The servers' members of the features' host. */
export function serversWiring(w: Wiring) {
  const { chat } = w;
  return {
    servers: chat.serverSet,
    get fixedServers() {
      return chat.fixedServers;
    },
    serversEdited: () => chat.serverSet.setServers(w.f.servers.list()),
    get pageServers() {
      return [...(chat.server ? [chat.server] : []), ...chat.servers, ...w.f.discovery.servers];
    },
    get registry() {
      return chat.registry;
    },
    addressField: () => chat.renderRoot.querySelector<HTMLInputElement>('.add-server input') ?? undefined,
    // ChatTrace: the model's API key is scrubbed from every exported trace.
    traceSecrets: () => [w.f.settings.currentConfig().apiKey ?? ''].filter(Boolean),
  };
}

/** Servers to show: the connections, and those whose connection cannot start yet (the connecting code loads, or failed to), shown as connecting, or failed with Retry. */
export function shownServers(w: Wiring): McpConnection[] {
  const set = w.chat.serverSet;
  return [...set.connections, ...(set.pending as unknown as McpConnection[])];
}

/** Above the composer: servers that need sign-in, and those that could not be reached. */
export function renderServerNotices(w: Wiring) {
  const t = w.text.t;
  return [renderSignInNotice(w.chat.serverSet.connections, (c) => w.f.servers.signIn(c), t), renderServerProblems(shownServers(w), t)];
}
