// "Was this answer helpful?" under each answer of `<mcp-chat feedback>` (issue
// 39 item 3): thumbs up or down, then an optional sentence; one
// `mcp-feedback` event per rating, with the question, the answer, its tools
// and sources. Nothing is sent anywhere unless the page listens, or the owner
// names a server tool that receives each rating (`feedback-tool`): it is called
// after the event, and a call that fails is said under the answer in words.
// Loaded when the first answer is shown with `feedback` (chunks.ts: feedbackChunk).
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { Message } from '../../../content/index.js';
import type { McpAnswerFacts } from '../../../events/answer.js';
import type { McpConnection } from '../../../mcp/connection.js';
import { hostOf } from '../../../mcp/server-key.js';
import { McpFeedbackEvent } from '../../../events/feedback.js';
import { icon } from '../../shared/icons-later.js';
import { answerFacts, isRateable } from './answer-facts.js';
import { sourcesOf } from '../sources/answer-sources.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

export { feedbackStyles } from './feedback.styles.js';

/** What the feedback of answers needs from the chat. */
export interface AnswerFeedbackHost extends ReactiveControllerHost {
  /** The stored conversation's id (none when the chat keeps nothing). */
  readonly conversationId: string | undefined;
  /** The server tool that receives each rating (`feedback-tool`: `tool` or `server-name:tool`). */
  readonly feedbackTool: string | undefined;
  /** The connected servers, where that tool is looked for. */
  readonly connections: readonly McpConnection[];
  dispatchEvent(event: Event): boolean;
  /** Focuses what `selector` finds in the chat once it has updated. */
  focus(selector: string): void;
  announce(text: string): void;
}

/** Interface text of the feedback (the chat's strings). */
export interface FeedbackText {
  feedbackQuestion: string;
  feedbackUp: string;
  feedbackDown: string;
  feedbackComment: string;
  feedbackSend: string;
  feedbackSkip: string;
  feedbackThanks: string;
  feedbackNotSent: (reason: string) => string;
}

type Rating = 'up' | 'down';

/** The ratings given in this page's life (kept with the message objects; not stored). */
export class AnswerFeedback {
  readonly #host: AnswerFeedbackHost;
  readonly #rated = new WeakMap<Message, Rating>();
  /** The answer whose optional sentence is being asked for. */
  #asking?: Message;
  /** Why a rating did not reach the `feedback-tool`, by answer (in words). */
  readonly #notSent = new WeakMap<Message, string>();

  constructor(host: AnswerFeedbackHost) {
    this.#host = host;
  }

  /** The row under `answer` (none for a message that is not a finished answer). */
  render(messages: readonly Message[], answer: Message, t: FeedbackText) {
    if (!isRateable(answer)) return nothing;
    const rated = this.#rated.get(answer);
    const asking = this.#asking === answer;
    const button = (rating: Rating, label: string) =>
      html`<button type="button" class="icon-button" part=${`feedback-button feedback-${rating}`} aria-label=${label} data-tip=${label}
        aria-pressed=${rated === rating ? 'true' : 'false'} ?disabled=${rated !== undefined && !asking}
        @click=${() => this.#rate(answer, rating)}>${icon(rating === 'up' ? 'thumbs-up' : 'thumbs-down')}</button>`;
    return html`<div part="feedback" class="feedback" role="group" aria-label=${t.feedbackQuestion}>
      ${rated && !asking ? html`<span class="feedback-label">${t.feedbackThanks}</span>` : html`<span class="feedback-label">${t.feedbackQuestion}</span>`}
      ${button('up', t.feedbackUp)}${button('down', t.feedbackDown)}
    </div>
    ${
      asking
        ? html`<form part="feedback-form" class="feedback-form" @submit=${(e: SubmitEvent) => {
            e.preventDefault();
            const text = ((e.target as HTMLFormElement).elements.namedItem('comment') as HTMLTextAreaElement).value.trim();
            this.#send(messages, answer, text || undefined, t);
          }} @keydown=${(e: KeyboardEvent) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              this.#send(messages, answer, undefined, t);
            }
          }}>
          <label>${t.feedbackComment}<textarea name="comment" rows="2" maxlength="2000"></textarea></label>
          <div class="row">
            <button type="submit" class="primary">${t.feedbackSend}</button>
            <button type="button" @click=${() => this.#send(messages, answer, undefined, t)}>${t.feedbackSkip}</button>
          </div>
        </form>`
        : nothing
    }${
      this.#notSent.has(answer)
        ? html`<p part="feedback-error" class="feedback-error" role="alert">${t.feedbackNotSent(this.#notSent.get(answer)!)}</p>`
        : nothing
    }`;
  }

  #rate(answer: Message, rating: Rating): void {
    this.#rated.set(answer, rating);
    this.#asking = answer;
    this.#host.requestUpdate();
    this.#host.focus('[part~="feedback-form"] textarea');
  }

  /** The rating (and the sentence, if any) goes out as one event; the form closes. */
  #send(messages: readonly Message[], answer: Message, comment: string | undefined, t: FeedbackText): void {
    const rating = this.#rated.get(answer);
    if (!rating || this.#asking !== answer) return;
    this.#asking = undefined;
    this.#host.requestUpdate();
    this.#host.announce(t.feedbackThanks);
    const facts = answerFacts(messages, answer, this.#host.conversationId, sourcesOf);
    this.#host.dispatchEvent(new McpFeedbackEvent(rating, facts, comment));
    const tool = this.#host.feedbackTool?.trim();
    if (tool) void this.#deliver(tool, answer, { rating, ...(comment ? { comment } : {}), ...facts }, t);
  }

  /** Calls the owner's feedback tool with the rating; a failure is kept, in words, and shown under the answer. */
  async #deliver(setting: string, answer: Message, payload: { rating: Rating; comment?: string } & McpAnswerFacts, t: FeedbackText) {
    const split = setting.lastIndexOf(':');
    const server = split > 0 ? setting.slice(0, split) : undefined;
    const name = split > 0 ? setting.slice(split + 1) : setting;
    const connection = this.#host.connections.find(
      (c) => (!server || c.name === server || hostOf(c.url) === server) && c.tools.some((tool) => tool.name === name),
    );
    let reason: string | undefined;
    if (!connection) {
      reason = 'the site is not set up to receive it.';
      console.warn(`mcp-chat: feedback-tool "${setting}": no connected server lists this tool, so the rating was not sent.`);
    } else {
      // JSON has no undefined: a conversation the chat does not keep has no id in the payload.
      const args = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
      try {
        const result = await connection.callTool(name, args);
        if (result.isError) reason = `${connection.name} refused it.`;
      } catch (error) {
        reason = (error as Error).message || `${connection.name} did not answer.`;
      }
    }
    if (reason === undefined) return;
    this.#notSent.set(answer, reason);
    this.#host.announce(t.feedbackNotSent(reason));
    this.#host.requestUpdate();
  }
}
