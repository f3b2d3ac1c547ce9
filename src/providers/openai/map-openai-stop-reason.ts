/**
 * OpenAI `finish_reason` -> MCP `stopReason`. OpenAI says `stop` both for a
 * natural end and for a stop sequence, so both map to `endTurn`. Words with
 * no MCP equivalent (`content_filter`, ...) are kept as given.
 */
export function mapOpenAIStopReason(finishReason: string | null | undefined): string {
  switch (finishReason) {
    case 'stop':
    case null:
    case undefined:
      return 'endTurn';
    case 'length':
      return 'maxTokens';
    case 'tool_calls':
    case 'function_call':
      return 'toolUse';
    default:
      return finishReason;
  }
}
