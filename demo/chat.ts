// The main demo page: <mcp-chat> on the servers and provider the address names.
import '../src/elements/mcp-chat/mcp-chat.js';
import { keepParamsInLinks, readAppParams, readChatParams, readSyncParams, showSandboxRefusal } from './chat-params.js';

keepParamsInLinks();

const chat = document.querySelector('mcp-chat')!;
const { servers, provider, ollamaUrl } = readChatParams();
const apps = readAppParams();
showSandboxRefusal(apps.sandboxRefused);
// Without ?server=, the demo server and the official basic-vanillajs MCP Apps example.
chat.servers = new URLSearchParams(location.search).has('server') ? servers : [...servers, apps.basicServer];
chat.sandboxUrl = apps.sandboxUrl;
if (provider) chat.provider = provider;
if (ollamaUrl) chat.ollamaUrl = ollamaUrl;
const sync = readSyncParams();
if (sync) {
  chat.syncToken = sync.token;
  chat.sync = sync.url;
}
