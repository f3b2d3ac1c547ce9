import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { toBlocks } from '../../content/guards.js';
import type { ContentBlock, MessageBlock, ToolResultBlock } from '../../content/types.js';
import { blockAsText } from '../openai/convert-to-openai-messages.js';
import { ProviderError } from '../provider-error.js';
import { toolCallText } from './tool-call-schema.js';
import type { LanguageModelMessage, LanguageModelMessageContent } from './language-model-api-types.js';

/** Options of {@link convertToLanguageModelMessages}. */
export interface ConvertOptions {
  /** The session was created with `expectedInputs` holding `image`: images travel as Blobs. Else they become a short text note. */
  images?: boolean;
}

/**
 * MCP messages -> Prompt API messages, one for one, in order. Pure (a Blob
 * is made for each image when `images` is on).
 *
 * The browser's model has no wire format for tool calls that this provider
 * can rely on (the IDL lists `tool-call` / `tool-response` content types but
 * not their values), so tool traffic is text the model reads back:
 *
 * - assistant `tool_use` -> the JSON the model itself writes under the
 *   constrained-output contract (`{"tool":"echo","arguments":{...}}`, see
 *   `tool-call-schema.ts`), so past calls look like its own answers;
 * - user `tool_result` -> `Result of the tool "echo": ...` (its text blocks,
 *   `structuredContent` as JSON when there is no text, `Error from the tool`
 *   when `isError`);
 * - images -> `image` content (a Blob) when allowed, else `[image (type) not shown]`;
 * - audio, resources and links -> text, as the OpenAI converter writes them.
 */
export function convertToLanguageModelMessages(
  messages: CreateMessageRequestParams['messages'],
  options: ConvertOptions = {},
): LanguageModelMessage[] {
  const names = new Map<string, string>();
  return messages.map((message, index) => {
    const blocks = toBlocks(message.content as MessageBlock | MessageBlock[]);
    const content: LanguageModelMessageContent[] = [];
    for (const block of blocks) {
      switch (block.type) {
        case 'tool_use':
          if (message.role !== 'assistant')
            throw new ProviderError(
              'bad-request',
              `Message ${index} is a user message holding a tool_use; only assistant messages call tools.`,
              { provider: 'browser' },
            );
          names.set(block.id, block.name);
          content.push({ type: 'text', value: toolCallText(block.name, block.input ?? {}) });
          break;
        case 'tool_result':
          if (message.role !== 'user')
            throw new ProviderError(
              'bad-request',
              `Message ${index} is an assistant message holding a tool_result; tool results belong in user messages.`,
              { provider: 'browser' },
            );
          content.push({ type: 'text', value: toolResultText(block, names.get(block.toolUseId)) });
          break;
        case 'image':
          content.push(
            options.images && message.role === 'user'
              ? { type: 'image', value: base64Blob(block.data, block.mimeType) }
              : { type: 'text', value: blockAsText(block) },
          );
          break;
        case 'text':
        case 'audio':
        case 'resource':
        case 'resource_link':
          content.push({ type: 'text', value: blockAsText(block) });
          break;
        default: {
          const never: never = block;
          throw new Error(`Unknown block type: ${JSON.stringify(never)}`);
        }
      }
    }
    return { role: message.role, content: joinTexts(content) };
  });
}

/** The text a model reads for one tool result. */
export function toolResultText(block: ToolResultBlock, name: string | undefined): string {
  const texts = (block.content ?? []).map((b: ContentBlock) => blockAsText(b));
  let body = texts.filter((t) => t !== '').join('\n');
  if (!body && block.structuredContent !== undefined) body = JSON.stringify(block.structuredContent);
  const who = name ? `the tool "${name}"` : 'a tool';
  return block.isError ? `Error from ${who}: ${body || '(no details)'}` : `Result of ${who}: ${body || '(empty)'}`;
}

/** Neighbouring text pieces joined by blank lines; a message of text only becomes a plain string. */
function joinTexts(content: LanguageModelMessageContent[]): string | LanguageModelMessageContent[] {
  const out: LanguageModelMessageContent[] = [];
  for (const part of content) {
    const last = out[out.length - 1];
    if (part.type === 'text' && last?.type === 'text') last.value = `${last.value as string}\n\n${part.value as string}`;
    else out.push({ ...part });
  }
  if (out.length === 0) return '';
  return out.length === 1 && out[0]!.type === 'text' ? (out[0]!.value as string) : out;
}

function base64Blob(data: string, mimeType: string): Blob {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: mimeType });
}
