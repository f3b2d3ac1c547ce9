import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Message } from '../../../content/index.js';
import type { McpMessage } from '../../content/mcp-message/mcp-message.js';

/** What the scroll controller needs: the rendered list, and the message streaming in. */
export interface ChatScrollHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The assistant message streaming in, if any. */
  readonly streaming: Message | undefined;
}

/**
 * Keeps the message list at its bottom while the person has not scrolled up
 * (also when content grows after the chat rendered: a tool card's result, an
 * image that loaded), and repaints the streaming message at most once per
 * frame (the growing message is updated in place, the rest is not re-rendered).
 */
export class ChatScroll implements ReactiveController {
  readonly #host: ChatScrollHost;
  #frame = 0;
  #observer?: ResizeObserver;
  #observed = new WeakSet<Element>();
  /** True while the view follows new content (the person has not scrolled away from the bottom). */
  stickToBottom = true;

  constructor(host: ChatScrollHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#observer ??= new ResizeObserver(() => {
      if (this.stickToBottom) this.scrollToBottom();
    });
  }

  hostUpdated(): void {
    const list = this.#list;
    if (list && this.#observer) {
      // Messages grow after the chat's own update (their cards and blocks render later).
      for (const child of list.children) {
        if (this.#observed.has(child)) continue;
        this.#observed.add(child);
        this.#observer.observe(child);
      }
    }
    if (this.stickToBottom) this.scrollToBottom();
  }

  hostDisconnected(): void {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#observed = new WeakSet();
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
      if (el && host.streaming) {
        el.message = host.streaming;
        if (this.stickToBottom) this.scrollToBottom();
      } else host.requestUpdate();
    });
  }
}
