// The sync feature's host, made in the sync chunk from the element and the few
// things only it knows: the element's first load carries nothing of the sync
// but the `sync` and `syncToken` properties and the line that loads this chunk.
import type { ChatSyncElement, ChatSyncHost, ChatSyncInternals } from './contract.js';

export function syncHost(chat: ChatSyncElement, own: ChatSyncInternals): ChatSyncHost {
  return {
    addController: (controller) => chat.addController(controller),
    removeController: (controller) => chat.removeController(controller),
    requestUpdate: () => chat.requestUpdate(),
    get updateComplete() {
      return chat.updateComplete;
    },
    get text() {
      return own.text.t;
    },
    get syncUrl() {
      return chat.sync;
    },
    get storageKey() {
      return chat.storageKey;
    },
    get syncToken() {
      return chat.syncToken;
    },
    get syncStore() {
      return chat.chatStore;
    },
    syncChanged: () => {
      if (chat.panel === 'conversations') own.features.conversations.refresh();
    },
    syncCleared: () => chat.newConversation(),
    reportError: (source, message, error) => own.features.shell.reportError(source, message, error),
  };
}
