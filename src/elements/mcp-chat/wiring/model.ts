// The model settings' part of the chat's wiring: the element's model
// properties as the settings read them.
import type { CSSResult } from 'lit';
import { addStyles } from '../../shared/add-styles.js';
import type { Wiring } from './types.js';

/** The model settings' members of the features' host. */
export function modelWiring(w: Wiring) {
  const { chat } = w;
  return {
    get provider() {
      return chat.chatProvider;
    },
    get allowKeyStorage() {
      return chat.allowKeyStorage;
    },
    get ollamaUrl() {
      return chat.ollamaUrl;
    },
    get page() {
      return { provider: chat.provider, model: chat.model, baseUrl: chat.baseUrl, modelUrl: chat.modelUrl, modelSize: chat.modelSize, modelSha256: chat.modelSha256, openModel: chat.openModel };
    },
    setPageModel: (model: string) => (chat.model = model),
    serversSettled: () => chat.serverSet.whenConnected(1500),
    adoptStyles: (styles: CSSResult) => addStyles(chat.renderRoot as ShadowRoot, styles),
    // A message kept while the model downloaded is answered once it is ready (in the conversation it was sent in).
    answerKept: (conversation: string | undefined) => {
      if (w.f.session.conversation?.id === conversation && !w.f.session.busy) void w.f.session.runTurn();
    },
  };
}
