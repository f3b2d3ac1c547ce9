import { html, nothing } from 'lit';
import type { Conversation } from '../../history/index.js';
import { describe } from './chat-session.js';
import type { McpChat } from './mcp-chat.js';

/** What the conversations panel holds between renders, per chat. */
interface ListState {
  conversations?: Conversation[];
  query: string;
  /** Conversations whose messages match the query (the store's full-text search). */
  hits?: Set<string>;
  /** The conversation being renamed. */
  renaming?: string;
  /** The conversation whose deletion waits for the person's confirmation. */
  confirming?: string;
  /** Bumped on each search so an older, slower answer is dropped. */
  generation: number;
}
const states = new WeakMap<McpChat, ListState>();
const stateOf = (chat: McpChat): ListState => {
  let s = states.get(chat);
  if (!s) states.set(chat, (s = { query: '', generation: 0 }));
  return s;
};

/** Reloads the conversation list (after a change, on opening the panel, or for a search). */
export async function refreshConversations(chat: McpChat): Promise<void> {
  const store = chat.chatStore;
  const s = stateOf(chat);
  if (!store) return;
  const generation = ++s.generation;
  const query = s.query.trim();
  try {
    const conversations = (await store.listConversations({ limit: 200 })).items;
    const hits = query ? new Set((await store.search(query, { limit: 200 })).map((h) => h.conversationId)) : undefined;
    if (generation !== s.generation) return;
    s.conversations = conversations;
    s.hits = hits;
  } catch (error) {
    chat.reportError('history', describe(error), error);
  }
  chat.requestUpdate();
}

/** Moves focus to an element of the panel once the chat has rendered. */
async function focusAfterUpdate(chat: McpChat, selector: string): Promise<void> {
  await chat.updateComplete;
  chat.renderRoot.querySelector<HTMLElement>(selector)?.focus();
}

async function exportConversation(chat: McpChat, c: Conversation): Promise<void> {
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
}

async function importFile(chat: McpChat, event: Event): Promise<void> {
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
}

function renameRow(chat: McpChat, s: ListState, c: Conversation) {
  const cancel = () => {
    s.renaming = undefined;
    chat.requestUpdate();
    void focusAfterUpdate(chat, `[data-rename="${CSS.escape(c.id)}"]`);
  };
  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    const title = ((event.target as HTMLFormElement).elements.namedItem('title') as HTMLInputElement).value.trim();
    s.renaming = undefined;
    try {
      if (title && title !== c.title) await chat.chatStore!.renameConversation(c.id, title);
      chat.announce(`Renamed to ${title || c.title}.`);
    } catch (error) {
      chat.reportError('history', describe(error), error);
    }
    await refreshConversations(chat);
    void focusAfterUpdate(chat, `[data-open="${CSS.escape(c.id)}"]`);
  };
  return html`<li class="conversation">
    <form class="rename" @submit=${save} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.preventDefault(), e.stopPropagation(), cancel())}>
      <input name="title" class="rename-input" aria-label=${`New title for ${c.title}`} .value=${c.title} required />
      <button type="submit">Save</button>
      <button type="button" @click=${cancel}>Cancel</button>
    </form>
  </li>`;
}

function confirmRow(chat: McpChat, s: ListState, c: Conversation, current: string | undefined) {
  const cancel = () => {
    s.confirming = undefined;
    chat.requestUpdate();
    void focusAfterUpdate(chat, `[data-delete="${CSS.escape(c.id)}"]`);
  };
  const remove = async () => {
    s.confirming = undefined;
    try {
      await chat.chatStore!.deleteConversation(c.id);
      if (c.id === current) chat.newConversation();
      chat.announce(`Deleted ${c.title}.`);
    } catch (error) {
      chat.reportError('history', describe(error), error);
    }
    await refreshConversations(chat);
    void focusAfterUpdate(chat, 'input[part="search"]');
  };
  const id = `confirm-${c.id}`;
  return html`<li class="conversation">
    <div part="confirm" class="confirm" role="group" aria-labelledby=${id} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.preventDefault(), e.stopPropagation(), cancel())}>
      <span id=${id}>Delete “${c.title}”? This cannot be undone.</span>
      <div class="row">
        <button type="button" class="danger" @click=${remove}>Delete</button>
        <button type="button" class="confirm-cancel" @click=${cancel}>Cancel</button>
      </div>
    </div>
  </li>`;
}

/** The Conversations panel: new, import, search, and per conversation open, rename, export, delete. */
export function renderConversations(chat: McpChat) {
  const s = stateOf(chat);
  const store = chat.chatStore;
  if (!store) return html`<p class="hint">History is turned off.</p>`;
  if (!s.conversations) void refreshConversations(chat);
  const q = s.query.trim().toLowerCase();
  const list = (s.conversations ?? []).filter((c) => !q || c.title.toLowerCase().includes(q) || s.hits?.has(c.id));
  const current = chat.session.conversation?.id;
  const row = (c: Conversation) => {
    if (s.renaming === c.id) return renameRow(chat, s, c);
    if (s.confirming === c.id) return confirmRow(chat, s, c, current);
    return html`<li part="conversation" class="conversation" aria-current=${c.id === current ? 'true' : 'false'}>
      <button data-open=${c.id} title=${c.title} @click=${() => chat.openConversation(c.id)}>${c.title}</button>
      <button data-rename=${c.id} aria-label=${`Rename ${c.title}`} @click=${() => ((s.renaming = c.id), (s.confirming = undefined), chat.requestUpdate(), void focusAfterUpdate(chat, 'input.rename-input'))}>✎</button>
      <button aria-label=${`Export ${c.title}`} @click=${() => exportConversation(chat, c)}>⇩</button>
      <button data-delete=${c.id} class="danger" aria-label=${`Delete ${c.title}`} @click=${() => ((s.confirming = c.id), (s.renaming = undefined), chat.requestUpdate(), void focusAfterUpdate(chat, 'button.confirm-cancel'))}>×</button>
    </li>`;
  };
  return html`<h2>Conversations</h2>
    <div class="row">
      <button @click=${() => chat.newConversation()}>New</button>
      <button @click=${() => chat.renderRoot.querySelector<HTMLInputElement>('input.import')?.click()}>Import</button>
      <input class="import" type="file" accept="application/json,.json" hidden aria-label="Import a conversation" @change=${(e: Event) => importFile(chat, e)} />
    </div>
    <input
      part="search"
      type="search"
      aria-label="Search conversations"
      placeholder="Search"
      .value=${s.query}
      @input=${(e: Event) => {
        s.query = (e.target as HTMLInputElement).value;
        void refreshConversations(chat);
      }}
    />
    ${store.persistent ? nothing : html`<p class="hint">Saved in memory only: conversations end with the page.</p>`}
    ${q && s.conversations && list.length === 0 ? html`<p class="hint" role="status">No conversation matches “${s.query.trim()}”.</p>` : nothing}
    <ul part="conversation-list" aria-label="Saved conversations">
      ${list.map(row)}
    </ul>`;
}
