import { html, nothing } from 'lit';
import type { Conversation } from '../../../history/index.js';
import type { ConversationList } from './conversation-list.js';
import { conversationDate, groupByDate } from './conversation-groups.js';
import { CHAT_STRINGS_EN, type ChatStrings } from '../strings.js';
import { icon } from '../../shared/icons-later.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** What the Conversations panel's buttons do beyond the list itself. */
export interface ConversationsPanelActions {
  /** Opens a conversation; at the stored message `seq` when a search found it there. */
  open(id: string, seq?: number): void;
  newConversation(): void;
  /** Moves focus to an element of the panel once the chat has rendered. */
  focus(selector: string): void;
  /** Offers a file to download (the export). */
  download(name: string, text: string): void;
  /** Opens the file picker of the import. */
  pickImport(): void;
}

/** The Conversations panel: new, import, search, and per conversation open, rename, export, delete. */
export function renderConversationsPanel(
  list: ConversationList,
  view: {
    hasStore: boolean;
    persistent: boolean;
    currentId: string | undefined;
    text?: ChatStrings;
    lang?: string;
    /** Drawn under the heading (the sync's state). */ above?: unknown;
  },
  actions: ConversationsPanelActions,
) {
  const t = view.text ?? CHAT_STRINGS_EN;
  if (!view.hasStore) return html`<p class="hint">${t.historyOff}</p>`;
  if (!list.conversations) void list.refresh();
  const q = list.query.trim();
  const shown = list.visible;
  const row = (c: Conversation) => {
    if (list.renaming === c.id) return renameRow(list, c, actions, t);
    if (list.confirming === c.id) return confirmRow(list, c, view.currentId, actions, t);
    return html`<li part="conversation" class="conversation" aria-current=${c.id === view.currentId ? 'true' : 'false'}>
      <button data-open=${c.id} title=${c.title} @click=${() => actions.open(c.id, list.hitOf(c.id))}>
        <span class="conversation-title">${c.title}</span>
        <time part="conversation-date" datetime=${new Date(c.updatedAt).toISOString()}>${conversationDate(c.updatedAt, Date.now(), view.lang)}</time>
      </button>
      <button data-rename=${c.id} class="icon-button" aria-label=${t.renameConversation(c.title)}
        data-tip=${t.renameShort} data-tip-end
        @click=${() => (list.edit({ renaming: c.id }), actions.focus('input.rename-input'))}>${icon('pencil')}</button>
      <button class="icon-button" aria-label=${t.exportConversation(c.title)} data-tip=${t.exportShort} data-tip-end @click=${async () => {
        const text = await list.exportText(c);
        if (text !== undefined) actions.download(`${c.title.replace(/[^\w.-]+/g, '_').slice(0, 40) || 'conversation'}.json`, text);
      }}>${icon('download')}</button>
      <button data-delete=${c.id} class="icon-button danger" aria-label=${t.deleteConversation(c.title)}
        data-tip=${t.delete} data-tip-end
        @click=${() => (list.edit({ confirming: c.id }), actions.focus('button.confirm-cancel'))}>${icon('trash')}</button>
    </li>`;
  };
  const onImport = async (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const id = await list.importFile(file);
    if (id) actions.open(id);
  };
  return html`<h2>${t.conversations}</h2>
    ${view.above ?? nothing}
    <div class="row">
      <button @click=${() => actions.newConversation()}>${t.newShort}</button>
      <button @click=${() => actions.pickImport()}>${t.importFile}</button>
      <input class="import" type="file" accept="application/json,.json" hidden aria-label=${t.importLabel} @change=${onImport} />
    </div>
    <input part="search" type="search" aria-label=${t.searchConversations} placeholder=${t.search}
      .value=${list.query} @input=${(e: Event) => list.search((e.target as HTMLInputElement).value)} />
    ${view.persistent ? nothing : html`<p class="hint">${t.memoryOnly}</p>`}
    ${q && list.conversations && shown.length === 0 ? html`<p class="hint" role="status">${t.noConversationMatch(q)}</p>` : nothing}
    <div part="conversation-list" role="list" aria-label=${t.savedConversations}>
      ${groupByDate(shown, t, Date.now(), view.lang).map(
        (g, i) => html`<div role="listitem" class="conversation-group">
          <h3 part="conversation-group" id=${`group-${i}`}>${g.label}</h3>
          <ul aria-labelledby=${`group-${i}`}>${g.conversations.map(row)}</ul>
        </div>`,
      )}
    </div>`;
}

function renameRow(list: ConversationList, c: Conversation, actions: ConversationsPanelActions, t: ChatStrings) {
  const cancel = () => {
    list.edit({});
    actions.focus(`[data-rename="${CSS.escape(c.id)}"]`);
  };
  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    const title = ((event.target as HTMLFormElement).elements.namedItem('title') as HTMLInputElement).value.trim();
    await list.rename(c, title);
    actions.focus(`[data-open="${CSS.escape(c.id)}"]`);
  };
  return html`<li class="conversation">
    <form class="rename" @submit=${save} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.preventDefault(), e.stopPropagation(), cancel())}>
      <input name="title" class="rename-input" aria-label=${t.newTitleFor(c.title)} .value=${c.title} required />
      <button type="submit">${t.save}</button>
      <button type="button" @click=${cancel}>${t.cancel}</button>
    </form>
  </li>`;
}

function confirmRow(
  list: ConversationList,
  c: Conversation,
  current: string | undefined,
  actions: ConversationsPanelActions,
  t: ChatStrings,
) {
  const cancel = () => {
    list.edit({});
    actions.focus(`[data-delete="${CSS.escape(c.id)}"]`);
  };
  const remove = async () => {
    await list.remove(c, () => c.id === current && actions.newConversation());
    actions.focus('input[part="search"]');
  };
  const id = `confirm-${c.id}`;
  return html`<li class="conversation">
    <div part="confirm" class="confirm" role="group" aria-labelledby=${id}
      @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.preventDefault(), e.stopPropagation(), cancel())}>
      <span id=${id}>${t.confirmDelete(c.title)}</span>
      <div class="row">
        <button type="button" class="danger" @click=${remove}>${t.delete}</button>
        <button type="button" class="confirm-cancel" @click=${cancel}>${t.cancel}</button>
      </div>
    </div>
  </li>`;
}
