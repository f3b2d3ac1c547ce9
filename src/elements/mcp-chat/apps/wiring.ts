// The app views' part of the chat's wiring: the sandbox, and what an app's
// view sends into the conversation.
import type { ContentBlock, Message } from '../../../content/index.js';
import type { Wiring } from '../wiring.js';

/** The app views' members of the features' host. */
export function appsWiring(w: Wiring) {
  const { chat } = w;
  const session = () => w.f.session;
  return {
    get sandboxUrl() {
      return chat.sandboxUrl;
    },
    get canSendAppMessage() {
      return !!chat.chatProvider;
    },
    // An app's `ui/message`: the person's next message, sent once the running turn or call has ended.
    sendAppMessage: (content: ContentBlock[]) => void session().whenIdle().then(() => chat.send('', content)),
    recordAppCall: (use: Message, result: Message) => void session().whenIdle().then(() => (void session().append(use), session().append(result))),
  };
}
