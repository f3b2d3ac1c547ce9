// The main demo page: <mcp-chat> on the servers and provider the address names.
import '../src/elements/mcp-chat/mcp-chat.js';
import { keepParamsInLinks, readChatParams } from './chat-params.js';

keepParamsInLinks();

const chat = document.querySelector('mcp-chat')!;
const { servers, provider, ollamaUrl } = readChatParams();
chat.servers = servers;
if (provider) chat.provider = provider;
if (ollamaUrl) chat.ollamaUrl = ollamaUrl;
