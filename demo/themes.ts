// The theme gallery: three chats styled only from themes.css, each showing
// tool results run without a model.
import '../src/elements/mcp-chat/mcp-chat.js';
import { keepParamsInLinks, readChatParams } from './chat-params.js';

keepParamsInLinks();

const { servers } = readChatParams();
for (const chat of document.querySelectorAll('mcp-chat')) {
  chat.store = null;
  chat.servers = servers;
  void chat.runTool('weather', { city: 'Lisbon' }).then(() => chat.runTool('rich-content'));
}
