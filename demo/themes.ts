// The theme gallery: three chats styled only from themes.css, each showing
// tool results run without a model (a code block among them).
import '../src/elements/mcp-chat/mcp-chat.js';
import { keepParamsInLinks, readChatParams } from './chat-params.js';

keepParamsInLinks();

const CODE =
  'A code block in a tool result:\n\n```ts\n// Greets a person by name.\nexport function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n```';

/** Opens every tool card of the chat, as a person would with a click, so the gallery shows the themed results. */
function openCards(chat: HTMLElement): void {
  for (const message of chat.shadowRoot?.querySelectorAll('mcp-message') ?? []) {
    for (const card of message.shadowRoot?.querySelectorAll('mcp-tool-card') ?? []) card.open = true;
  }
}

const { servers } = readChatParams();
for (const chat of document.querySelectorAll('mcp-chat')) {
  chat.store = null;
  chat.servers = servers;
  void chat
    .runTool('weather', { city: 'Lisbon' })
    .then(() => chat.runTool('echo', { message: CODE }))
    .then(() => chat.runTool('rich-content'))
    .then(async () => {
      await chat.updateComplete;
      openCards(chat);
    });
}
