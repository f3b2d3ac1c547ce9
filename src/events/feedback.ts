import type { McpAnswerFacts } from './answer.js';

/**
 * The person rated an answer of `<mcp-chat feedback>` (thumbs up or down,
 * with the sentence they added, if any). Nothing is sent anywhere unless the
 * page listens.
 */
export class McpFeedbackEvent extends Event {
  static readonly eventName = 'mcp-feedback' as const;
  /** `up` (helpful) or `down` (not helpful). */
  readonly rating: 'up' | 'down';
  /** What the person wrote, when they wrote something. */
  readonly comment?: string;
  /** The question, the answer, its tools and sources, the conversation. */
  readonly answer: McpAnswerFacts;
  constructor(rating: 'up' | 'down', answer: McpAnswerFacts, comment?: string) {
    super(McpFeedbackEvent.eventName, { bubbles: true, composed: true });
    this.rating = rating;
    this.answer = answer;
    this.comment = comment;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-feedback': McpFeedbackEvent;
  }
}
