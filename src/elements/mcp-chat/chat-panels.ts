import { html, nothing } from 'lit';
import type { ContentBlock, ResourceContents } from '../../content/index.js';
import { canSignIn, renderSignInButton, signOut } from './chat-auth.js';
import { renderConversations } from './chat-conversations.js';
import { describe } from './chat-session.js';
import type { McpChat } from './mcp-chat.js';
import { DEFAULT_BASE_URLS, findOllama, listModelIds, PROVIDER_KINDS, type ProviderConfig, type ProviderKind } from './provider-config.js';

/** The side panels of `<mcp-chat>`. */
export type ChatPanel = 'conversations' | 'servers' | 'settings' | 'resources';

/** Data the settings panel loads on demand, kept per chat. */
interface PanelData {
  models: string[];
  ollama?: string[];
  /** The address `ollama` was found at (probed again when `ollama-url` changes). */
  ollamaUrl?: string;
}
const data = new WeakMap<McpChat, PanelData>();
const dataOf = (chat: McpChat): PanelData => {
  let d = data.get(chat);
  if (!d) data.set(chat, (d = { models: [] }));
  return d;
};

/** Renders one panel. */
export function renderChatPanel(chat: McpChat, panel: ChatPanel) {
  switch (panel) {
    case 'conversations':
      return renderConversations(chat);
    case 'servers':
      return servers(chat);
    case 'settings':
      return settings(chat);
    case 'resources':
      return resources(chat);
    default: {
      const never: never = panel;
      return never;
    }
  }
}

const STATE_WORDS: Record<string, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  'auth-required': 'Needs sign-in',
  failed: 'Failed',
  closed: 'Closed',
};

function servers(chat: McpChat) {
  const list = chat.serverSet.connections;
  return html`<h2>Servers</h2>
    ${list.length === 0 ? html`<p class="hint">No server. Set the <code>server</code> attribute or the <code>servers</code> property.</p>` : nothing}
    <ul>
      ${list.map(
        (c) => html`<li>
          <strong>${c.name}</strong> <span class="hint">${c.url}</span>
          <p class="hint">
            ${STATE_WORDS[c.state] ?? c.state}${c.state === 'connected'
              ? ` · ${c.getProtocolEra() === 'modern' ? '2026-07-28 (stateless)' : (c.protocolVersion ?? '2025 era')} · ${c.tools.length} tools, ${c.prompts.length} prompts, ${c.resources.length} resources`
              : ''}
          </p>
          ${c.error && c.state !== 'connected' ? html`<p class="diagnosis">${c.error.message}</p>` : nothing}
          ${c.state === 'auth-required' && canSignIn(c)
            ? renderSignInButton(chat, c)
            : c.state === 'failed' || c.state === 'auth-required' || c.state === 'idle'
              ? html`<button @click=${() => c.connect().catch(() => {})}>Retry</button>`
              : nothing}
          ${c.state === 'connected' && canSignIn(c)
            ? html`<button part="sign-out-button" aria-label=${`Sign out of ${c.name}`} @click=${() => signOut(chat, c)}>Sign out</button>`
            : nothing}
        </li>`,
      )}
    </ul>`;
}

