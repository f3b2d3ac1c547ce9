import { html, nothing } from 'lit';
import type { ContentBlock, ResourceContents } from '../../content/index.js';
import type { Conversation } from '../../history/index.js';
import { describe } from './chat-session.js';
import type { McpChat } from './mcp-chat.js';
import { DEFAULT_BASE_URLS, findOllama, listModelIds, PROVIDER_KINDS, type ProviderConfig, type ProviderKind } from './provider-config.js';

/** The side panels of `<mcp-chat>`. */
export type ChatPanel = 'conversations' | 'servers' | 'settings' | 'resources';

/** Data the panels load on demand, kept per chat. */
interface PanelData {
  conversations?: Conversation[];
  query: string;
  hits?: Set<string>;
  models: string[];
  ollama?: string[];
  renaming?: string;
}
const data = new WeakMap<McpChat, PanelData>();
const dataOf = (chat: McpChat): PanelData => {
  let d = data.get(chat);
  if (!d) data.set(chat, (d = { query: '', models: [] }));
  return d;
};

/** Reloads the conversation list (after a change or a search). */
export async function refreshConversations(chat: McpChat): Promise<void> {
  const store = chat.chatStore;
  const d = dataOf(chat);
  if (!store) return;
  try {
    d.conversations = (await store.listConversations({ limit: 200 })).items;
    d.hits = d.query.trim() ? new Set((await store.search(d.query.trim(), { limit: 200 })).map((h) => h.conversationId)) : undefined;
  } catch (error) {
    chat.reportError('history', describe(error), error);
  }
  chat.requestUpdate();
}

