import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Message } from '../../../content/index.js';
import type { McpMessage } from '../../content/mcp-message/mcp-message.js';

/** What the scroll controller needs: the rendered list, and the message streaming in. */
export interface ChatScrollHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The assistant message streaming in, if any. */
  readonly streaming: Message | undefined;
}

/** Messages added to the rendered window at a time (each time the person nears an end). */
export const WINDOW_PAGE = 40;
/**
 * Messages rendered first when the newest are shown (a conversation opened,
 * a jump to its end): about two screens. The window grows to
 * {@link WINDOW_PAGE} in idle time after that first paint, a few at a time;
 * a list they do not fill gets more before it is painted.
 */
export const FIRST_PAGE = 12;
/** Messages added per idle task while the window grows after the first paint. */
const GROW_STEP = 10;

/** Runs `fn` once the page is idle (after the frame that shows what was rendered), or after `timeout` ms at the latest. */
function onIdle(fn: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(id);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
/** Most messages rendered at once, whatever the conversation's length (the DOM stays bounded). */
export const WINDOW_MAX = 160;

/** The part of the list's messages that is rendered: `start` to `end` (exclusive). */
export interface MessageRange {
  start: number;
  end: number;
}

/**
 * The message list's scrolling:
 * - it renders a window of the messages (at most {@link WINDOW_MAX}): the
 *   newest on opening, older ones as the person scrolls up (newer ones again
 *   as they scroll down); the view does not jump when messages are added above
 *   (the browser's scroll anchoring keeps the message in view where it was);
 * - it keeps the list at its bottom while the person has not scrolled up
 *   (also when content grows after the chat rendered: a tool card's result,
 *   an image that loaded);
 * - it repaints the streaming message at most once per frame (the growing
 *   message is updated in place, the rest is not re-rendered);
 * - it shows any message on demand ({@link reveal}), for "jump to message".
 */
export class ChatScroll implements ReactiveController {
  readonly #host: ChatScrollHost;
  #frame = 0;
  #fill = 0;
  /** Cancels the pending idle growth of the window, if any. */
  #cancelGrow: (() => void) | undefined;
  #observer?: ResizeObserver;
  #observed = new WeakSet<Element>();
  /** First rendered message (index among the list's messages); undefined: the last page. */
  #start: number | undefined;
  /** End of the rendered window; undefined: the window follows the end of the conversation. */
  #end: number | undefined;
  /** The first rendered message at the last render. */
  #first: Message | undefined;
  /** How many messages the list had at the last render. */
  #count = 0;
  /** Where {@link scrollToBottom} last put the list (its own scroll events do not mean the person scrolled away). */
  #pinnedTop = -1;
  /** True while the view follows new content (the person has not scrolled away from the bottom). */
  #stickToBottom = true;

  constructor(host: ChatScrollHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#observer ??= new ResizeObserver(() => {
      // Not the empty state growing (its starters come with the servers): it is read from its top.
      if (this.#count > 0) this.#keepAtBottom();
    });
  }

  hostUpdate(): void {
    // Before this update changes the list: a scroll up the person made since we last put it at the bottom (its event not handled yet) stops the following.
    this.#noticeScroll();
  }

  /**
   * The person scrolled up from where {@link scrollToBottom} last put the
   * list, and its scroll event has not come yet (it comes with a later
   * frame): the list stops following, so an update under way does not pull
   * them back. Only upwards: content added above moves the list down
   * (scroll anchoring), and content that shrank leaves it at the bottom.
   */
  #noticeScroll(): void {
    const list = this.#list;
    if (!list || !this.#stickToBottom || this.#pinnedTop < 0 || this.#count === 0) return;
    if (list.scrollTop < this.#pinnedTop - 1 && list.scrollHeight - list.scrollTop - list.clientHeight >= 40) this.#stickToBottom = false;
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
    // Not while the list is empty (the empty state, servers connecting): reading its height
    // would force a layout of the whole chat at each update, before the frame does one.
    if (this.#stickToBottom && this.#count > 0) this.scrollToBottom();
    // Once the new messages have rendered (before the frame is painted): a list too short to scroll shows older messages at once.
    if (!this.#fill) {
      this.#fill = requestAnimationFrame(() => {
        this.#fill = 0;
        const l = this.#list;
        if (!l) return;
        // The window first: with every message shown (or none, servers connecting) there is nothing older, and no layout to force.
        if (this.#range().start > 0 && l.scrollHeight <= l.clientHeight + 1) {
          this.#older(false);
          // Still before this frame is painted (its messages' own updates follow; the ResizeObserver sees to those).
          void this.#host.updateComplete.then(() => this.#keepAtBottom());
        }
      });
    }
  }

  hostDisconnected(): void {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    if (this.#fill) cancelAnimationFrame(this.#fill);
    this.#cancelGrow?.();
    this.#cancelGrow = undefined;
    this.#frame = 0;
    this.#fill = 0;
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#observed = new WeakSet();
  }

  get #list(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('.messages');
  }

  /**
   * The part of `messages` to render (called by the render). Clamped
   * to the messages there are; at most {@link WINDOW_MAX}.
   */
  range(messages: readonly Message[]): MessageRange {
    this.#count = messages.length;
    // Messages were added before the window (older ones read after the newest were shown): the window keeps its messages.
    const first = this.#first;
    if (first && this.#start !== undefined && messages[this.#start] !== first) {
      const moved = messages.indexOf(first);
      if (moved >= 0) {
        const delta = moved - this.#start;
        this.#start = moved;
        if (this.#end !== undefined) this.#end += delta;
      }
    }
    const range = this.#range();
    this.#first = messages[range.start];
    return range;
  }

  #range(): MessageRange {
    const count = this.#count;
    let end = this.#end === undefined ? count : Math.min(this.#end, count);
    if (this.#end !== undefined && end >= count) this.#end = undefined;
    let start = this.#start ?? this.#newest(end);
    if (start >= end) start = this.#newest(end);
    if (end - start > WINDOW_MAX) {
      // Following the end (new messages arrived): drop the oldest; else the newest.
      if (this.#end === undefined) start = end - WINDOW_MAX;
      else end = start + WINDOW_MAX;
    }
    this.#start = start;
    if (this.#end !== undefined) this.#end = end;
    return { start, end };
  }

  /** The start of a window showing the newest messages up to `end`: a first page, grown in idle time. */
  #newest(end: number): number {
    const start = Math.max(0, end - FIRST_PAGE);
    if (start > 0) this.#growLater();
    return start;
  }

  /** Grows the window towards {@link WINDOW_PAGE} once the page is idle (a step per idle task), so scrolling up finds messages ready. */
  #growLater(): void {
    if (this.#cancelGrow) return;
    this.#cancelGrow = onIdle(() => {
      this.#cancelGrow = undefined;
      const { start, end } = this.#range();
      if (start === 0 || end - start >= WINDOW_PAGE) return;
      const list = this.#list;
      // Anchoring does not apply at offset 0 (see #older).
      if (list && !this.#stickToBottom && list.scrollTop < 1) list.scrollTop = 1;
      this.#start = Math.max(0, start - Math.min(GROW_STEP, WINDOW_PAGE - (end - start)));
      this.#first = undefined;
      this.#host.requestUpdate();
      if (this.#start > 0 && end - this.#start < WINDOW_PAGE) this.#growLater();
    }, 500);
  }

  /** Shows the newest messages again and follows the end (a conversation was opened or cleared). */
  reset(): void {
    this.#first = undefined;
    this.#start = undefined;
    this.#end = undefined;
    this.#pinnedTop = -1;
    this.#stickToBottom = true;
  }

  /** Follows new content again from now on, and jumps to the bottom (the newest messages are rendered). */
  follow(): void {
    if (this.#end !== undefined) {
      this.#end = undefined;
      this.#start = undefined;
      this.#first = undefined;
      this.#host.requestUpdate();
    }
    this.#pinnedTop = -1;
    this.#stickToBottom = true;
  }

  /**
   * Puts the list back at its bottom while it follows new content, unless the
   * person scrolled up meanwhile: content that grows (a message, an image, a
   * card's result) can be heard of in the same frame as their scroll, before
   * its scroll event.
   */
  #keepAtBottom(): void {
    this.#noticeScroll();
    if (this.#stickToBottom) this.scrollToBottom();
  }

  scrollToBottom(): void {
    const list = this.#list;
    if (!list) return;
    list.scrollTop = list.scrollHeight;
    this.#pinnedTop = list.scrollTop;
  }

  /** Renders older messages above the window (the browser's scroll anchoring keeps the view where it is). */
  #older(unstick = true): void {
    const { start, end } = this.#range();
    if (start === 0) return;
    const list = this.#list;
    // Anchoring does not apply at offset 0: move off it first, so the view stays on what the person reads.
    if (list && list.scrollTop < 1) list.scrollTop = 1;
    this.#start = Math.max(0, start - WINDOW_PAGE);
    this.#first = undefined;
    if (end - this.#start > WINDOW_MAX) this.#end = this.#start + WINDOW_MAX;
    if (unstick) this.#stickToBottom = false;
    this.#host.requestUpdate();
  }

  /** Renders newer messages below the window. */
  #newer(): void {
    const { start, end } = this.#range();
    if (this.#end === undefined) return;
    const next = end + WINDOW_PAGE;
    this.#end = next >= this.#count ? undefined : next;
    const last = this.#end ?? this.#count;
    if (last - start > WINDOW_MAX) {
      this.#start = last - WINDOW_MAX;
      this.#first = undefined;
    }
    this.#host.requestUpdate();
  }

  /**
   * Renders the window around message `index` (among the list's messages) and
   * resolves once it is rendered; the caller scrolls to it. The view stops
   * following the end.
   */
  async reveal(index: number): Promise<void> {
    const count = this.#count;
    if (index < 0 || index >= count) return;
    const { start, end } = this.#range();
    if (index < start || index >= end) {
      this.#start = Math.max(0, index - WINDOW_PAGE / 2);
      this.#first = undefined;
      const last = Math.min(count, this.#start + WINDOW_PAGE * 2);
      this.#end = last >= count ? undefined : last;
    }
    this.#stickToBottom = false;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
  }

  /**
   * Brings an element shown inside the list (a server's request under the
   * tool call that caused it) into view: all of it when it fits, else its
   * start (where its first field and the focus are). The view stops following
   * the end, so content that grows afterwards does not carry it away; it
   * follows again once the person scrolls back to the bottom.
   */
  showInList(element: HTMLElement): void {
    const list = this.#list;
    if (!list) return;
    const box = element.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    const margin = 8;
    let delta = 0;
    if (box.height > view.height - 2 * margin || box.top < view.top) delta = box.top - view.top - margin;
    else if (box.bottom > view.bottom) delta = box.bottom - view.bottom + margin;
    this.#stickToBottom = false;
    if (delta) list.scrollTop += delta;
  }

  /** The list's scroll handler: within 40 px of the bottom counts as following; near an end, more messages are rendered. */
  readonly onScroll = (): void => {
    const list = this.#list;
    if (!list) return;
    const fromBottom = list.scrollHeight - list.scrollTop - list.clientHeight;
    // The list grew below between our own scroll to the bottom and its scroll event (it is still where we put it): still following.
    // Not when it is elsewhere: content added above moves it down (scroll anchoring), and a person
    // scrolling up right after that leaves it below where we put it, yet above the bottom.
    const ours = this.#stickToBottom && Math.abs(list.scrollTop - this.#pinnedTop) <= 1;
    this.#stickToBottom = this.#end === undefined && (ours || fromBottom < 40);
    const { start } = this.#range();
    if (list.scrollTop < list.clientHeight && start > 0) this.#older();
    else if (fromBottom < list.clientHeight && this.#end !== undefined) this.#newer();
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
        this.#keepAtBottom();
      } else host.requestUpdate();
    });
  }
}
