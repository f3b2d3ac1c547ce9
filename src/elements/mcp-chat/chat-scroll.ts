import type { ReactiveController } from 'lit';
import type { McpMessage } from '../content/mcp-message/mcp-message.js';
import type { McpChat } from './mcp-chat.js';

/**
 * Keeps the message list at its bottom while the person has not scrolled up,
 * and repaints the streaming message at most once per frame (the growing
 * message is updated in place, the rest of the chat is not re-rendered).
 */
export class ChatScroll implements ReactiveController {
  readonly #host: McpChat;
  #frame = 0;
  /** True while the view follows new content (the person has not scrolled away from the bottom). */
  stickToBottom = true;

  constructor(host: McpChat) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.stickToBottom) this.scrollToBottom();
  }

  hostDisconnected(): void {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  get #list(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('.messages');
  }

  /** Follows new content again from now on, and jumps to the bottom. */
  follow(): void {
    this.stickToBottom = true;
  }

  scrollToBottom(): void {
    const list = this.#list;
    if (list) list.scrollTop = list.scrollHeight;
  }

  /** The list's scroll handler: within 40 px of the bottom counts as following. */
  readonly onScroll = (): void => {
    const list = this.#list;
    if (list) this.stickToBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  };

  /** Repaints the streaming message once per frame. */
  streamChanged(): void {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      const host = this.#host;
      const el = host.renderRoot.querySelector<McpMessage>('mcp-message.streaming');
      if (el && host.session.streaming) {
        el.message = host.session.streaming;
        if (this.stickToBottom) this.scrollToBottom();
      } else host.requestUpdate();
    });
  }
}
