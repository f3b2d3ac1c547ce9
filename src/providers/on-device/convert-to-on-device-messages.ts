import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { toBlocks } from '../../content/guards.js';
import type { ContentBlock, MessageBlock, ToolResultBlock } from '../../content/types.js';
import { ProviderError } from '../provider-error.js';
import type { OfferedTool, ReplyChoice } from './reply-grammar.js';
import type { OnDeviceChatMessage } from './on-device-types.js';

/**
 * MCP messages -> the chat messages the on-device engine formats with the
 * model's own chat template. Pure.
 *
 * The model speaks one format (reply-grammar.ts), so the conversation is
 * written in it too: an assistant's text is `{"type":"text","text":...}`, its
 * tool call `{"tool":...,"arguments":...}`, and a tool's result comes back as
 * a user message `{"tool_result":NAME,"content":TEXT}` (`"isError":true` when
 * it failed). Small models copy what they see, so they see their own format.
 *
 * - `systemPrompt` -> the system message, followed by how to answer and the
 *   tools (name, description, argument schema) when tools are offered.
 * - Images, audio and binary resources become a short note (`[image: image/png]`):
 *   the engine reads text only.
 */
export function convertToOnDeviceMessages(
  params: Pick<CreateMessageRequestParams, 'messages' | 'systemPrompt'>,
  tools: readonly OfferedTool[],
  choice: ReplyChoice,
): OnDeviceChatMessage[] {
  const out: OnDeviceChatMessage[] = [{ role: 'system', content: systemText(params.systemPrompt, tools, choice) }];
  const names = new Map<string, string>();
  params.messages.forEach((message, index) => {
    const blocks = toBlocks(message.content as MessageBlock | MessageBlock[]);
    if (message.role === 'assistant') {
      const lines: string[] = [];
      for (const block of blocks) {
        if (block.type === 'tool_use') {
          names.set(block.id, block.name);
          lines.push(JSON.stringify({ tool: block.name, arguments: block.input ?? {} }));
        } else if (block.type === 'tool_result') {
          throw new ProviderError(
            'bad-request',
            `Message ${index} is an assistant message holding a tool_result; tool results belong in user messages.`,
            { provider: 'on-device' },
          );
        } else {
          lines.push(JSON.stringify({ type: 'text', text: blockAsText(block) }));
        }
      }
      out.push({ role: 'assistant', content: lines.join('\n') });
      return;
    }
    const texts: string[] = [];
    for (const block of blocks) {
      if (block.type === 'tool_result') texts.push(JSON.stringify(resultRecord(block, names.get(block.toolUseId))));
      else if (block.type === 'tool_use')
        throw new ProviderError(
          'bad-request',
          `Message ${index} is a user message holding a tool_use; tool calls belong in assistant messages.`,
          { provider: 'on-device' },
        );
      else texts.push(blockAsText(block));
    }
    out.push({ role: 'user', content: texts.join('\n') });
  });
  return out;
}

/** The system message: the page's prompt, then the reply format and the tools. */
export function systemText(systemPrompt: string | undefined, tools: readonly OfferedTool[], choice: ReplyChoice): string {
  const parts = systemPrompt ? [systemPrompt] : [];
  const offered = choice === 'none' ? [] : tools;
  if (!offered.length) {
    parts.push('Answer with one JSON object: {"type":"text","text":"<your answer>"}.');
    return parts.join('\n\n');
  }
  const how =
    choice === 'required'
      ? 'Call one tool: answer with one JSON object {"tool":"<tool name>","arguments":{...}} whose arguments follow the tool\'s schema.'
      : 'Answer with one JSON object: either {"type":"text","text":"<your answer>"}, or, to call a tool, {"tool":"<tool name>","arguments":{...}} whose arguments follow the tool\'s schema. After a call you get {"tool_result":...}; then answer or call another tool.';
  const list = offered.map(
    (t) => `- ${t.name}${t.description ? `: ${t.description}` : ''}\n  arguments: ${JSON.stringify(t.inputSchema ?? { type: 'object' })}`,
  );
  parts.push(how, `Tools:\n${list.join('\n')}`);
  return parts.join('\n\n');
}

function resultRecord(block: ToolResultBlock, name: string | undefined): Record<string, unknown> {
  const blocks = toBlocks(block.content as ContentBlock | ContentBlock[]);
  const text = blocks.map((b) => blockAsText(b as MessageBlock)).join('\n');
  const content = text || (block.structuredContent !== undefined ? JSON.stringify(block.structuredContent) : '');
  return { tool_result: name ?? block.toolUseId, content, ...(block.isError ? { isError: true } : {}) };
}

/** A block the engine cannot read, as a short note; text as it is. */
function blockAsText(block: MessageBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType}]`;
    case 'resource_link':
      return `[resource: ${block.uri}]`;
    case 'resource': {
      const r = block.resource as { uri: string; text?: string; mimeType?: string };
      return typeof r.text === 'string' ? `[resource ${r.uri}]\n${r.text}` : `[resource ${r.uri}${r.mimeType ? `: ${r.mimeType}` : ''}]`;
    }
    case 'tool_use':
      return JSON.stringify({ tool: block.name, arguments: block.input ?? {} });
    case 'tool_result':
      return JSON.stringify(resultRecord(block, undefined));
    default: {
      const never: never = block;
      return String(never);
    }
  }
}
