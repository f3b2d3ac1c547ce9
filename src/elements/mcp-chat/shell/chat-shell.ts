import { html, nothing, type CSSResult, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { McpChatErrorEvent } from '../../../events/chat-error.js';
import { addStyles } from '../../shared/add-styles.js';
import type { Loader } from '../../shared/lazy.js';
import type { ChatErrorSource } from '../contract.js';
import type { ChatStrings } from '../strings.js';
import { addErrorLine, renderErrors, type ChatErrorLine } from './errors.js';

/** What the shell needs from the element. */
export interface ChatShellHost extends ReactiveControllerHost {
  /** Fires an event on the element (`mcp-chat-error`). */
  dispatchEvent(event: Event): boolean;
  /** The element's shadow root (the panels' style sheet is added to it). */
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * The shell of the chat: the errors listed above the composer, the live
 * region, and the frame of the side panel with its code
 * (loaded when a panel is first opened). Every feature reports through it:
 * `announce` and `reportError` are the closures they are given.
 */
export class ChatShell<Panels extends { panelContentStyles: CSSResult }> {
  readonly #host: ChatShellHost;
  readonly #panels: Loader<Panels>;
  #errors: ChatErrorLine[] = [];
  #errorId = 0;
  #announcement = '';
  #panelStylesAdopted = false;

  constructor(host: ChatShellHost, panels: Loader<Panels>) {
    this.#host = host;
    this.#panels = panels;
  }

  /** Tells screen reader users something, politely (the live region). */
  announce(text: string): void {
    this.#announcement = text.length > 500 ? `${text.slice(0, 500)}…` : text;
    this.#host.requestUpdate();
  }

  /** Reports an error to the person (above the composer) and as an `mcp-chat-error` event. */
  reportError(source: ChatErrorSource, message: string, error: unknown): void {
    this.showError(message);
    this.#host.dispatchEvent(new McpChatErrorEvent(source, message, error));
  }

  /** Lists an error above the composer (none hides another). */
  showError(text: string): void {
    this.#errors = addErrorLine(this.#errors, text, ++this.#errorId);
    this.#host.requestUpdate();
  }

  /**
   * A numeric attribute checked: a whole number of at least 1, else the
   * default is used and the page is told (an error line and `console.warn`).
   * `raw` is the attribute's text when it was set as an attribute.
   */
  checkCount(name: string, value: number, raw: string | null, fallback: number, t: ChatStrings): number {
    if (Number.isInteger(value) && value >= 1) return value;
    const text = t.badNumberAttribute(name, raw ?? String(value), fallback);
    console.warn(`<mcp-chat>: ${text}`);
    this.showError(text);
    return fallback;
  }

  /** The errors above the composer, each dismissable. */
  renderErrors(t: ChatStrings) {
    return renderErrors(
      this.#errors,
      (id) => {
        this.#errors = this.#errors.filter((e) => e.id !== id);
        this.#host.requestUpdate();
      },
      t.dismiss,
    );
  }

  /** The live region. */
  renderLiveRegion() {
    return html`<div class="sr-only" role="status" aria-live="polite" aria-atomic="true">${this.#announcement}</div>`;
  }

  /** A panel's content drawn with the panels' code: a loading line until it is there, the error with Try again if it cannot be loaded. */
  renderPanelContent(t: ChatStrings, draw: (panels: Panels) => TemplateResult | typeof nothing) {
    const part = this.#panels;
    const panels = part.value;
    if (!panels) {
      const repaint = () => this.#host.requestUpdate();
      if (!part.error) void part.load().then(repaint, repaint);
      return part.error
        ? html`<p part="error" class="error" role="alert">
            ${part.error.message}
            <button type="button" @click=${() => void part.load().then(repaint, repaint)}>${t.tryAgain}</button>
          </p>`
        : html`<p class="notice" role="status">${t.loading}</p>`;
    }
    // The panels' contents' style sheet (in their chunk), added once before a panel's content is first drawn.
    if (!this.#panelStylesAdopted) addStyles(this.#host.renderRoot as ShadowRoot, panels.panelContentStyles);
    this.#panelStylesAdopted = true;
    return draw(panels);
  }
}
