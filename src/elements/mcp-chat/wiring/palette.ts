// The palette's part of the chat's wiring: running a tool and inserting a
// prompt's messages into the conversation.
import type { Message } from '../../../content/index.js';
import type { Wiring } from './types.js';

/** The palette's members of the features' host. */
export function paletteWiring(w: Wiring) {
  const { chat } = w;
  return {
    focusRunForm: () => void w.focusAfterUpdate('.run-form input, .run-form select, .run-form textarea, .run-form button[type=submit]'),
    runTool: (name: string, args: Record<string, unknown>) => w.f.session.runToolDirectly(name, args),
    // A prompt's messages join the conversation; the model answers when the last one is the person's.
    addToConversation: (message: Message) => w.f.session.append(message),
    insertPrompt: async (messages: Message[]) => {
      for (const message of messages) await w.f.session.append(message);
      if (messages.at(-1)?.role === 'user' && chat.chatProvider) await w.f.session.runTurn();
    },
  };
}
