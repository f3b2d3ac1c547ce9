// The chat as a composition of features: each built in dependency order with
// its own host (feature-hosts.ts: only the members its host interface names)
// and the chunks it loads when first needed. The element keeps the result and
// its public surface; what calls what stays in the hosts and orchestration.ts.
import { ChatApps } from '../apps/chat-apps.js';
import {
  appViewChunk,
  browserModelChunk,
  discoverChunk,
  elicitChunk,
  feedbackChunk,
  historyChunk,
  messagesChunk,
  modelConsentChunk,
  pageToolRegistryChunk,
  panelsChunk,
  registrySearchChunk,
  resumeChunk,
  runFormChunk,
  samplingChunk,
  turnChunk,
  webMcpChunk,
} from '../chunks.js';
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
} from './feature-hosts.js';
import type { ChatFeatures, Wiring } from './types.js';

/** Builds the chat's features for the element behind `w`. */
export function composeChat(w: Wiring): ChatFeatures {
  const shell = new ChatShell(shellHost(w), panelsChunk);
  const session = new ChatSession(sessionHost(w), { turn: turnChunk, resume: resumeChunk });
  const scroll = new ChatScroll(scrollHost(w));
  const palette = new ChatPalette(paletteHost(w), runFormChunk);
  return {
    shell,
    session,
    scroll,
    view: new ConversationView(viewHost(w), session, scroll, feedbackChunk),
    persistence: new ChatPersistence(persistenceHost(w), historyChunk),
    settings: new ModelSettings(settingsHost(w), turnChunk, browserModelChunk, modelConsentChunk),
    palette,
    composer: new ChatComposer(composerHost(w), palette),
    conversations: new ChatConversations(conversationsHost(w)),
    // Registers itself as a controller (elicitation and sampling handlers, paste and drop): nothing else calls it.
    inputs: new InputRequests(inputsHost(w), { elicit: elicitChunk, sampling: samplingChunk }),
    apps: new ChatApps(appsHost(w), appViewChunk, messagesChunk),
    servers: new ChatServers(serversHost(w), registrySearchChunk),
    discovery: new ChatDiscovery(discoveryHost(w), discoverChunk),
    resources: new ChatResources(resourcesHost(w)),
    pageTools: new ChatPageTools(pageToolsHost(w), webMcpChunk, pageToolRegistryChunk),
  };
}
