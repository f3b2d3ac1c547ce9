/** A page an answer was built on (one of its source chips). */
export interface McpAnswerSourceInfo {
  /** Its number in the answer (the model cites it as `[n]`). */
  n: number;
  /** The http(s) address. */
  url: string;
  /** Its title, as the tool result gave it. */
  title: string;
}

/** What an answer was: the person's question, the answer's text, the tools and the sources of its turn. */
export interface McpAnswerFacts {
  /** The person's question (the text of their message the answer follows). */
  question: string;
  /** The answer's text ('' when the turn ended without one). */
  answer: string;
  /** Names of the tools the turn called, in order (a tool called twice is named twice). */
  tools: string[];
  /** The sources shown under the answer. */
  sources: McpAnswerSourceInfo[];
  /** The stored conversation's id (undefined when the chat keeps nothing). */
  conversationId?: string;
}

/**
 * A model turn of `<mcp-chat>` ended, for the page's analytics: what was
 * asked and answered, the tools used, the sources shown, how long the first
 * token took, and whether it ended without an answer (the model gave no
 * text, was stopped, hit a limit or failed).
 */
export class McpAnswerEvent extends Event {
  static readonly eventName = 'mcp-answer' as const;
  /** The question, the answer, its tools and sources, the conversation. */
  readonly answer: McpAnswerFacts;
  /** Milliseconds from the person's message to the answer's first text (undefined when no text came, or the turn was not started by a message, e.g. Regenerate). */
  readonly timeToFirstTokenMs?: number;
  /** True when the turn ended without an answer: no text, or it was stopped, hit a limit or failed. */
  readonly unanswered: boolean;
  /** Why the turn ended (`McpTurnEndEvent.reason`). */
  readonly reason: string;
  constructor(answer: McpAnswerFacts, reason: string, unanswered: boolean, timeToFirstTokenMs?: number) {
    super(McpAnswerEvent.eventName, { bubbles: true, composed: true });
    this.answer = answer;
    this.reason = reason;
    this.unanswered = unanswered;
    this.timeToFirstTokenMs = timeToFirstTokenMs;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-answer': McpAnswerEvent;
  }
}
