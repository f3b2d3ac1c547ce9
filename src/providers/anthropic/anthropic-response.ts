import type { SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import { kindForStatus, ProviderError } from '../provider-error.js';
import type { ProviderDelta, ProviderResult, ProviderUsage } from '../types.js';
import type { AnthropicResponse, AnthropicResponseBlock, AnthropicStreamEvent, AnthropicUsage } from './anthropic-api-types.js';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.js';
import { parseToolInput } from '../shared/tool-input.js';

const PROVIDER = 'anthropic';

/** Stream error types -> the HTTP status they stand for, to pick the error kind. */
const STREAM_ERROR_STATUS: Record<string, number> = {
  overloaded_error: 529,
  rate_limit_error: 429,
  api_error: 500,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  invalid_request_error: 400,
};

/**
 * Assembles a streamed Messages answer: message_start, content_block_start /
 * delta (text_delta, input_json_delta) / stop, message_delta (stop_reason,
 * usage), message_stop; ping ignored; an `error` event rejects. Blocks other
 * than text and tool_use (thinking, ...) are skipped.
 */
export class AnthropicStreamAccumulator {
  /** True once message_stop arrived. */
  done = false;
  private model = '';
  private blocks = new Map<
    number,
    { at: number; text?: string; id?: string; name?: string; json?: string; input?: Record<string, unknown> }
  >();
  private next = 0;
  private stop: string | null = null;
  private usage: AnthropicUsage = {};

  constructor(
    private readonly fallbackModel: string,
    private readonly emit: (delta: ProviderDelta) => void = () => undefined,
  ) {}

  /** Takes one `data:` payload (raw text). */
  push(data: string): void {
    let event: AnthropicStreamEvent;
    try {
      event = JSON.parse(data) as AnthropicStreamEvent;
    } catch {
      throw new ProviderError('malformed-stream', `Anthropic's stream held a line that is not JSON: ${data.slice(0, 80)}`, {
        provider: PROVIDER,
      });
    }
    this.event(event);
  }

  /** Takes one parsed event. */
  event(event: AnthropicStreamEvent): void {
    if (typeof event !== 'object' || event === null || typeof event.type !== 'string') {
      throw new ProviderError('malformed-stream', 'Anthropic sent an event without a type.', { provider: PROVIDER });
    }
    switch (event.type) {
      case 'message_start':
        this.model = event.message?.model ?? '';
        this.addUsage(event.message?.usage, false);
        break;
      case 'content_block_start':
        this.start(event.index, event.content_block);
        break;
      case 'content_block_delta': {
        const block = this.blocks.get(event.index);
        if (!block) break;
        const d = event.delta;
        if (d.type === 'text_delta' && typeof d.text === 'string') {
          block.text = (block.text ?? '') + d.text;
          this.emit({ type: 'text', index: block.at, text: d.text });
        } else if (d.type === 'input_json_delta' && typeof d.partial_json === 'string') {
          block.json = (block.json ?? '') + d.partial_json;
          if (d.partial_json) this.emit({ type: 'tool-call-delta', index: block.at, id: block.id!, argumentsDelta: d.partial_json });
        }
        break;
      }
      case 'content_block_stop': {
        const block = this.blocks.get(event.index);
        if (block?.id !== undefined) {
          block.input = parseInput(block.name!, block.json ?? '', block.input);
          this.emit({ type: 'tool-call-end', index: block.at, id: block.id, name: block.name!, input: block.input });
        }
        break;
      }
      case 'message_delta':
        this.stop = event.delta?.stop_reason ?? this.stop;
        this.addUsage(event.usage, true);
        break;
      case 'message_stop':
        this.done = true;
        break;
      case 'ping':
        break;
      case 'error': {
        const status = STREAM_ERROR_STATUS[event.error?.type] ?? 500;
        throw new ProviderError(
          kindForStatus(status),
          `Anthropic reported an error mid-answer: ${event.error?.message ?? 'unknown error'}`,
          {
            provider: PROVIDER,
            code: event.error?.type,
          },
        );
      }
      default:
        // Anthropic may add event types; its versioning policy says to ignore unknown ones.
        ((_: never) => undefined)(event);
    }
  }

  private start(index: number, block: AnthropicResponseBlock): void {
    if (block.type === 'text') {
      const at = this.next++;
      this.blocks.set(index, { at, text: '' });
      const text = (block as { text?: string }).text;
      if (text) {
        this.blocks.get(index)!.text = text;
        this.emit({ type: 'text', index: at, text });
      }
    } else if (block.type === 'tool_use') {
      const b = block as { id: string; name: string; input?: Record<string, unknown> };
      const at = this.next++;
      this.blocks.set(index, { at, id: b.id, name: b.name, input: b.input });
      this.emit({ type: 'tool-call-start', index: at, id: b.id, name: b.name });
    }
  }

  private addUsage(usage: AnthropicUsage | undefined, final: boolean): void {
    if (!usage) return;
    if (usage.input_tokens !== undefined) this.usage.input_tokens = usage.input_tokens;
    if (usage.output_tokens !== undefined) this.usage.output_tokens = usage.output_tokens;
    if (final) this.emit({ type: 'usage', usage: this.mcpUsage()! });
  }

  private mcpUsage(): ProviderUsage | undefined {
    if (this.usage.input_tokens === undefined && this.usage.output_tokens === undefined) return undefined;
    return { inputTokens: this.usage.input_tokens ?? 0, outputTokens: this.usage.output_tokens ?? 0 };
  }

  /** The MCP result of everything pushed so far. */
  result(): ProviderResult {
    const content: SamplingMessageContentBlock[] = [];
    for (const block of [...this.blocks.values()].sort((a, b) => a.at - b.at)) {
      if (block.id !== undefined) {
        const input =
          block.json !== undefined && block.input === undefined ? parseInput(block.name!, block.json, undefined) : (block.input ?? {});
        content.push({ type: 'tool_use', id: block.id, name: block.name!, input });
      } else content.push({ type: 'text', text: block.text ?? '' });
    }
    const usage = this.mcpUsage();
    return {
      role: 'assistant',
      content,
      model: this.model || this.fallbackModel,
      stopReason: mapAnthropicStopReason(this.stop),
      ...(usage ? { _meta: { usage } } : {}),
    };
  }
}

/** A non-streamed answer -> the MCP result (through the same accumulator, so both paths agree). */
export function mapAnthropicResponse(response: AnthropicResponse, fallbackModel: string): ProviderResult {
  if (!response || !Array.isArray(response.content)) {
    throw new ProviderError('malformed-stream', 'The answer has no content: it is not an Anthropic message.', { provider: PROVIDER });
  }
  const acc = new AnthropicStreamAccumulator(fallbackModel);
  acc.event({ type: 'message_start', message: { ...response, content: [] } });
  response.content.forEach((block, index) => {
    acc.event({ type: 'content_block_start', index, content_block: block });
    acc.event({ type: 'content_block_stop', index });
  });
  acc.event({
    type: 'message_delta',
    delta: { stop_reason: response.stop_reason, stop_sequence: response.stop_sequence },
    usage: response.usage,
  });
  acc.event({ type: 'message_stop' });
  return acc.result();
}

function parseInput(name: string, json: string, given: Record<string, unknown> | undefined): Record<string, unknown> {
  // Streamed tool_use starts with `input: {}` and sends the whole input as JSON deltas.
  if (json.trim() === '') return given ?? {};
  return parseToolInput(PROVIDER, name, json, 'input');
}
