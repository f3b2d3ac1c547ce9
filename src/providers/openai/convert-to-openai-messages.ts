import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { toBlocks } from '../../content/guards.js';
import type { ContentBlock, MessageBlock, ToolResultBlock } from '../../content/types.js';
import { ProviderError } from '../provider-error.js';
import type { OpenAIContentPart, OpenAIMessage, OpenAITool } from './openai-api-types.js';

/**
 * MCP messages -> OpenAI chat messages. Pure.
 *
 * - `systemPrompt` -> a leading `system` message.
 * - user text/image/audio -> `text` / `image_url` (data URL) / `input_audio` parts
 *   (a lone text block is sent as a plain string, which every compatible server reads).
 * - assistant text -> `content`; tool_use -> `tool_calls` (arguments as a JSON string).
 * - tool_result -> one `role: "tool"` message per result, its text blocks joined
 *   by "\n" (structuredContent as JSON when there is no text; "Error: " first when
 *   `isError`). Blocks a tool message cannot hold (images, audio, resources)
 *   follow in one user message, each group introduced by the call id, so nothing is dropped.
 * - resources -> text (`[Resource uri]` + text), or image/audio parts for such blobs, or a `file` part
 *   (filename, `data:` URL) for a PDF blob.
 */
export function convertToOpenAIMessages(params: Pick<CreateMessageRequestParams, 'messages' | 'systemPrompt'>): OpenAIMessage[] {
  const out: OpenAIMessage[] = [];
  if (params.systemPrompt) out.push({ role: 'system', content: params.systemPrompt });
  params.messages.forEach((message, index) => {
    const blocks = toBlocks(message.content as MessageBlock | MessageBlock[]);
    if (message.role === 'assistant') out.push(assistantMessage(blocks, index));
    else out.push(...userMessages(blocks, index));
  });
  return out;
}

/** Whether a request's messages carry parts some compatible servers refuse (`file`, `input_audio`). */
export function hasFileParts(messages: OpenAIMessage[]): boolean {
  return messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'file' || p.type === 'input_audio'));
}

/**
 * The same messages with each `file` and `input_audio` part replaced by a
 * sentence that tells the model what was attached and that it was not sent,
 * for a server that refused them (Ollama's OpenAI layer takes text and images only).
 */
export function withFilesAsText(messages: OpenAIMessage[], label: string): OpenAIMessage[] {
  const said = (what: string): OpenAIContentPart => ({
    type: 'text',
    text: `[${what} was attached, but its content was not sent: ${label} does not take files. Say so if it matters for the answer.]`,
  });
  return messages.map((m) =>
    Array.isArray(m.content)
      ? ({
          ...m,
          content: m.content.map((p) =>
            p.type === 'file'
              ? said(`The file ${p.file.filename} (PDF)`)
              : p.type === 'input_audio'
                ? said(`An audio clip (${p.input_audio.format})`)
                : p,
          ),
        } as OpenAIMessage)
      : m,
  );
}

/** MCP tools and toolChoice -> OpenAI `tools` and `tool_choice` (both absent when no tools are offered). */
export function convertToOpenAITools(params: Pick<CreateMessageRequestParams, 'tools' | 'toolChoice'>): {
  tools?: OpenAITool[];
  tool_choice?: 'auto' | 'required' | 'none';
} {
  if (!params.tools || params.tools.length === 0) return {};
  const tools: OpenAITool[] = params.tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.inputSchema as Record<string, unknown>,
    },
  }));
  const mode = params.toolChoice?.mode;
  return mode ? { tools, tool_choice: mode } : { tools };
}

function assistantMessage(blocks: MessageBlock[], index: number): OpenAIMessage {
  const texts: string[] = [];
  const toolCalls: NonNullable<Extract<OpenAIMessage, { role: 'assistant' }>['tool_calls']> = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        texts.push(block.text);
        break;
      case 'tool_use':
        toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
        break;
      case 'image':
      case 'audio':
      case 'resource':
      case 'resource_link':
        // Assistant messages carry only text on this wire.
        texts.push(blockAsText(block));
        break;
      case 'tool_result':
        throw new ProviderError(
          'bad-request',
          `Message ${index} is an assistant message holding a tool_result; tool results belong in user messages.`,
          {
            provider: 'openai',
          },
        );
      default:
        return unreachable(block);
    }
  }
  const content = texts.length ? texts.join('\n') : null;
  return toolCalls.length ? { role: 'assistant', content, tool_calls: toolCalls } : { role: 'assistant', content: content ?? '' };
}

