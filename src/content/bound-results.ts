import type { ContentBlock, Message, MessageBlock, ToolResultBlock } from './types.js';

/** Default size of the form of one tool result a model gets: 100,000 characters. */
export const DEFAULT_MAX_TOOL_RESULT_CHARS = 100_000;

/**
 * The conversation as a model should get it: each tool result no larger than
 * `maxChars` characters (text, embedded resource text, structured content,
 * image and audio data together, counted in order), with a note saying how
 * much was left out. Results within the bound, and every other message, are
 * the same objects. The history and the person keep the full result; this is
 * only what goes into a request, every turn.
 */
export function boundToolResults(messages: readonly Message[], maxChars = DEFAULT_MAX_TOOL_RESULT_CHARS): Message[] {
  return messages.map((message) => {
    if (!message.content.some((b) => b.type === 'tool_result' && resultSize(b) > maxChars)) return message;
    return {
      ...message,
      content: message.content.map((b) => (b.type === 'tool_result' && resultSize(b) > maxChars ? boundResult(b, maxChars) : b)),
    };
  });
}

/** How many characters a block weighs in a request: its text or data, else its JSON; a tool result, its content and structured content. */
export function blockSize(block: MessageBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length;
    case 'image':
    case 'audio':
      return block.data.length;
    case 'resource': {
      const r = block.resource as { text?: unknown; blob?: unknown };
      return typeof r.text === 'string' ? r.text.length : typeof r.blob === 'string' ? r.blob.length : 0;
    }
    case 'tool_result':
      return resultSize(block);
    default:
      return JSON.stringify(block).length;
  }
}

const structuredSize = (result: ToolResultBlock) =>
  result.structuredContent === undefined ? 0 : JSON.stringify(result.structuredContent).length;

function resultSize(result: ToolResultBlock): number {
  return result.content.reduce((sum, b) => sum + blockSize(b), 0) + structuredSize(result);
}

function boundResult(result: ToolResultBlock, maxChars: number): ToolResultBlock {
  let room = maxChars;
  let left = 0;
  const content: ContentBlock[] = [];
  for (const block of result.content) {
    const size = blockSize(block);
    if (size <= room) {
      content.push(block);
      room -= size;
    } else if (block.type === 'text') {
      content.push({ ...block, text: block.text.slice(0, room) });
      left += size - room;
      room = 0;
    } else if (block.type === 'resource' && typeof (block.resource as { text?: unknown }).text === 'string') {
      const text = (block.resource as { text: string }).text;
      content.push({ ...block, resource: { ...block.resource, text: text.slice(0, room) } } as ContentBlock);
      left += size - room;
      room = 0;
    } else {
      // Binary data cannot be cut in a meaningful place: it is left out whole.
      content.push({
        type: 'text',
        text: `[${block.type === 'image' || block.type === 'audio' ? `An ${block.type}` : 'A block'} of ${size} characters was left out.]`,
      });
      left += size;
    }
  }
  const bounded: ToolResultBlock = { ...result, content };
  if (result.structuredContent !== undefined && structuredSize(result) > room) {
    delete bounded.structuredContent;
    left += structuredSize(result);
  }
  content.push({
    type: 'text',
    text: `\n[${left} characters of this result were left out to keep the request small; the person sees the whole result.]`,
  });
  return bounded;
}
