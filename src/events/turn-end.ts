import type { Message } from '../content/index.js';
import type { TurnEndReason } from '../agent/types.js';

/** A chat turn ended: the model finished, a limit was hit, the person stopped it, or it failed. */
export class McpTurnEndEvent extends Event {
  static readonly eventName = 'mcp-turn-end' as const;
  /** Why it ended. */
  readonly reason: TurnEndReason;
  /** The messages the turn added (assistant answers and tool results). */
  readonly messages: readonly Message[];
  /** Provider calls made. */
  readonly rounds: number;
  constructor(reason: TurnEndReason, messages: readonly Message[], rounds: number) {
    super(McpTurnEndEvent.eventName, { bubbles: true, composed: true });
    this.reason = reason;
    this.messages = messages;
    this.rounds = rounds;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-turn-end': McpTurnEndEvent;
  }
}
