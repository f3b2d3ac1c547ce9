import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { Message } from '../../../content/index.js';
import type { McpConnection } from '../../../mcp/connection.js';
import { UNREADABLE_META_KEY } from '../../../content/unreadable.js';
import type { Loader } from '../../shared/lazy.js';
import { addStyles } from '../../shared/add-styles.js';
import type { ChatErrorSource } from '../contract.js';
import type { ChatStrings } from '../strings.js';
import type { ChatScroll } from './chat-scroll.js';
import type { ChatSession } from './chat-session.js';
import { MANUAL_META_KEY } from './contract.js';
import { messageText } from './conversation-branches.js';
import { renderMessageList, visibleMessages } from './messages.js';
import type { AnswerFeedback } from '../feedback/answer-feedback.js';

/** What the conversation's view needs from the element. */
const toolResults = new WeakMap<readonly Message[], boolean>();

/** Whether any message of `messages` carries a tool result (where an answer's sources come from); once per array. */
function hasToolResult(messages: readonly Message[]): boolean {
  let has = toolResults.get(messages);
  if (has === undefined) {
    has = messages.some((m) => m.role === 'user' && m.content.some((b) => b.type === 'tool_result'));
    toolResults.set(messages, has);
  }
  return has;
}

export interface ConversationViewHost extends ReactiveControllerHost {
  /** The message elements' code (loaded when the first message is shown). */
  readonly messagesCode: Loader<unknown>;
  readonly theme: 'light' | 'dark' | undefined;
  /** Focuses what `selector` finds in the chat once it has updated. */
  focus(selector: string): void;
  announce(text: string): void;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
  /** Where the message elements are (the element's shadow root). */
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  /** "Was this answer helpful?" under each answer (`feedback`). */
  readonly feedback: boolean;
  /** The stored conversation's id, for the feedback event. */
  readonly conversationId: string | undefined;
  /** The server tool that receives each rating (`feedback-tool`). */
  readonly feedbackTool: string | undefined;
  /** The connected servers, where that tool is looked for. */
  readonly connections: readonly McpConnection[];
  dispatchEvent(event: Event): boolean;
  /** Read aloud (voice/) on an answer. */
  readAloud(message: Message, text: string, t: ChatStrings): unknown;
}

/** A call the person ran themselves (the "/" palette, `runTool`), not the model's answer. */
const isOwnRun = (message: Message): boolean => message._meta?.[MANUAL_META_KEY] === true;

/**
 * The last assistant message, where Regenerate is offered; none when that is
 * a tool the person ran themselves: it is not the model's answer, and
 * regenerating would replace the person's own run (issue 36).
 */
const lastAnswer = (messages: readonly Message[]): Message | undefined => {
  const last = messages.findLast((m) => m.role === 'assistant');
  return last && !isOwnRun(last) ? last : undefined;
};

/**
 * The conversation as the person sees it: the message list (newest first
 * when opened, older ones as they scroll up), the typing indicator, the
 * actions under each message (Copy, Regenerate, Edit and resend, with the
 * message being edited as its own state), and the message elements' code
 * loading when the first message is shown. The session and the scroll are
 * the feature's other two parts (conversation/).
 */
export class ConversationView {
  readonly #host: ConversationViewHost;
  readonly #session: ChatSession;
  readonly #scroll: ChatScroll;
  #editing?: Message;
  readonly #feedbackCode: Loader<typeof import('../feedback/answer-feedback.js')>;
  #feedback?: AnswerFeedback;
  readonly #sourcesCode: Loader<typeof import('../sources/sources.chunk.js')>;
  #sourcesStyled = false;

  constructor(
    host: ConversationViewHost,
    session: ChatSession,
    scroll: ChatScroll,
    feedbackCode: Loader<typeof import('../feedback/answer-feedback.js')>,
    sourcesCode: Loader<typeof import('../sources/sources.chunk.js')>,
  ) {
    this.#host = host;
    this.#feedbackCode = feedbackCode;
    this.#sourcesCode = sourcesCode;
    this.#session = session;
    this.#scroll = scroll;
  }

