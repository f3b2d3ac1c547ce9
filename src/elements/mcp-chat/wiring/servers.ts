// The servers' part of the chat's wiring: the server set, the page's servers
// and what the Servers panel reads.
import type { Wiring } from './types.js';

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
