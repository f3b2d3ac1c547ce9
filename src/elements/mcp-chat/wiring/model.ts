// The model settings' part of the chat's wiring: the element's model
// properties as the settings read them.
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
      return { provider: chat.provider, model: chat.model, baseUrl: chat.baseUrl, modelUrl: chat.modelUrl };
    },
    setPageModel: (model: string) => (chat.model = model),
    serversSettled: () => chat.serverSet.whenConnected(1500),
  };
}
