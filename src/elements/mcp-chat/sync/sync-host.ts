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
      if (chat.panel === 'conversations') own.refreshConversations();
    },
    syncCleared: () => chat.newConversation(),
    get conversationId() {
      return chat.session.conversation?.id;
    },
    get sharedId() {
      const found = /(?:^#|&)mcp-share=([^&]+)/.exec(location.hash);
      return found ? decodeURIComponent(found[1]!) : undefined;
    },
    shareLink: (id) => {
      const page = new URL(location.href);
      page.hash = `mcp-share=${encodeURIComponent(id)}`;
      return page.href;
    },
    showShared: async (store, conversationId) => {
      chat.toggleAttribute('data-shared-view', true);
      chat.store = store;
      await chat.updateComplete;
      if (conversationId) await chat.openConversation(conversationId);
    },
    reportError: (source, message, error) => own.reportError(source, message, error),
  };
}