function userMessages(blocks: MessageBlock[], index: number): OpenAIMessage[] {
  const tools: OpenAIMessage[] = [];
  const parts: OpenAIContentPart[] = [];
  const carried: OpenAIContentPart[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'tool_result': {
        const { text, rest } = splitToolResult(block);
        tools.push({ role: 'tool', tool_call_id: block.toolUseId, content: text });
        if (rest.length) {
          carried.push({ type: 'text', text: `Content of tool result ${block.toolUseId}:` });
          for (const b of rest) carried.push(...contentParts(b));
        }
        break;
      }
      case 'tool_use':
        throw new ProviderError(
          'bad-request',
          `Message ${index} is a user message holding a tool_use; only assistant messages call tools.`,
          {
            provider: 'openai',
          },
        );
      case 'text':
      case 'image':
      case 'audio':
      case 'resource':
      case 'resource_link':
        parts.push(...contentParts(block));
        break;
      default:
        return unreachable(block);
    }
  }
  const user = [...carried, ...parts];
  if (user.length === 0) return tools;
  const only = user.length === 1 ? user[0]! : undefined;
  return [...tools, { role: 'user', content: only && only.type === 'text' ? only.text : user }];
}

/** A tool result's text for the `tool` message, and the blocks that must travel in a user message. */
function splitToolResult(block: ToolResultBlock): { text: string; rest: ContentBlock[] } {
  const texts: string[] = [];
  const rest: ContentBlock[] = [];
  for (const b of block.content ?? []) {
    if (b.type === 'text') texts.push(b.text);
    else if (b.type === 'resource' && 'text' in b.resource) texts.push(blockAsText(b));
    else rest.push(b);
  }
  let text = texts.join('\n');
  if (!text && block.structuredContent !== undefined) text = JSON.stringify(block.structuredContent);
  if (!text && rest.length) text = `[${rest.length} non-text block(s) of this result follow in the next user message]`;
  if (block.isError) text = `Error: ${text}`;
  return { text, rest };
}

/** One MCP content block as OpenAI user-content parts. */
function contentParts(block: ContentBlock): OpenAIContentPart[] {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: block.text }];
    case 'image':
      return [{ type: 'image_url', image_url: { url: `data:${block.mimeType};base64,${block.data}` } }];
    case 'audio':
      return [{ type: 'input_audio', input_audio: { data: block.data, format: audioFormat(block.mimeType) } }];
    case 'resource': {
      const r = block.resource;
      if ('blob' in r && r.mimeType?.startsWith('image/'))
        return [{ type: 'image_url', image_url: { url: `data:${r.mimeType};base64,${r.blob as string}` } }];
      if ('blob' in r && r.mimeType?.startsWith('audio/'))
        return [{ type: 'input_audio', input_audio: { data: r.blob as string, format: audioFormat(r.mimeType) } }];
      if ('blob' in r && r.mimeType === 'application/pdf') {
        const filename = typeof r['name'] === 'string' ? r['name'] : (r.uri.split('/').pop() ?? 'document.pdf');
        return [{ type: 'file', file: { filename, file_data: `data:application/pdf;base64,${r.blob as string}` } }];
      }
      return [{ type: 'text', text: blockAsText(block) }];
    }
    case 'resource_link':
      return [{ type: 'text', text: blockAsText(block) }];
    default:
      return unreachable(block);
  }
}

/** Text standing in for a block the wire cannot carry as such. */
export function blockAsText(block: MessageBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image (${block.mimeType}) not shown]`;
    case 'audio':
      return `[audio (${block.mimeType}) not shown]`;
    case 'resource': {
      const r = block.resource;
      const head = `[Resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}]`;
      return 'text' in r ? `${head}\n${r.text}` : `${head} binary content not shown`;
    }
    case 'resource_link':
      return `[Resource link: ${block.name} ${block.uri}${block.description ? ` - ${block.description}` : ''}]`;
    case 'tool_use':
      return `[tool call ${block.name} ${JSON.stringify(block.input)}]`;
    case 'tool_result':
      return `[tool result for ${block.toolUseId}]`;
    default:
      return unreachable(block);
  }
}

/** `input_audio.format` from a MIME type: audio/wav -> wav, audio/mpeg -> mp3, else the subtype. */
export function audioFormat(mimeType: string): string {
  const sub = mimeType.split('/')[1]?.split(';')[0]?.toLowerCase() ?? mimeType;
  if (sub === 'mpeg' || sub === 'mp3') return 'mp3';
  if (sub === 'wav' || sub === 'x-wav' || sub === 'wave' || sub === 'vnd.wave') return 'wav';
  return sub;
}

function unreachable(value: never): never {
  throw new Error(`Unknown block type: ${JSON.stringify(value)}`);
}
