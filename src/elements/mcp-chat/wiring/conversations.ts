// The conversation list's part of the chat's wiring: opening a conversation
// found by search at the message that matched, starting one, importing one.
import type { Wiring } from './types.js';

/** The conversation list's members of the features' host. */
export function conversationsWiring(w: Wiring) {
  const { chat } = w;
  return {
    // A conversation found by search opens at the message that matched (its `seq` in the store).
    openAt: async (id: string, seq?: number) => {
      await chat.openConversation(id);
      const session = w.f.session;
      if (seq === undefined || session.conversation?.id !== id) return;
      await session.whenLoaded();
      const index = session.indexOfSeq(seq);
      if (index >= 0) await chat.showMessage(index);
    },
    newConversation: () => chat.newConversation(),
    pickImport: () => chat.renderRoot.querySelector<HTMLInputElement>('input.import')?.click(),
  };
}
