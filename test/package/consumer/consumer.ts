// A user's TypeScript against the installed tarball (skipLibCheck: false, no
// @types/node): every entry, the element types, the typed events, and the
// generated template typings.
// The root entry: the elements, their events and config types (a page author's names).
import { McpChat } from 'mcp-web-elements';
import type { ChatServerConfig, ProviderConfig } from 'mcp-web-elements';
// The library's areas, each on its own entry.
import { isText, type ContentBlock } from 'mcp-web-elements/content';
import { McpConnection, McpHub } from 'mcp-web-elements/mcp';
import { createAnthropicProvider, createOpenAICompatibleProvider } from 'mcp-web-elements/providers';
import { createMemoryHistory, openHistory } from 'mcp-web-elements/history';
import { runTurn } from 'mcp-web-elements/agent';
import { McpElicitForm, McpSamplingApproval } from 'mcp-web-elements/elements';
import { McpToolCallEvent } from 'mcp-web-elements/events';
import type { CustomElements as JsxElements } from 'mcp-web-elements/jsx';
import type { CustomElements as VueElements } from 'mcp-web-elements/vue';
import type { CustomElements as SvelteElements } from 'mcp-web-elements/svelte';

const chat: McpChat = document.createElement('mcp-chat');
const servers: ChatServerConfig[] = [{ url: 'http://127.0.0.1:3001/mcp', name: 'demo' }];
chat.servers = servers;
const provider: ProviderConfig = { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'gpt-4o-mini' };
chat.provider = provider;
chat.addEventListener('mcp-tool-call', (event) => {
  const typed: McpToolCallEvent = event;
  const status: 'done' | 'error' | 'cancelled' | 'denied' = typed.status;
  console.log(typed.toolUse.name, status);
});
const blocks: ContentBlock[] = [{ type: 'text', text: 'hello' }];
const texts = blocks.filter(isText);
const form: McpElicitForm = document.createElement('mcp-elicit-form');
const approval: McpSamplingApproval = document.createElement('mcp-sampling-approval');
const jsxChat: JsxElements['mcp-chat'] = { server: 'http://127.0.0.1:3001/mcp', 'onmcp-tool-call': (e) => e.toolUse };
const vueChat: VueElements['mcp-chat'] | undefined = undefined;
const svelteChat: SvelteElements['mcp-chat'] = { theme: 'dark' };
export const used = [
  McpHub,
  McpConnection,
  createOpenAICompatibleProvider,
  createAnthropicProvider,
  openHistory,
  createMemoryHistory,
  runTurn,
  texts,
  form,
  approval,
  jsxChat,
  vueChat,
  svelteChat,
];
