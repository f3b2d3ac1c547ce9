// The documentation-style page: try-it blocks (<mcp-tool>, one tool each, no
// model) and the assistant chat as a launcher in the corner.
import '../src/elements/mcp-chat/mcp-chat.js';
import '../src/elements/mcp-app-view/mcp-app-view.js';
import '../src/elements/mcp-tool/mcp-tool.js';
import { keepParamsInLinks, readAppParams, readChatParams, showSandboxRefusal } from './chat-params.js';

keepParamsInLinks();

const { servers, provider } = readChatParams();
const apps = readAppParams();
showSandboxRefusal(apps.sandboxRefused);
for (const [id, server] of [
  ['counter-app', servers[0]!],
  ['basic-app', apps.basicServer],
] as const) {
  const view = document.getElementById(id)!;
  if (apps.sandboxUrl) view.setAttribute('sandbox-url', apps.sandboxUrl);
  view.setAttribute('server', server);
}
for (const block of document.querySelectorAll('mcp-tool')) {
  if (apps.sandboxUrl) block.setAttribute('sandbox-url', apps.sandboxUrl);
  block.setAttribute('server', servers[0]!);
}

const corner = document.querySelector<HTMLElementTagNameMap['mcp-chat']>('#corner-chat')!;
// As a docs site would: the assistant finds the site's own server (`npm run demo` serves an MCP
// Catalog naming it, and the server at this origin's /mcp). A `server` in the address names one instead.
if (new URLSearchParams(location.search).has('server')) corner.servers = servers;
else corner.auto = true;
corner.sandboxUrl = apps.sandboxUrl;
if (provider) corner.provider = provider;
const toggle = document.getElementById('corner-toggle')!;
// The corner chat is a launcher; this button in the text opens it too.
toggle.addEventListener('click', () => {
  corner.open = true;
});
