// The documentation-style page: a tool runner (a model-less <mcp-chat> that
// keeps nothing) and the assistant chat as a launcher in the corner.
import '../src/elements/mcp-chat/mcp-chat.js';
import '../src/elements/mcp-app-view/mcp-app-view.js';
import { keepParamsInLinks, readAppParams, readChatParams, showSandboxRefusal } from './chat-params.js';

keepParamsInLinks();

const { servers, provider } = readChatParams();
const apps = readAppParams();
showSandboxRefusal(apps.sandboxRefused);
for (const [id, server] of [['counter-app', servers[0]!], ['basic-app', apps.basicServer]] as const) {
  const view = document.getElementById(id)!;
  if (apps.sandboxUrl) view.setAttribute('sandbox-url', apps.sandboxUrl);
  view.setAttribute('server', server);
}
const runner = document.querySelector<HTMLElementTagNameMap['mcp-chat']>('#runner')!;
runner.store = null;
runner.servers = servers;
runner.sandboxUrl = apps.sandboxUrl;
document.getElementById('try-weather')!.addEventListener('click', () => void runner.showTool('weather'));
document.getElementById('try-paris')!.addEventListener('click', () => void runner.runTool('weather', { city: 'Paris' }));
document.getElementById('try-rich')!.addEventListener('click', () => void runner.runTool('rich-content'));

const corner = document.querySelector<HTMLElementTagNameMap['mcp-chat']>('#corner-chat')!;
corner.servers = servers;
corner.sandboxUrl = apps.sandboxUrl;
if (provider) corner.provider = provider;
const toggle = document.getElementById('corner-toggle')!;
// The corner chat is a launcher; this button in the text opens it too.
toggle.addEventListener('click', () => {
  corner.open = true;
});
