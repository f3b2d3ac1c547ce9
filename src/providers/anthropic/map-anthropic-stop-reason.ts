/**
 * Anthropic `stop_reason` -> MCP `stopReason`. Words with no MCP equivalent
 * (`pause_turn`, `refusal`, `model_context_window_exceeded`, ...) are kept as given.
 */
export function mapAnthropicStopReason(stopReason: string | null | undefined): string {
  switch (stopReason) {
    case 'end_turn':
    case null:
    case undefined:
      return 'endTurn';
    case 'max_tokens':
      return 'maxTokens';
    case 'stop_sequence':
      return 'stopSequence';
    case 'tool_use':
      return 'toolUse';
    default:
      return stopReason;
  }
}
