import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { McpPartErrorEvent } from '../../events/part-error.js';
import { LazyPart, type LazyPartError } from '../shared/lazy.js';
import type { MarkdownBlocks } from './markdown-blocks.js';
import { plainText } from './markdown-guard.js';
import { markdownStyles } from './mcp-markdown.styles.js';
import { highlightCodeBlocks, setCopyLabels, showCopied } from './code-block.js';
import { contentStrings, type ContentStrings } from '../shared/content-strings.js';
import { pieceEnd, textSize } from './long-text.js';

/**
 * The markdown parser (marked) and the sanitizer (DOMPurify): loaded at the
 * first markdown shown. Until then (a moment) and if they cannot be loaded,
 * the text is shown as it is, as plain text.
 */
const enginePart = new LazyPart('formats text (markdown)', () => import('./markdown-engine.js'));

/**
 * Loads the markdown code unless it is loaded (or failed a moment ago), so
 * messages about to be shown (a conversation being opened) are formatted at
 * their first paint instead of shown as plain text and reflowed a moment
 * later. Undefined when there is nothing to wait for; rejects with the
 * `LazyPartError` to show when the code cannot be loaded (the text is then
 * shown as plain text, and the elements do not report it again for a while).
 */
export function markdownReady(): Promise<void> | undefined {
  if (enginePart.value || enginePart.failedWithin(5000)) return undefined;
  return enginePart.load().then(() => {});
}

/**
 * What part of the head's bounds one "Show all" piece may take: a piece is parsed, sanitized and laid out in one
 * frame, on a main thread that may be shared with other work, so it is kept well under the frame budget.
 */
const PIECE_SHARE = 1 / 6;

/** Most main-thread time the pieces of one frame take (ms): a piece costs a few ms; a loaded machine stretches it. */
const PIECE_BUDGET_MS = 6;

/** Most main-thread time one update spends drawing finished blocks while streaming (ms); the rest waits a frame. */
const BLOCK_BUDGET_MS = 8;

/** A finished text up to this long is parsed in one go; a longer one block by block, over a few frames. */
const WHOLE_MAX_CHARS = 10_000;

/** Pieces per `content-visibility` group of the text drawn by "Show all". */
const PIECES_PER_GROUP = 16;

/** Resolves in a task of its own (after the rendering of the current frame). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves at the next frame, or after 100 ms when frames are not running (hidden tab). */
const nextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Sanitized GitHub-flavoured markdown that can grow while it streams.
 *
 * While `streaming` is set, updates are coalesced to one per frame, and only
 * the last (growing) block is parsed and replaced; blocks that are finished
 * are rendered once and never parsed or touched again. Links open in a new
 * tab with `rel="noopener noreferrer"` and only for http, https and mailto.
 *
 * A text over 50,000 characters, 4,000 lines or 150 paragraphs is drawn up to there (at the
 * end of a paragraph when one is near), with a "Show all" button that draws
 * the rest in small pieces, a few milliseconds' worth per frame (each piece parsed on its own), so
 * no frame takes long however big the text (long-text.ts). A finished text over 10,000 characters,
 * and a burst of streamed text, is likewise drawn a few blocks per frame.
 *
 * Code blocks have a header (language, copy button) and get syntax colours
 * once finished: the highlighter is loaded (a separate chunk) only when the
 * first code block with a language appears; blocks over 20,000 characters
 * stay plain. Token colours come from the `--mcp-code-*` custom properties.
 *
 * @summary Streaming, sanitized markdown.
 *
 * @event mcp-part-error - The markdown parser could not be loaded; the text is shown as plain text (`McpPartErrorEvent`, `.error`).
 *
 * @csspart body - The container of the rendered blocks.
 * @csspart md-code - A `<pre>` code block (set on the rendered markdown).
 * @csspart md-code-header - The row above a code block: its language and copy button.
 * @csspart md-code-language - The language label of a code block.
 * @csspart md-copy-button - The copy button of a code block.
 * @csspart md-table - A table.
 * @csspart md-blockquote - A block quote.
 * @csspart md-link - A link.
 * @csspart md-image - An image.
 * @csspart md-plain - Text shown as plain text because it is past the parser's bounds (very deep nesting, runaway emphasis marks).
 * @csspart show-all-button - Under a text too long to draw at once (over 50,000 characters, 4,000 lines or 150 paragraphs): "Show all (2.0 MB)" draws the rest, a piece per frame.
 *
 * @cssproperty --mcp-markdown-code-bg - Background of code. Defaults to `--mcp-color-surface`.
 * @cssproperty --mcp-markdown-link - Link colour. Defaults to `--mcp-color-accent`.
 * @cssproperty --mcp-markdown-code-header-bg - Background of a code block's header row. Defaults to `--mcp-color-surface` darkened slightly.
 * @cssproperty --mcp-code-keyword - Syntax colour of keywords. Default: a red mixed with `--mcp-color-fg` (fits light and dark).
 * @cssproperty --mcp-code-string - Syntax colour of strings and regular expressions (a blue mixed with the text colour).
 * @cssproperty --mcp-code-number - Syntax colour of numbers and literals (`true`, `null`).
 * @cssproperty --mcp-code-comment - Syntax colour of comments. Defaults to `--mcp-color-muted`.
 * @cssproperty --mcp-code-function - Syntax colour of function and class names being defined or called.
 * @cssproperty --mcp-code-type - Syntax colour of types and built-ins.
 * @cssproperty --mcp-code-attribute - Syntax colour of attributes, properties and object keys.
 * @cssproperty --mcp-code-tag - Syntax colour of HTML / XML tag names and CSS selectors.
 */