/** Renders one panel. */
export function renderChatPanel(chat: McpChat, panel: ChatPanel) {
  switch (panel) {
    case 'conversations':
      return conversations(chat);
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

function conversations(chat: McpChat) {
  const d = dataOf(chat);
  if (!chat.chatStore) return html`<p class="hint">History is turned off.</p>`;
  if (!d.conversations) void refreshConversations(chat);
  const q = d.query.trim().toLowerCase();
  const list = (d.conversations ?? []).filter((c) => !q || c.title.toLowerCase().includes(q) || d.hits?.has(c.id));
  const current = chat.session.conversation?.id;
  const exportOne = async (c: Conversation) => {
    try {
      const text = await chat.chatStore!.exportConversation(c.id);
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${c.title.replace(/[^\w.-]+/g, '_').slice(0, 40) || 'conversation'}.json`;
      chat.renderRoot.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      chat.reportError('history', describe(error), error);
    }
  };
  const importFile = async (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      const conversation = await chat.chatStore!.importConversation(await file.text());
      await refreshConversations(chat);
      await chat.openConversation(conversation.id);
    } catch (error) {
      chat.reportError('import', `That file could not be imported: ${describe(error)}`, error);
    }
  };
  return html`<h2>Conversations</h2>
    <div class="row">
      <button @click=${() => chat.newConversation()}>New</button>
      <button @click=${() => chat.renderRoot.querySelector<HTMLInputElement>('input.import')?.click()}>Import</button>
      <input class="import" type="file" accept="application/json,.json" hidden aria-label="Import a conversation" @change=${importFile} />
    </div>
    <input
      part="search"
      type="search"
      aria-label="Search conversations"
      placeholder="Search"
      .value=${d.query}
      @input=${(e: Event) => {
        d.query = (e.target as HTMLInputElement).value;
        void refreshConversations(chat);
      }}
    />
    ${chat.chatStore.persistent ? nothing : html`<p class="hint">Saved in memory only: conversations end with the page.</p>`}
    <ul part="conversation-list" aria-label="Saved conversations">
      ${list.map((c) =>
        d.renaming === c.id
          ? html`<li class="conversation">
              <input
                aria-label="New title"
                .value=${c.title}
                @keydown=${async (e: KeyboardEvent) => {
                  if (e.key === 'Escape') d.renaming = undefined;
                  if (e.key !== 'Enter') return chat.requestUpdate();
                  d.renaming = undefined;
                  await chat.chatStore!.renameConversation(c.id, (e.target as HTMLInputElement).value.trim() || c.title);
                  await refreshConversations(chat);
                }}
              />
            </li>`
          : html`<li part="conversation" class="conversation" aria-current=${c.id === current ? 'true' : 'false'}>
              <button title=${c.title} @click=${() => chat.openConversation(c.id)}>${c.title}</button>
              <button aria-label=${`Rename ${c.title}`} @click=${() => ((d.renaming = c.id), chat.requestUpdate())}>✎</button>
              <button aria-label=${`Export ${c.title}`} @click=${() => exportOne(c)}>⇩</button>
              <button
                class="danger"
                aria-label=${`Delete ${c.title}`}
                @click=${async () => {
                  if (!confirm(`Delete "${c.title}"?`)) return;
                  await chat.chatStore!.deleteConversation(c.id);
                  if (c.id === current) chat.newConversation();
                  await refreshConversations(chat);
                }}
              >
                ×
              </button>
            </li>`,
      )}
    </ul>`;
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
          ${c.state === 'failed' || c.state === 'auth-required' || c.state === 'idle'
            ? html`<button @click=${() => c.connect().catch(() => {})}>${c.state === 'auth-required' ? 'Sign in' : 'Retry'}</button>`
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
  if (d.ollama === undefined) {
    d.ollama = [];
    void findOllama().then((models) => {
      d.ollama = models ?? [];
      chat.requestUpdate();
    });
  }
  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';
    const next: ProviderConfig = { kind: value('kind') as ProviderKind, baseUrl: value('baseUrl') || undefined, apiKey: value('apiKey') || undefined, model: value('model') || undefined };
    chat.settingsConfig = next;
    const remember = (form.elements.namedItem('remember') as HTMLInputElement | null)?.checked;
    chat.persistence.saveSettings(next, Boolean(remember));
    chat.panel = undefined;
  };
  const loadModels = async (event: Event) => {
    const form = (event.target as HTMLElement).closest('form')!;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    d.models = await listModelIds({ kind: value('kind') as ProviderKind, baseUrl: value('baseUrl') || undefined, apiKey: value('apiKey') || undefined });
    if (!d.models.length) chat.reportError('provider', 'The endpoint listed no models (check the base URL and key), type the model id instead.', undefined);
    chat.requestUpdate();
  };
  return html`<h2>Model</h2>
    ${given ? html`<p class="hint">The page set up a model (${(chat.provider as { label?: string }).label}). Settings here replace it.</p>` : nothing}
    ${d.ollama?.length ? html`<p class="hint">Ollama found on this machine: ${d.ollama.join(', ')}</p>` : nothing}
    <form @submit=${apply} class="run-form">
      <label>Provider
        <select name="kind">
          ${PROVIDER_KINDS.map((k) => html`<option value=${k} ?selected=${cfg.kind === k}>${k === 'openai' ? 'OpenAI-compatible' : k === 'anthropic' ? 'Anthropic' : 'Ollama (local)'}</option>`)}
        </select>
      </label>
      <label>Base URL <input name="baseUrl" type="url" placeholder=${DEFAULT_BASE_URLS[cfg.kind]} .value=${cfg.baseUrl ?? ''} /></label>
      <label>API key <input name="apiKey" type="password" autocomplete="off" .value=${cfg.apiKey ?? ''} /></label>
      <p class="hint">The key is sent only to this endpoint, never to MCP servers${chat.allowKeyStorage ? '' : ', and kept in memory only'}.</p>
      ${chat.allowKeyStorage ? html`<label class="check"><input name="remember" type="checkbox" /> Remember the key in this browser</label>` : nothing}
      <label>Model
        <input name="model" list="model-list" required .value=${cfg.model ?? chat.model ?? ''} />
        <datalist id="model-list">${[...d.models, ...(cfg.kind === 'ollama' ? (d.ollama ?? []) : [])].map((m) => html`<option value=${m}></option>`)}</datalist>
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
