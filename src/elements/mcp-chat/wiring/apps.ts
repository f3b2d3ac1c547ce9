// The app views' part of the chat's wiring: the sandbox, and what an app's
// view sends into the conversation.
import type { ContentBlock, Message } from '../../../content/index.js';
import type { Wiring } from './types.js';
import { APP_VIEWS_META_KEY, withSavedView, type SavedAppView } from '../apps/saved-views.js';

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
    get savedAppViews() {
      return session().conversation?.metadata[APP_VIEWS_META_KEY];
    },
    // After the saves before it: the conversation is saved by then if it is going to be.
    saveAppView: (toolUseId: string, saved: SavedAppView) =>
      session().saved().then(() => {
        const id = session().conversation?.id;
        return id ? session().saveMetadata(id, APP_VIEWS_META_KEY, (all) => withSavedView(all, toolUseId, saved)) : false;
      }),
    toolInputStreaming: (id: string, name: string, argumentsText: string) => w.f.apps.inputStreaming(id, name, argumentsText),
    recordAppCall: (use: Message, result: Message) => void session().whenIdle().then(() => (void session().append(use), session().append(result))),
  };
}
