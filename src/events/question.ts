/** The person asked `<mcp-chat>` something (sent a message the model is to answer), for the page's analytics. */
export class McpQuestionEvent extends Event {
  static readonly eventName = 'mcp-question' as const;
  /** The text of the person's message. */
  readonly question: string;
  /** The stored conversation's id (undefined when the chat keeps nothing). */
  readonly conversationId?: string;
  constructor(question: string, conversationId?: string) {
    super(McpQuestionEvent.eventName, { bubbles: true, composed: true });
    this.question = question;
    this.conversationId = conversationId;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-question': McpQuestionEvent;
  }
}
