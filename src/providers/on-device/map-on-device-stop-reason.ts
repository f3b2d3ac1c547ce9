/**
 * MCP's stop reason for how llama.cpp ended a constrained reply. Pure.
 *
 * - a tool call -> `toolUse` (the grammar closed it, whatever the finish reason);
 * - `stop` (the grammar closed the answer, then the end token) -> `endTurn`;
 * - `stop-sequence` (the answer was still open when a stop sequence matched; the
 *   reader tells this apart: llama.cpp says `stop` for both) -> `stopSequence`;
 * - `length` (`maxTokens` reached) -> `maxTokens`;
 * - anything else is passed on as it is.
 */
export function mapOnDeviceStopReason(finish: string, toolCalled: boolean): string {
  if (toolCalled) return 'toolUse';
  if (finish === 'stop') return 'endTurn';
  if (finish === 'stop-sequence') return 'stopSequence';
  if (finish === 'length') return 'maxTokens';
  return finish;
}
