import type { SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import { ProviderError } from '../provider-error.js';
import { schemaMismatch, SCHEMA_TOOL_NAME } from '../structured-output.js';
import type { ProviderDelta, ProviderResult, ProviderUsage } from '../types.js';
import type { OpenAIChatChunk, OpenAIChatResponse, OpenAIUsage } from './openai-api-types.js';
import { mapOpenAIStopReason } from './map-openai-stop-reason.js';
import { parseToolInput } from '../shared/tool-input.js';

const PROVIDER = 'openai';

/** How an answer is read back: plain, or as structured output for a `__schema__` request. */
export interface ReadOptions {
  /** Set for a structured-output request: the text is JSON for this schema. */
  schema?: Record<string, unknown>;
  /** Model asked for, used when the answer names none. */
  model: string;
}

/**
 * Assembles a streamed answer chunk by chunk: text deltas, tool-call
 * fragments merged by `index`, finish reason and usage. Feed every `data:`
 * payload to {@link OpenAIStreamAccumulator.push}; call `result()` at the end.
 */
export class OpenAIStreamAccumulator {
  /** True once `data: [DONE]` arrived. */
  done = false;
  private id = '';
  private model = '';
  private text = '';
  private textIndex = -1;
  private calls = new Map<number, { block: number; id: string; name: string; args: string }>();
  private blocks = 0;
  private finish: string | null = null;
  private usage: ProviderUsage | undefined;

  constructor(
    private readonly options: ReadOptions,
    private readonly emit: (delta: ProviderDelta) => void = () => undefined,
  ) {}

  /** True once a finish reason arrived (some servers end without `[DONE]`). */
  get finished(): boolean {
    return this.finish !== null;
  }

  /** Takes one `data:` payload (raw text). */
  push(data: string): void {
    if (data === '[DONE]') {
      this.done = true;
      return;
    }
    let chunk: OpenAIChatChunk;
    try {
      chunk = JSON.parse(data) as OpenAIChatChunk;
    } catch {
      throw new ProviderError('malformed-stream', `The model's stream held a line that is not JSON: ${data.slice(0, 80)}`, {
        provider: PROVIDER,
      });
    }
    if (typeof chunk !== 'object' || chunk === null) {
      throw new ProviderError('malformed-stream', `The model's stream held an unexpected value: ${data.slice(0, 80)}`, {
        provider: PROVIDER,
      });
    }
    if (chunk.error) {
      throw new ProviderError('server', `The provider reported an error mid-answer: ${chunk.error.message ?? 'unknown error'}`, {
        provider: PROVIDER,
        code: chunk.error.code ?? chunk.error.type ?? undefined,
      });
    }
    if (chunk.id) this.id = chunk.id;
    if (chunk.model) this.model = chunk.model;
    if (chunk.usage) this.setUsage(chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = choice.delta ?? {};
    const piece = delta.content ?? delta.refusal;
    if (piece) this.addText(piece);
    for (const call of delta.tool_calls ?? []) {
      const key = this.callKey(call.index, call.id);
      let entry = this.calls.get(key);
      if (!entry) {
        entry = { block: this.blocks++, id: call.id || `call_${key}`, name: call.function?.name ?? '', args: '' };
        this.calls.set(key, entry);
        this.emit({ type: 'tool-call-start', index: entry.block, id: entry.id, name: entry.name });
      } else if (call.function?.name && !entry.name) entry.name = call.function.name;
      const args = call.function?.arguments;
      if (args) {
        entry.args += args;
        this.emit({ type: 'tool-call-delta', index: entry.block, id: entry.id, argumentsDelta: args });
      }
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
  }

  /**
   * Fragments are merged by `index`. Some servers (older Ollama) omit it and
   * send each call whole: then a new id means a new call.
   */
  private callKey(index: number | undefined, id: string | undefined): number {
    if (typeof index === 'number') return index;
    if (id) {
      for (const [key, entry] of this.calls) if (entry.id === id) return key;
      return this.calls.size === 0 ? 0 : Math.max(...this.calls.keys()) + 1;
    }
    return this.calls.size === 0 ? 0 : Math.max(...this.calls.keys());
  }

  private addText(piece: string): void {
    if (this.textIndex === -1) {
      this.textIndex = this.blocks++;
      if (this.options.schema) this.emit({ type: 'tool-call-start', index: this.textIndex, id: this.schemaId(), name: SCHEMA_TOOL_NAME });
    }
    this.text += piece;
    if (this.options.schema) this.emit({ type: 'tool-call-delta', index: this.textIndex, id: this.schemaId(), argumentsDelta: piece });
    else this.emit({ type: 'text', index: this.textIndex, text: piece });
  }

  private setUsage(usage: OpenAIUsage): void {
    this.usage = { inputTokens: usage.prompt_tokens ?? 0, outputTokens: usage.completion_tokens ?? 0 };
    this.emit({ type: 'usage', usage: this.usage });
  }

  private schemaId(): string {
    return `schema_${this.id || 'answer'}`;
  }

  /** The MCP result of everything pushed so far. */
  result(): ProviderResult {
    const content: Array<{ at: number; block: SamplingMessageContentBlock }> = [];
    if (this.textIndex !== -1 && !this.options.schema) content.push({ at: this.textIndex, block: { type: 'text', text: this.text } });
    for (const call of this.calls.values()) {
      const input = parseToolInput(PROVIDER, call.name, call.args, 'arguments');
      this.emit({ type: 'tool-call-end', index: call.block, id: call.id, name: call.name, input });
      content.push({ at: call.block, block: { type: 'tool_use', id: call.id, name: call.name, input } });
    }
    let stopReason = mapOpenAIStopReason(this.finish);
    if (this.options.schema) {
      const input = structuredInput(this.text, this.options.schema, this.finish);
      this.emit({ type: 'tool-call-end', index: Math.max(this.textIndex, 0), id: this.schemaId(), name: SCHEMA_TOOL_NAME, input });
      content.push({ at: Math.max(this.textIndex, 0), block: { type: 'tool_use', id: this.schemaId(), name: SCHEMA_TOOL_NAME, input } });
      stopReason = 'toolUse';
    }
    if (this.finish === 'stop' && this.calls.size > 0) stopReason = 'toolUse';
    content.sort((a, b) => a.at - b.at);
    return {
      role: 'assistant',
      content: content.map((c) => c.block),
      model: this.model || this.options.model,
      stopReason,
      ...(this.usage ? { _meta: { usage: this.usage } } : {}),
    };
  }
}

/** A non-streamed answer -> the MCP result (through the same accumulator, so both paths agree). */
export function mapOpenAIResponse(response: OpenAIChatResponse, options: ReadOptions): ProviderResult {
  const choice = response?.choices?.[0];
  if (!choice || typeof choice.message !== 'object') {
    throw new ProviderError('malformed-stream', 'The answer had no choices: it is not a chat completion.', { provider: PROVIDER });
  }
  const acc = new OpenAIStreamAccumulator(options);
  acc.push(
    JSON.stringify({
      id: response.id,
      model: response.model,
      usage: response.usage,
      choices: [
        {
          index: 0,
          delta: {
            content: choice.message.content ?? choice.message.refusal ?? null,
            tool_calls: choice.message.tool_calls?.map((call, index) => ({ index, ...call })),
          },
          finish_reason: choice.finish_reason,
        },
      ],
    }),
  );
  return acc.result();
}

function structuredInput(text: string, schema: Record<string, unknown>, finish: string | null): Record<string, unknown> {
  if (finish === 'length') {
    throw new ProviderError(
      'invalid-output',
      'The model ran out of tokens before finishing its structured answer. Allow more tokens (maxTokens).',
      {
        provider: PROVIDER,
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProviderError('invalid-output', `The model's structured answer is not valid JSON: ${text.slice(0, 120)}`, {
      provider: PROVIDER,
    });
  }
  const mismatch = schemaMismatch(schema, value);
  if (mismatch !== undefined || typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProviderError('invalid-output', `The model's structured answer does not match the schema: ${mismatch ?? 'not an object'}`, {
      provider: PROVIDER,
    });
  }
  return value as Record<string, unknown>;
}
