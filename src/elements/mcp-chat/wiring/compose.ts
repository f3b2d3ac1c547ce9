// The chat as a composition of features: each built in dependency order with
// its own host (feature-hosts.ts: only the members its host interface names,
// and the handles of the features before it that it uses) and the chunks it
// loads when first needed, which the element gives (only the element imports
// chunks.ts). Where an earlier feature needs a later one, it asks by an intent
// (intents.ts) that the later one handles here, once built. The element keeps
// the result and its public surface; what calls what across features stays in
// orchestration.ts.
import { ChatApps } from '../apps/chat-apps.js';
import { ChatComposer } from '../composer/chat-composer.js';
import { ChatPersistence } from '../conversation/chat-persistence.js';
import { ChatScroll } from '../conversation/chat-scroll.js';
import { ChatSession } from '../conversation/chat-session.js';
import { ConversationView } from '../conversation/conversation-view.js';
import { ChatConversations } from '../conversations/chat-conversations.js';
import { ChatDiscovery } from '../discovery/chat-discovery.js';
import { ModelSettings } from '../model/model-settings.js';
import { ChatPageTools } from '../page-tools/chat-page-tools.js';
import { ChatPalette } from '../palette/chat-palette.js';
import { InputRequests } from '../requests/input-requests.js';
import { ChatResources } from '../resources/chat-resources.js';
import { ChatServers } from '../servers/chat-servers.js';
import { ChatShell } from '../shell/chat-shell.js';
import { ChatVoice } from '../voice/chat-voice.js';
import {
  appsHost,
  composerHost,
  conversationsHost,
  discoveryHost,
  inputsHost,
  pageToolsHost,
  paletteHost,
  persistenceHost,
  resourcesHost,
  scrollHost,
  serversHost,
  sessionHost,
  settingsHost,
  shellHost,
  viewHost,
  voiceHost,
} from './feature-hosts.js';
import type * as Panels from '../shell/panels.chunk.js';
import { answerEnded, answerStreamed } from './analytics.js';
import { ChatIntents } from './intents.js';
import type { ChatFeatures, ElementWiring } from './types.js';

/** The chunks the features load when first needed (chunks.ts's exports, by the same names). */
export interface ChatChunks {
  panelsChunk: ConstructorParameters<typeof ChatShell<typeof Panels>>[1];
  turnChunk: ConstructorParameters<typeof ChatSession>[1]['turn'] & ConstructorParameters<typeof ModelSettings>[1];
  resumeChunk: ConstructorParameters<typeof ChatSession>[1]['resume'];
  runFormChunk: ConstructorParameters<typeof ChatPalette>[1];
  feedbackChunk: ConstructorParameters<typeof ConversationView>[3];
  sourcesChunk: ConstructorParameters<typeof ConversationView>[4];
  historyChunk: ConstructorParameters<typeof ChatPersistence>[1];
  browserModelChunk: ConstructorParameters<typeof ModelSettings>[2];
  modelConsentChunk: ConstructorParameters<typeof ModelSettings>[3];
  elicitChunk: ConstructorParameters<typeof InputRequests>[1]['elicit'];
  samplingChunk: ConstructorParameters<typeof InputRequests>[1]['sampling'];
  appViewChunk: ConstructorParameters<typeof ChatApps>[1];
  messagesChunk: ConstructorParameters<typeof ChatApps>[2];
  registrySearchChunk: ConstructorParameters<typeof ChatServers>[1];
  discoverChunk: ConstructorParameters<typeof ChatDiscovery>[1];
  webMcpChunk: ConstructorParameters<typeof ChatPageTools>[1];
  pageToolRegistryChunk: ConstructorParameters<typeof ChatPageTools>[2];
  filesChunk: ConstructorParameters<typeof ChatComposer>[3];
  voiceChunk: ConstructorParameters<typeof ChatVoice>[1];
}

/**
 * Builds the chat's features for the element behind `w`, with the chunks it
 * gives, in dependency order: each host gets the features before it; each
 * intent is handled by its owner once that is built.
 */
export function composeChat(w: ElementWiring, c: ChatChunks): ChatFeatures {
  const { chat } = w;
  const intents = new ChatIntents();
  const shell = new ChatShell(shellHost(w), c.panelsChunk);
  const voice = new ChatVoice(voiceHost(w, { shell }), c.voiceChunk);
  const session = new ChatSession(sessionHost(w, { shell, voice }, intents), {
    turn: c.turnChunk,
    resume: c.resumeChunk,
    save: c.historyChunk,
  });
  intents.handle('turn-ended', (result) => answerEnded(chat, session, result, c.sourcesChunk));
  const scroll = new ChatScroll(scrollHost(w, { session }));
  intents.handle('conversation-shown', () => scroll.reset());
  intents.handle('stream-changed', () => {
    scroll.streamChanged();
    answerStreamed(chat, session);
  });
  const view = new ConversationView(viewHost(w, { shell, session, voice }), session, scroll, c.feedbackChunk, c.sourcesChunk);
  const persistence = new ChatPersistence(persistenceHost(w, { shell, session }), c.historyChunk);
  intents.handle('store-ready', () => persistence.whenStore());
  const settings = new ModelSettings(settingsHost(w, { shell, session }), c.turnChunk, c.browserModelChunk, c.modelConsentChunk);
  const palette = new ChatPalette(paletteHost(w, { shell, session }, intents), c.runFormChunk);
  const composer = new ChatComposer(composerHost(w, { session }), palette, voice, c.filesChunk);
  intents.handle('composer-clear', () => composer.clear());
  intents.handle('composer-focus', () => composer.focus());
  const conversations = new ChatConversations(conversationsHost(w, { shell, session, view }));
  intents.handle('conversation-created', () => {
    if (chat.panel === 'conversations') conversations.refresh();
  });
  // Registers itself as a controller (elicitation and sampling handlers, paste and drop): nothing else calls it.
  const inputs = new InputRequests(inputsHost(w, { shell, session, scroll }), { elicit: c.elicitChunk, sampling: c.samplingChunk });
  const apps = new ChatApps(appsHost(w, { shell, session, scroll }), c.appViewChunk, c.messagesChunk);
  intents.handle('model-context', () => apps.modelContext());
  intents.handle('tool-input-streaming', ({ id, name, argumentsText }) => apps.inputStreaming(id, name, argumentsText));
  const discovery = new ChatDiscovery(discoveryHost(w, { shell }, intents), c.discoverChunk);
  const servers = new ChatServers(serversHost(w, { shell, settings, discovery }, intents), c.registrySearchChunk);
  intents.handle('servers-edited', () => chat.serverSet.setServers(servers.list()));
  const resources = new ChatResources(resourcesHost(w, { shell }));
  const pageTools = new ChatPageTools(pageToolsHost(w, { shell, scroll }), c.webMcpChunk, c.pageToolRegistryChunk);
  const unowned = intents.unowned();
  if (unowned.length) throw new Error(`The chat's intents ${unowned.join(', ')} have no owner.`);
  return {
    shell,
    session,
    scroll,
    view,
    persistence,
    settings,
    palette,
    composer,
    conversations,
    inputs,
    apps,
    servers,
    discovery,
    resources,
    pageTools,
    voice,
  };
}
