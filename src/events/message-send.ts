import type { Message } from '../content/index.js';

/**
 * The person sent a message from `<mcp-chat>` (before the model sees it).
 * Cancelable: `preventDefault()` keeps the message out of the conversation
 * (the composer keeps its text).
 */
export class McpMessageSendEvent extends Event {
  static readonly eventName = 'mcp-message-send' as const;
  /** The user message: text and any attached images or resources as blocks. */
  readonly message: Message;
  constructor(message: Message) {
    super(McpMessageSendEvent.eventName, { bubbles: true, composed: true, cancelable: true });
    this.message = message;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-message-send': McpMessageSendEvent;
  }
}
