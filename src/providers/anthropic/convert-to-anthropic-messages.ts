import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { toBlocks } from '../../content/guards.js';
import type { ContentBlock, MessageBlock } from '../../content/types.js';
import type { AnthropicContentBlock, AnthropicMessage, AnthropicTool, AnthropicToolChoice } from './anthropic-api-types.js';

type ResultPart = Extract<AnthropicContentBlock, { type: 'tool_result' }>['content'][number];

/**
 * MCP messages -> Anthropic messages. Pure. The blocks map one to one:
 * text, image (base64 source), tool_use, tool_result (`tool_use_id`,
 * `is_error`, text and image content; structuredContent as JSON text when the
 * result has no text). A PDF blob resource is a `document` block (base64
 * source, its name as `title`). Anthropic takes no audio and no other
 * resources as such: they become text that says what they are (a text
 * resource carries its text).
 * The system prompt travels beside the messages (see {@link convertToAnthropicTools} for tools).
 */
export function convertToAnthropicMessages(params: Pick<CreateMessageRequestParams, 'messages'>): AnthropicMessage[] {
  return params.messages.map((message) => ({
    role: message.role,
    content: toBlocks(message.content as MessageBlock | MessageBlock[]).map(convertBlock),
  }));
}

/** MCP tools and toolChoice -> Anthropic `tools` and `tool_choice` (`required` is `any`). */
export function convertToAnthropicTools(params: Pick<CreateMessageRequestParams, 'tools' | 'toolChoice'>): {
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
} {
  if (!params.tools || params.tools.length === 0) return {};
  const tools = params.tools.map((tool) => ({
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: tool.inputSchema as Record<string, unknown>,
  }));
  const mode = params.toolChoice?.mode;
  switch (mode) {
    case undefined:
      return { tools };
    case 'auto':
      return { tools, tool_choice: { type: 'auto' } };
    case 'required':
      return { tools, tool_choice: { type: 'any' } };
    case 'none':
      return { tools, tool_choice: { type: 'none' } };
    default:
      return unreachable(mode);
  }
}

function convertBlock(block: MessageBlock): AnthropicContentBlock {
  switch (block.type) {
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input ?? {} };
    case 'tool_result': {
      const content: ResultPart[] = (block.content ?? []).map((b) => resultPart(b));
      if (!content.some((c) => c.type === 'text') && block.structuredContent !== undefined) {
        content.unshift({ type: 'text', text: JSON.stringify(block.structuredContent) });
      }
      return { type: 'tool_result', tool_use_id: block.toolUseId, content, ...(block.isError ? { is_error: true } : {}) };
    }
    case 'text':
    case 'image':
    case 'audio':
    case 'resource':
    case 'resource_link':
      return resultPart(block);
    default:
      return unreachable(block);
  }
}

function resultPart(block: ContentBlock): ResultPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: block.mimeType, data: block.data } };
    case 'audio':
      return { type: 'text', text: `[audio (${block.mimeType}) not shown: this model takes no audio]` };
    case 'resource': {
      const r = block.resource;
      if ('blob' in r && r.mimeType?.startsWith('image/'))
        return { type: 'image', source: { type: 'base64', media_type: r.mimeType, data: r.blob as string } };
      if ('blob' in r && r.mimeType === 'application/pdf')
        return {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: r.blob as string },
          ...(typeof r['name'] === 'string' ? { title: r['name'] } : {}),
        };
      const head = `[Resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}]`;
      return { type: 'text', text: 'text' in r ? `${head}\n${r.text}` : `${head} binary content not shown` };
    }
    case 'resource_link':
      return { type: 'text', text: `[Resource link: ${block.name} ${block.uri}${block.description ? ` - ${block.description}` : ''}]` };
    default:
      return unreachable(block);
  }
}

function unreachable(value: never): never {
  throw new Error(`Unknown value: ${JSON.stringify(value)}`);
}