  /** Leaves the message being edited (a new conversation). */
  stopEditing(): void {
    this.#editing = undefined;
    this.#host.requestUpdate();
  }

  /**
   * Scrolls to message `index` of the conversation (rendered on demand,
   * however long it is) and marks it for a moment. A tool result is shown in
   * its tool card: the message holding the call is shown.
   */
  async showMessage(index: number): Promise<void> {
    const host = this.#host;
    await this.#session.whenLoaded();
    await host.updateComplete;
    const messages = this.#session.messages;
    const visible = visibleMessages(messages);
    let target = -1;
    for (let i = Math.min(index, messages.length - 1); i >= 0 && target < 0; i--) target = visible.indexOf(messages[i]!);
    if (target < 0) return;
    await this.#scroll.reveal(target);
    const el = host.renderRoot.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>(`mcp-message[data-index="${target}"]`);
    if (!el) return;
    await el.updateComplete;
    // Twice: the first brings it on screen (where it renders), the second places it once it has its size.
    for (let i = 0; i < 2; i++) {
      el.scrollIntoView({ block: 'center' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    for (const old of host.renderRoot.querySelectorAll('mcp-message.target')) old.classList.remove('target');
    el.classList.add('target');
    setTimeout(() => el.classList.remove('target'), 2000);
    host.announce(host.text.shownMessage(target + 1, visible.length));
  }

  /** Nothing is shown yet: no message, nothing streaming. */
  get empty(): boolean {
    return visibleMessages(this.#session.messages).length === 0 && !this.#session.streaming;
  }

  /** The message elements' code: loads it when first needed, then draws again; says so if it cannot be loaded. */
  renderNotice(t: ChatStrings, showsMessages: () => boolean) {
    const code = this.#host.messagesCode;
    // `showsMessages` only while the code is missing: it walks the whole conversation.
    if (code.value || !showsMessages()) return nothing;
    const repaint = () => this.#host.requestUpdate();
    if (!code.error) {
      void code.load().then(repaint, repaint);
      return nothing;
    }
    return html`<p part="error" class="error" role="alert">
      ${code.error.message}
      <button type="button" @click=${() => void code.load().then(repaint, repaint)}>${t.tryAgain}</button>
    </p>`;
  }

  /**
   * The message list. `strings` is the same object while the language and the
   * page's overrides stay (messages are not re-rendered for it); `inlineOf`
   * gives what shows under a message besides its tool calls (app views).
   */
  render(t: ChatStrings, strings: ChatStrings, hasModel: boolean, inlineOf: (m: Message) => HTMLElement[]) {
    const s = this.#session;
    return html`${renderMessageList({
      messages: s.messages,
      streaming: s.streaming,
      // Until the model's first token: a turn runs, the model was asked last (the conversation ends with the person's
      // message or tool results), nothing streamed yet.
      thinking:
        s.busy &&
        hasModel &&
        !s.serverWait.connecting.length &&
        (s.streaming ? !s.streaming.content.some((b) => b.type !== 'text' || b.text) : s.messages.at(-1)?.role === 'user'),
      theme: this.#host.theme,
      interrupted: t.interrupted,
      thinkingLabel: t.thinking,
      range: (visible) => this.#scroll.range(visible),
      strings,
      toolCallsOf: (m) => s.calls.viewsFor(m, s.messages),
      afterAnswer: (m) => {
        const sources = this.#renderSources(s.messages, m, t);
        const rateable = this.#host.feedback && !(s.busy && m === s.messages.at(-1));
        return html`${sources}${rateable ? this.#renderFeedback(s.messages, m, t) : nothing}`;
      },
      // App views first: forms added later go after them, so a view's frame is never moved (which would reload it).
      inlineOf: (m) => [...inlineOf(m), ...s.calls.inlineFor(m)],
      actions: {
        view: {
          lastAnswer: lastAnswer(s.messages),
          editing: this.#editing,
          idle: !s.busy,
          hasModel,
          readAloud: (m, text) => this.#host.readAloud(m, text, t),
          text: {
            copy: t.copy,
            copyRaw: t.copyRaw,
            regenerate: t.regenerate,
            edit: t.edit,
            save: t.saveAndSend,
            cancel: t.cancel,
            editLabel: t.editLabel,
            yourMessage: t.yourMessage,
            answer: t.answer,
          },
        },
        actions: {
          copy: (m) => void this.#copy(m, t),
          copyRaw: (m) => void this.#copy(m, t, true),
          regenerate: (m) => void this.#regenerate(m),
          startEdit: (m) => {
            this.#editing = m;
            this.#host.requestUpdate();
            if (m) this.#host.focus('[part~="edit-form"] textarea');
          },
          resend: (m, text) => {
            this.stopEditing();
            void s.replaceFrom(s.messages.indexOf(m), { role: 'user', content: [{ type: 'text', text }] });
          },
        },
      },
    })}${s.serverWait.render(t)}${this.#renderRetry(t, hasModel)}`;
  }

  /**
   * The sources under an answer. They come only from tool results, so their code (and style) loads when the
   * conversation has one; nothing is drawn until then, or if it cannot be loaded.
   */
  #renderSources(messages: readonly Message[], answer: Message, t: ChatStrings) {
    if (answer.role !== 'assistant') return nothing;
    const code = this.#sourcesCode;
    if (code.value) {
      if (!this.#sourcesStyled && this.#host.renderRoot instanceof ShadowRoot) {
        addStyles(this.#host.renderRoot, code.value.sourcesStyles);
        this.#sourcesStyled = true;
      }
      return code.value.renderSources(code.value.sourcesOf(messages, answer), t);
    }
    if (!code.error && hasToolResult(messages))
      void code.load().then(
        () => this.#host.requestUpdate(),
        () => {},
      );
    return nothing;
  }

  /** "Was this answer helpful?" under `answer`; its code and style load with the first one (nothing is drawn until then, or if it cannot be loaded). */
  #renderFeedback(messages: readonly Message[], answer: Message, t: ChatStrings) {
    if (this.#feedback) return this.#feedback.render(messages, answer, t);
    const code = this.#feedbackCode;
    if (code.value) {
      // Its style comes with its code (the first load carries neither).
      if (this.#host.renderRoot instanceof ShadowRoot) addStyles(this.#host.renderRoot, code.value.feedbackStyles);
      this.#feedback = new code.value.AnswerFeedback(this.#host);
      return this.#feedback.render(messages, answer, t);
    }
    if (!code.error)
      void code.load().then(
        () => this.#host.requestUpdate(),
        () => {},
      );
    return nothing;
  }

  /** After a failed model turn: a line at the end of the conversation with Retry, which runs the turn again. */
  #renderRetry(t: ChatStrings, hasModel: boolean) {
    const s = this.#session;
    if (!s.turnFailed || s.busy || !hasModel) return nothing;
    return html`<p part="turn-failed" class="turn-failed">
      <span>${t.turnFailed}</span>
      <button type="button" part="retry-button" class="retry" @click=${() => void s.runTurn()}>${t.retry}</button>
    </p>`;
  }

  /** Copies a message's text to the clipboard; with `raw`, the stored form of a row that could not be read. */
  async #copy(message: Message, t: ChatStrings, raw = false): Promise<void> {
    const stored = (message._meta?.[UNREADABLE_META_KEY] as { raw?: unknown } | undefined)?.raw;
    try {
      await navigator.clipboard.writeText(raw ? String(stored ?? '') : messageText(message));
      this.#host.announce(raw ? t.copiedRaw : t.copied);
    } catch (error) {
      this.#host.reportError('history', t.clipboardFailed, error);
    }
  }

  /** Answers the person's last question again; the previous answer stays saved (see `REPLACES_META_KEY`). */
  async #regenerate(answer: Message): Promise<void> {
    const messages = this.#session.messages;
    const end = messages.indexOf(answer);
    let question = -1;
    for (let i = end - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (m.role === 'user' && !m.content.every((b) => b.type === 'tool_result')) {
        question = i;
        break;
      }
    }
    // Never replace a run of the person's own (what follows the question must all be the model's).
    if (question < 0 || messages.slice(question).some(isOwnRun)) return;
    const { role, content } = messages[question]!;
    await this.#session.replaceFrom(question, { role, content });
  }
}
