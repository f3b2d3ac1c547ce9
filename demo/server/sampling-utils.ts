import type {
  CreateMessageResult,
  CreateMessageResultWithTools,
  SamplingMessage,
  SamplingMessageContentBlock,
  Tool,
  ToolUseContent,
} from '@modelcontextprotocol/server';

/**
 * Helpers for sampling requests: content-block access and the `__schema__`
 * structured-output convention (a reserved tool whose `input` is the answer;
 * the server closes the exchange with an "ok" tool_result so the three
 * messages can be appended to a history as they are).
 */

/** The reserved tool name for structured output through sampling. */
export const SCHEMA_TOOL = '__schema__';

/** The content of a sampling result as a list of blocks, whichever shape came back. */
export function resultBlocks(result: CreateMessageResult | CreateMessageResultWithTools): SamplingMessageContentBlock[] {
  const content = result.content as SamplingMessageContentBlock | SamplingMessageContentBlock[];
  return Array.isArray(content) ? content : [content];
}

/** All text of some blocks, joined. */
export function textOf(blocks: SamplingMessageContentBlock[]): string {
  return blocks
    .filter((b): b is Extract<SamplingMessageContentBlock, { type: 'text' }> => b.type === 'text')
    .map((b) => b.text)
    .join('\n')
    .trim();
}

/** The tool_use blocks among some blocks. */
export function toolUses(blocks: SamplingMessageContentBlock[]): ToolUseContent[] {
  return blocks.filter((b): b is ToolUseContent => b.type === 'tool_use');
}

/** A user message holding one text block. */
export function userText(text: string): SamplingMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

/** The `__schema__` tool for a JSON Schema: the model answers by "calling" it. */
export function schemaTool(description: string, inputSchema: Tool['inputSchema']): Tool {
  return { name: SCHEMA_TOOL, description, inputSchema };
}

/**
 * The closed three-message exchange of a structured-output request:
 * the request, the assistant's `__schema__` tool_use, and an "ok" tool_result
 * (the data appears once, in the tool_use input).
 */
export function closedSchemaExchange(request: SamplingMessage, toolUse: ToolUseContent, ack = 'ok'): SamplingMessage[] {
  return [
    request,
    { role: 'assistant', content: [toolUse] },
    { role: 'user', content: [{ type: 'tool_result', toolUseId: toolUse.id, content: [{ type: 'text', text: ack }] }] },
  ];
}
