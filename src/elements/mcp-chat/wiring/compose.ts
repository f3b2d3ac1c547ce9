// The chat as a composition of features: each built in dependency order with
// its own host (feature-hosts.ts: only the members its host interface names)
// and the chunks it loads when first needed, which the element gives (only the
// element imports chunks.ts). The element keeps the result and its public
// surface; what calls what stays in the hosts and orchestration.ts.
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
import type { ChatFeatures, Wiring } from './types.js';

/** The chunks the features load when first needed (chunks.ts's exports, by the same names). */
export interface ChatChunks {
  panelsChunk: ConstructorParameters<typeof ChatShell<typeof Panels>>[1];
  turnChunk: ConstructorParameters<typeof ChatSession>[1]['turn'] & ConstructorParameters<typeof ModelSettings>[1];
  resumeChunk: ConstructorParameters<typeof ChatSession>[1]['resume'];
  runFormChunk: ConstructorParameters<typeof ChatPalette>[1];
  feedbackChunk: ConstructorParameters<typeof ConversationView>[3];
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
  voiceChunk: ConstructorParameters<typeof ChatVoice>[1];
}

/** Builds the chat's features for the element behind `w`, with the chunks it gives. */
export function composeChat(w: Wiring, c: ChatChunks): ChatFeatures {
  const shell = new ChatShell(shellHost(w), c.panelsChunk);
  const session = new ChatSession(sessionHost(w), { turn: c.turnChunk, resume: c.resumeChunk });
  const scroll = new ChatScroll(scrollHost(w));
  const palette = new ChatPalette(paletteHost(w), c.runFormChunk);
  const voice = new ChatVoice(voiceHost(w), c.voiceChunk);
  return {
    shell,
    session,
    scroll,
    view: new ConversationView(viewHost(w), session, scroll, c.feedbackChunk),
    persistence: new ChatPersistence(persistenceHost(w), c.historyChunk),
    settings: new ModelSettings(settingsHost(w), c.turnChunk, c.browserModelChunk, c.modelConsentChunk),
    palette,
    composer: new ChatComposer(composerHost(w), palette, voice),
    voice,
    conversations: new ChatConversations(conversationsHost(w)),
    // Registers itself as a controller (elicitation and sampling handlers, paste and drop): nothing else calls it.
    inputs: new InputRequests(inputsHost(w), { elicit: c.elicitChunk, sampling: c.samplingChunk }),
    apps: new ChatApps(appsHost(w), c.appViewChunk, c.messagesChunk),
    servers: new ChatServers(serversHost(w), c.registrySearchChunk),
    discovery: new ChatDiscovery(discoveryHost(w), c.discoverChunk),
    resources: new ChatResources(resourcesHost(w)),
    pageTools: new ChatPageTools(pageToolsHost(w), c.webMcpChunk, c.pageToolRegistryChunk),
  };
}
