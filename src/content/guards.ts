import type { Message, MessageBlock, TextBlock, ToolResultBlock, ToolUseBlock } from './types.js';

/** True for a `tool_use` block. */
export const isToolUse = (block: MessageBlock): block is ToolUseBlock => block.type === 'tool_use';

/** True for a `tool_result` block. */
export const isToolResult = (block: MessageBlock): block is ToolResultBlock => block.type === 'tool_result';

/** True for a `text` block. */
export const isText = (block: MessageBlock): block is TextBlock => block.type === 'text';

/**
 * Sampling messages may carry one block or an array; everything else in the
 * project holds arrays. Returns the content as an array without copying blocks.
 */
export function toBlocks(content: MessageBlock | MessageBlock[]): MessageBlock[] {
  return Array.isArray(content) ? content : [content];
}

/** The tool_use blocks of a message. */
export const toolUses = (message: Message): ToolUseBlock[] => message.content.filter(isToolUse);

/** All text of a message's text blocks, joined by blank lines (for search and titles). */
export function textOf(message: Message): string {
  return message.content
    .filter(isText)
    .map((b) => b.text)
    .join('\n\n');
}
