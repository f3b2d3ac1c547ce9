// Discovery's part of the chat's wiring: the element's `auto` settings.
import type { Wiring } from './types.js';

/** Discovery's members of the features' host. */
export function discoveryWiring(w: Wiring) {
  const { chat } = w;
  return {
    get auto() {
      return chat.auto;
    },
    get discoveryOrigin() {
      return chat.discoveryOrigin;
    },
    get oauthRedirect() {
      return chat.oauthRedirect;
    },
    get givesServers() {
      return Boolean(chat.server) || chat.servers.length > 0;
    },
  };
}
