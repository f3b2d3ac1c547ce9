import type { ConversationList, ConversationListHost } from './conversation-list.js';
import type { renderConversationsPanel } from './conversations-panel.js';

/** What the conversations feature needs from the element. */
export interface ChatConversationsHost extends ConversationListHost {
  /** Opens a saved conversation (at the message a search matched, its `seq`). */
  openAt(id: string, seq?: number): void;
  newConversation(): void;
  /** Focuses what `selector` finds in the chat once it has updated. */
  focus(selector: string): void;
  /** Opens the file picker of "Import". */
  pickImport(): void;
  /** Where a downloaded file's link is put for its click. */
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** The panel's code (in the panels' chunk): the list controller and its template. */
export interface ConversationsPanelCode {
  ConversationList: new (host: ConversationListHost) => ConversationList;
  renderConversationsPanel: typeof renderConversationsPanel;
}

/**
 * The conversations feature: the Conversations panel (saved conversations,
 * search, rename, delete, export and import). Its list is made with the
 * panels' code, when the panel is first drawn.
 */
export class ChatConversations {
  readonly #host: ChatConversationsHost;
  #list?: ConversationList;

  constructor(host: ChatConversationsHost) {
    this.#host = host;
  }

  /** The saved conversations changed (one was created) or the panel opened: read the list again, if it is shown. */
  refresh(): void {
    void this.#list?.refresh();
  }

  /** The Conversations panel. */
  renderPanel(code: ConversationsPanelCode, view: Parameters<typeof renderConversationsPanel>[1]) {
    const host = this.#host;
    let list = this.#list;
    if (!list) {
      list = this.#list = new code.ConversationList(host);
      void list.refresh();
    }
    return code.renderConversationsPanel(list, view, {
      open: (id, seq) => host.openAt(id, seq),
      newConversation: () => host.newConversation(),
      focus: (selector) => host.focus(selector),
      download: (name, text) => this.#download(name, text),
      pickImport: () => host.pickImport(),
    });
  }

  #download(name: string, text: string): void {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    this.#host.renderRoot.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