function settings(chat: McpChat) {
  const d = dataOf(chat);
  const given = chat.provider && typeof chat.provider === 'object' && 'createMessage' in chat.provider;
  const cfg: ProviderConfig =
    chat.settingsConfig ?? (typeof chat.provider === 'string' ? { kind: chat.provider, baseUrl: chat.baseUrl, model: chat.model } : given ? { kind: 'openai' } : ((chat.provider as ProviderConfig) ?? { kind: 'openai' }));
  if (d.ollamaUrl !== chat.ollamaUrl) {
    const url = (d.ollamaUrl = chat.ollamaUrl);
    d.ollama = [];
    void findOllama({ url }).then((models) => {
      if (d.ollamaUrl !== url) return;
      d.ollama = models ?? [];
      chat.requestUpdate();
    });
  }
  const ollamaBase = `${chat.ollamaUrl.replace(/\/+$/, '')}/v1`;
  const useOllama = () => {
    chat.settingsConfig = { kind: 'ollama', baseUrl: ollamaBase, model: d.ollama![0] };
    chat.persistence.saveSettings(chat.settingsConfig, false);
    chat.panel = undefined;
  };
  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';
    const kind = value('kind') as ProviderKind;
    const next: ProviderConfig = { kind, baseUrl: value('baseUrl') || (kind === 'ollama' ? ollamaBase : undefined), apiKey: value('apiKey') || undefined, model: value('model') || undefined };
    chat.settingsConfig = next;
    const remember = (form.elements.namedItem('remember') as HTMLInputElement | null)?.checked;
    chat.persistence.saveSettings(next, Boolean(remember));
    chat.panel = undefined;
  };
  const loadModels = async (event: Event) => {
    const form = (event.target as HTMLElement).closest('form')!;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const kind = value('kind') as ProviderKind;
    d.models = await listModelIds({ kind, baseUrl: value('baseUrl') || (kind === 'ollama' ? ollamaBase : undefined), apiKey: value('apiKey') || undefined });
    if (!d.models.length) chat.reportError('provider', 'The endpoint listed no models (check the base URL and key), type the model id instead.', undefined);
    chat.requestUpdate();
  };
  return html`<h2>Model</h2>
    ${given ? html`<p class="hint">The page set up a model (${(chat.provider as { label?: string }).label}). Settings here replace it.</p>` : nothing}
    ${d.ollama?.length
      ? html`<p class="hint" role="status">Ollama found at ${chat.ollamaUrl}: ${d.ollama.join(', ')}
          <button type="button" @click=${useOllama}>Use Ollama (${d.ollama[0]})</button></p>`
      : nothing}
    <form @submit=${apply} class="run-form">
      <label>Provider
        <select name="kind">
          ${PROVIDER_KINDS.map((k) => html`<option value=${k} ?selected=${cfg.kind === k}>${k === 'openai' ? 'OpenAI-compatible' : k === 'anthropic' ? 'Anthropic' : 'Ollama (local)'}</option>`)}
        </select>
      </label>
      <label>Base URL <input name="baseUrl" type="url" placeholder=${cfg.kind === 'ollama' ? ollamaBase : DEFAULT_BASE_URLS[cfg.kind]} .value=${cfg.baseUrl ?? ''} /></label>
      <label>API key <input name="apiKey" type="password" autocomplete="off" .value=${cfg.apiKey ?? ''} /></label>
      <p class="hint">The key is sent only to this endpoint, never to MCP servers${chat.allowKeyStorage ? '' : ', and kept in memory only'}.</p>
      ${chat.allowKeyStorage ? html`<label class="check"><input name="remember" type="checkbox" /> Remember the key in this browser</label>` : nothing}
      <label>Model
        <input name="model" list="model-list" required .value=${cfg.model ?? chat.model ?? ''} />
        <datalist id="model-list">${[...new Set([...d.models, ...(cfg.kind === 'ollama' ? (d.ollama ?? []) : [])])].map((m) => html`<option value=${m}></option>`)}</datalist>
      </label>
      <div class="row"><button type="button" @click=${loadModels}>List models</button><button type="submit" class="primary">Use this model</button></div>
    </form>`;
}

function resources(chat: McpChat) {
  const groups = chat.serverSet.listResources();
  const attach = async (uri: string, connectionUrl: string) => {
    const connection = chat.serverSet.connections.find((c) => c.url === connectionUrl);
    if (!connection) return;
    try {
      const result = await connection.readResource(uri);
      const blocks: ContentBlock[] = (result.contents as ResourceContents[]).map((resource) => ({ type: 'resource', resource }));
      chat.attachments = [...chat.attachments, ...blocks];
    } catch (error) {
      chat.reportError('server', `Could not read ${uri}: ${describe(error)}`, error);
    }
  };
  return html`<h2>Resources</h2>
    ${groups.length === 0 ? html`<p class="hint">No connected server.</p>` : nothing}
    ${groups.map(
      (g) => html`<h3>${g.connection.name}</h3>
        ${g.resources.length === 0 && g.templates.length === 0 ? html`<p class="hint">No resources.</p>` : nothing}
        <ul>
          ${g.resources.map(
            (r) => html`<li>
              <strong>${r.title ?? r.name}</strong> <span class="hint">${r.uri}</span>
              <div class="row">
                <button @click=${() => chat.openResource(r.uri)}>Preview</button>
                <button @click=${() => attach(r.uri, g.connection.url)}>Attach</button>
              </div>
            </li>`,
          )}
          ${g.templates.map(
            (t) => html`<li>
              <form
                class="run-form"
                @submit=${(e: SubmitEvent) => {
                  e.preventDefault();
                  const uri = ((e.target as HTMLFormElement).elements.namedItem('uri') as HTMLInputElement).value.trim();
                  if (uri) void attach(uri, g.connection.url);
                }}
              >
                <label>${t.title ?? t.name}<input name="uri" .value=${t.uriTemplate} aria-label=${`URI for ${t.name}`} /></label>
                <span class="hint">Fill in the {placeholders}, then attach.</span>
                <button type="submit">Attach</button>
              </form>
            </li>`,
          )}
        </ul>`,
    )}`;
}
