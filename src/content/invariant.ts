import { isToolResult, isToolUse } from './guards.js';
import type { Message } from './types.js';

/**
 * Thrown when messages break the spec's rule for tools: an assistant message
 * holding tool_use blocks is followed by a user message made only of the
 * matching tool_result blocks (one per tool_use id), and a tool_result only
 * ever answers the tool_use just before it.
 */
export class ToolPairingError extends Error {
  override name = 'ToolPairingError';
  /** Index (in the checked sequence) of the message at fault. */
  readonly index: number;
  constructor(message: string, index: number) {
    super(message);
    this.index = index;
  }
}

/**
 * Checks `messages` (optionally continuing after `previous`, the last message
 * already stored) against the tool pairing rule. A sequence may end with an
 * assistant tool_use message whose results are still to come.
 *
 * @throws {ToolPairingError} naming the first message that breaks the rule.
 */
export function checkToolPairing(messages: readonly Message[], previous?: Message): void {
  let before = previous;
  messages.forEach((message, index) => {
    const pending = before ? before.content.filter(isToolUse).map((b) => b.id) : [];
    const results = message.content.filter(isToolResult);
    if (message.role !== 'user' && message.role !== 'assistant') {
      throw new ToolPairingError(`message ${index} has role "${String(message.role)}"; MCP messages are "user" or "assistant"`, index);
    }
    if (pending.length > 0) {
      if (message.role !== 'user' || results.length !== message.content.length || results.length === 0) {
        throw new ToolPairingError(
          `message ${index} must be a user message made only of tool_result blocks answering ${pending.join(', ')}`,
          index,
        );
      }
      const answered = results.map((r) => r.toolUseId);
      const missing = pending.filter((id) => !answered.includes(id));
      const unknown = answered.filter((id) => !pending.includes(id));
      const repeated = answered.filter((id, i) => answered.indexOf(id) !== i);
      if (missing.length || unknown.length || repeated.length) {
        const parts = [
          missing.length ? `no tool_result for ${missing.join(', ')}` : '',
          unknown.length ? `tool_result for unknown tool_use ${unknown.join(', ')}` : '',
          repeated.length ? `more than one tool_result for ${repeated.join(', ')}` : '',
        ].filter(Boolean);
        throw new ToolPairingError(`message ${index}: ${parts.join('; ')}`, index);
      }
    } else if (results.length > 0) {
      throw new ToolPairingError(`message ${index} holds tool_result blocks but the message before it has no tool_use`, index);
    }
    const uses = message.content.filter(isToolUse);
    if (uses.length > 0 && message.role !== 'assistant') {
      throw new ToolPairingError(`message ${index}: only assistant messages may hold tool_use blocks`, index);
    }
    const ids = uses.map((u) => u.id);
    const dup = ids.find((id, i) => ids.indexOf(id) !== i);
    if (dup !== undefined) throw new ToolPairingError(`message ${index}: tool_use id ${dup} appears twice`, index);
    before = message;
  });
}