@customElement('mcp-markdown')
export class McpMarkdown extends LitElement {
  static override styles = markdownStyles;

  /** `light` or `dark`; by default the page's `prefers-color-scheme`. Passed to inner elements. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** The markdown source (whole text so far; appending is cheap). */
  @property() text = '';

  /** Keep every line break of the text (GFM otherwise joins lines of one paragraph). Tool results set it. */
  @property({ type: Boolean, reflect: true }) breaks = false;

  /** Set while the text is still growing; clear it when the answer is complete. */
  @property({ type: Boolean, reflect: true }) streaming = false;

  /** Interface text (copy button); keys left out are English. `<mcp-chat>` passes its table. */
  @property({ attribute: false }) strings?: Partial<ContentStrings>;

  #blocks?: MarkdownBlocks;
  #plain = false;
  get #t(): ContentStrings {
    return contentStrings(this.strings);
  }
  get #options() {
    return { breaks: this.breaks, strings: this.strings };
  }
  #tailEl: HTMLElement | undefined;
  #renderedTail = '';
  /** Finished blocks not drawn yet: each update draws them for at most BLOCK_BUDGET_MS, the rest in the next frames. */
  #queue: string[] = [];
  #whole: string | undefined;

  protected override async scheduleUpdate(): Promise<void> {
    if (this.streaming && this.hasUpdated) await nextFrame();
    super.scheduleUpdate();
  }

  /** Where the part drawn at once ends (the whole text unless it is past the bounds of long-text.ts). */
  #headEnd = 0;
  /** The person asked for the whole text: the rest is drawn after the head, a piece per frame. */
  #expanded = false;
  /** How much of the text is drawn (head and pieces) once expanded. */
  #moreFrom = 0;
  #pumping = false;

  protected override render() {
    const text = this.text;
    if (!this.#expanded) this.#headEnd = text.length > 500 ? pieceEnd(text) : text.length;
    const cut = !this.#expanded && this.#headEnd < text.length;
    return html`<div part="body" class="body" dir="auto" @click=${this.#onClick}></div><div class="more" dir="auto" tabindex="-1" @click=${this.#onClick}></div>${
      cut
        ? html`<button part="show-all-button" class="show-all" type="button" @click=${this.#expand}>${this.#t.showAllText(textSize(text.length))}</button>`
        : ''
    }<span class="live" role="status"></span>`;
  }

  /** "Show all": the rest of the text is drawn a piece per frame (see long-text.ts). */
  #expand = (): void => {
    this.#expanded = true;
    this.#moreFrom = this.#headEnd;
    (this.renderRoot.querySelector('.more') as HTMLElement | null)?.focus();
    this.requestUpdate();
  };

  /**
   * Draws the text not drawn yet, a few pieces per frame, until all is drawn (or the text is replaced).
   * Each frame's pieces are drawn in a task of their own after the frame (not in its animation-frame
   * callback, which shares one task with the frame's style, layout and paint), up to {@link PIECE_BUDGET_MS}
   * of the main thread; pieces go into groups of {@link PIECES_PER_GROUP}, and only the groups are
   * `content-visibility: auto`, so the browser's per-frame check of what is near the view stays small
   * however many pieces there are.
   */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#expanded && this.isConnected && this.#moreFrom < this.text.length) {
        await nextFrame();
        await nextTask();
        const more = this.renderRoot.querySelector('.more');
        if (!more || !this.#expanded) return;
        const started = performance.now();
        do {
          const text = this.text;
          const end = pieceEnd(text, this.#moreFrom, PIECE_SHARE);
          const piece = text.slice(this.#moreFrom, end).replace(/\r\n?/g, '\n');
          this.#moreFrom = end;
          const engine = enginePart.value;
          let group = more.lastElementChild;
          if (!group || group.childElementCount >= PIECES_PER_GROUP) {
            group = document.createElement('div');
            group.className = 'group';
            more.append(group);
          }
          group.append(block(engine ? engine.renderMarkdown(piece, { ...this.#options, cache: false }) : plainText(piece)));
        } while (this.#moreFrom < this.text.length && performance.now() - started < PIECE_BUDGET_MS);
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** Also waits for the markdown code when it is loading for this element. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    // Blocks left for the next frames (a big piece of text arrived at once) are drawn by then.
    while (this.#queue.length && this.isConnected) {
      await nextFrame();
      complete = await super.getUpdateComplete();
    }
    while (this.#plain && !enginePart.value && !enginePart.failedWithin(5000)) {
      await enginePart.load().catch(() => {});
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  /** Shows the text as plain text while the markdown code loads (or when it cannot be loaded). */
  #showPlain(body: HTMLElement, text: string): void {
    this.#plain = true;
    body.replaceChildren(block(plainText(text)));
    if (enginePart.failedWithin(5000)) return;
    enginePart.load().then(
      () => this.requestUpdate(),
      (error: LazyPartError) => this.dispatchEvent(new McpPartErrorEvent(error)),
    );
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    const body = this.renderRoot.querySelector('.body') as HTMLElement;
    this.#renderBlocks(body);
    if (this.#expanded && this.#moreFrom < this.text.length) void this.#pump();
    if (changed.has('strings') && changed.get('strings') !== undefined) {
      for (const copy of body.querySelectorAll('button.copy')) setCopyLabels(copy, this.#t);
    }
    void highlightCodeBlocks(body);
  }

  #renderBlocks(body: HTMLElement): void {
    const whole = this.text;
    if (this.#expanded && whole.length < this.#moreFrom) this.#collapse();
    // Past the bounds only the head is drawn here (cut first: a 30 MB text is never scanned whole per update).
    const head = this.#headEnd < whole.length ? whole.slice(0, this.#headEnd) : whole;
    const text = head.includes('\r') ? head.replace(/\r\n?/g, '\n') : head;
    const engine = enginePart.value;
    if (!engine) {
      this.#showPlain(body, text);
      return;
    }
    const { renderMarkdown } = engine;
    if (this.#plain) {
      this.#plain = false;
      body.replaceChildren();
    }
    this.#blocks ??= new engine.MarkdownBlocks();
    if (
      !this.streaming &&
      this.#blocks.stable.length === 0 &&
      this.#renderedTail === '' &&
      (text.length <= WHOLE_MAX_CHARS || this.#whole === text)
    ) {
      // A finished text rendered from scratch (history): one parse, no splitting. A longer one is drawn
      // block by block below, a few frames' worth at a time (a 50,000-character head at once is a long task).
      if (this.#whole !== text) {
        this.#whole = text;
        body.replaceChildren(block(renderMarkdown(text, this.#options)));
      }
      return;
    }
    if (this.#whole !== undefined) {
      this.#whole = undefined;
      body.replaceChildren();
    }
    const { added, reset } = this.#blocks.update(text);
    if (reset) {
      body.replaceChildren();
      this.#tailEl = undefined;
      this.#renderedTail = '';
      this.#queue = [];
    }
    if (!this.streaming) added.push(...this.#blocks.finish());
    this.#queue.push(...added);
    // Bounded work per frame: a stream that brings 50,000 characters at once (or a text set whole while
    // streaming) is drawn over a few frames, in order, never in one long task.
    const started = performance.now();
    let drawn = 0;
    while (this.#queue.length) {
      if (drawn > 0 && performance.now() - started > BLOCK_BUDGET_MS) {
        // Not requested from inside this update (Lit would warn): at the next frame.
        void nextFrame().then(() => this.requestUpdate());
        return;
      }
      const raw = this.#queue.shift()!;
      drawn++;
      if (this.#tailEl && raw === this.#renderedTail) {
        // The growing block ended exactly as last shown: keep its DOM.
        this.#tailEl.classList.remove('tail');
        this.#tailEl = undefined;
        this.#renderedTail = '';
        continue;
      }
      body.insertBefore(block(renderMarkdown(raw, { ...this.#options, cache: false })), this.#tailEl ?? null);
    }
    const tail = this.#blocks.tail;
    if (tail === this.#renderedTail) return;
    this.#renderedTail = tail;
    if (tail.trim() === '') {
      this.#tailEl?.remove();
      this.#tailEl = undefined;
      return;
    }
    if (!this.#tailEl) {
      this.#tailEl = body.appendChild(block(document.createDocumentFragment()));
      this.#tailEl.classList.add('tail');
    }
    this.#tailEl.replaceChildren(renderMarkdown(tail, { ...this.#options, cache: false }));
  }

  /** Back to the head only: the pieces drawn after it go. */
  #collapse(): void {
    this.#expanded = false;
    this.#moreFrom = 0;
    this.renderRoot.querySelector('.more')?.replaceChildren();
  }

  /** Clears rendered output (used when the element is reused for another text). */
  reset(): void {
    this.#collapse();
    this.#queue = [];
    this.#blocks?.clear();
    this.#tailEl = undefined;
    this.#renderedTail = '';
    this.#whole = undefined;
    this.renderRoot.querySelector('.body')?.replaceChildren();
    this.requestUpdate();
  }

  #onClick(event: Event): void {
    const button = (event.target as Element).closest?.('button.copy') as HTMLButtonElement | null;
    const code = button?.closest('.code')?.querySelector('pre')?.textContent;
    if (!button || code == null) return;
    const live = this.renderRoot.querySelector('.live')!;
    const done = (ok: boolean) => {
      const t = this.#t;
      showCopied(button, ok ? t.codeCopied : t.copyFailed, ok, () => this.#t.copy);
      // Said once by the live region; cleared so the next copy is said again.
      live.textContent = ok ? t.copied : t.copyFailed;
      setTimeout(() => (live.textContent = ''), 1500);
    };
    let copying: Promise<void>;
    try {
      copying = navigator.clipboard.writeText(code);
    } catch (error) {
      copying = Promise.reject(error);
    }
    copying.then(
      () => done(true),
      () => done(false),
    );
  }
}

function block(content: DocumentFragment): HTMLElement {
  const div = document.createElement('div');
  div.className = 'block';
  div.append(content);
  return div;
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-markdown': McpMarkdown;
  }
}
