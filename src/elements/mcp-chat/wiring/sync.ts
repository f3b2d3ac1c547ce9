// The sync's part of the chat's wiring: the element's `sync` and `syncToken`,
// the store in use, and what a sync change means for the rest of the chat.
import type { Wiring } from './types.js';

/** The sync feature's members of the features' host. */
export function syncWiring(w: Wiring) {
  const { chat } = w;
  return {
    get syncUrl() {
      return chat.sync;
    },
    get syncToken() {
      return chat.syncToken;
    },
    get syncStore() {
      return chat.chatStore;
    },
    syncChanged: () => {
      if (chat.panel === 'conversations') w.f.conversations.refresh();
    },
    syncCleared: () => chat.newConversation(),
  };
}
