import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { isProviderError, ProviderError } from '../provider-error.js';
import { selectModel } from '../select-model.js';
import { abortedError, send } from '../shared/http.js';
import { readJSON, readStream, replay } from '../shared/read.js';
import { loadSchemaCheck, structuredOutputSchema, SCHEMA_TOOL_NAME } from '../structured-output.js';
import type { CreateMessageOptions, FetchFunction, ModelInfo, ModelProvider, ProviderResult } from '../types.js';
import type { OpenAIChatRequest, OpenAIChatResponse, OpenAIModelList } from './openai-api-types.js';
import { convertToOpenAIMessages, convertToOpenAITools, hasFileParts, withFilesAsText } from './convert-to-openai-messages.js';
import { readOpenAIError } from './openai-error.js';
import { mapOpenAIResponse, OpenAIStreamAccumulator } from './openai-response.js';

/** Settings of {@link createOpenAICompatibleProvider}. */
export interface OpenAICompatibleSettings {
  /** e.g. `https://api.openai.com/v1`, `https://openrouter.ai/api/v1`, `http://localhost:11434/v1` (Ollama). */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>`; local servers usually need none. */
  apiKey?: string;
  /** Extra headers (e.g. OpenRouter's `HTTP-Referer`, `X-Title`). In a browser the server's CORS must allow them. */
  headers?: Record<string, string>;
  /** The default model. */
  model: string;
  /** Models to choose from with `modelPreferences` (default: just `model`). */
  models?: ModelInfo[];
  fetch?: FetchFunction;
  /** Provider id (default `'openai'`) and the name shown to people (default `'OpenAI-compatible'`). */
  id?: string;
  label?: string;
  /** Stream the answer over SSE (default true). */
  stream?: boolean;
  /** Ask for a usage chunk with `stream_options.include_usage` (default true; turn off for servers that reject it). */
  includeUsage?: boolean;
  /** Name of the token limit field: `max_tokens` (default, understood everywhere) or `max_completion_tokens` (OpenAI reasoning models). */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /**
   * Native structured output for `__schema__` requests: `'json_schema'` sends
   * `response_format: { type: 'json_schema' }`; `'ollama'` also sends Ollama's
   * `format`; `'tool'` passes `__schema__` on as an ordinary tool. Default:
   * `'ollama'` when the base URL is on port 11434, else `'json_schema'`.
   */
  structuredOutput?: 'json_schema' | 'ollama' | 'tool';
  /** Retries after 429 (default 2) and the longest Retry-After honoured, in seconds (default 30). */
  maxRetries?: number;
  maxRetryDelay?: number;
}

/**
 * A provider for any server that speaks OpenAI chat completions: OpenAI,
 * OpenRouter, Ollama (/v1), LM Studio, vLLM, the llama.cpp server, Groq.
 */
export function createOpenAICompatibleProvider(settings: OpenAICompatibleSettings): ModelProvider {
  const id = settings.id ?? 'openai';
  const label = settings.label ?? 'OpenAI-compatible';
  const base = settings.baseURL.replace(/\/+$/, '');
  const doFetch: FetchFunction = settings.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const models = settings.models ?? [{ id: settings.model }];
  const structured = settings.structuredOutput ?? (/:11434(\/|$)/.test(base) ? 'ollama' : 'json_schema');

  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    ...settings.headers,
  });

  /** What every request to this provider shares (see `send`). */
  const transport = {
    provider: id,
    label,
    fetch: doFetch,
    maxRetries: settings.maxRetries,
    maxRetryDelay: settings.maxRetryDelay,
    readError: readOpenAIError,
  };

  /** Set once the server refused a request for its file or audio parts: later requests send them as sentences. */
  let filesRefused = false;

  async function createMessage(params: CreateMessageRequestParams, options: CreateMessageOptions = {}): Promise<ProviderResult> {
    const { signal, onDelta } = options;
    if (signal?.aborted) throw abortedError(id, signal);
    const model = options.model ?? selectModel(params.modelPreferences, models, settings.model);
    const schema = structured === 'tool' ? undefined : structuredOutputSchema(params);
    if (schema) await loadSchemaCheck();
    const stream = settings.stream ?? true;
    const body: OpenAIChatRequest = {
      model,
      messages: convertToOpenAIMessages(params),
      [settings.maxTokensField ?? 'max_tokens']: params.maxTokens,
      ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
      ...(params.stopSequences?.length ? { stop: params.stopSequences } : {}),
      ...(schema
        ? {
            response_format: { type: 'json_schema', json_schema: { name: SCHEMA_TOOL_NAME, schema, strict: false } },
            ...(structured === 'ollama' ? { format: schema } : {}),
          }
        : convertToOpenAITools(params)),
      ...(stream ? { stream: true, ...(settings.includeUsage === false ? {} : { stream_options: { include_usage: true } }) } : {}),
    };
    const post = () =>
      send({
        ...transport,
        url: `${base}/chat/completions`,
        init: { method: 'POST', headers: headers(), body: JSON.stringify(body) },
        signal,
        model,
      });
    if (filesRefused) body.messages = withFilesAsText(body.messages, label);
    let response: Response;
    try {
      response = await post();
    } catch (error) {
      // A server that takes no file parts (Ollama answers 400 "invalid message format"): once more with each file
      // named in words, so the turn is answered and the model can say what it could not read.
      if (!(isProviderError(error) && error.status === 400 && hasFileParts(body.messages))) throw error;
      body.messages = withFilesAsText(body.messages, label);
      response = await post();
      filesRefused = true;
    }
    const read = { schema, model };
    const type = response.headers.get('content-type') ?? '';
    // A server that ignored `stream: true` answers JSON: read it as such.
    if (!stream || !type.includes('text/event-stream') || !response.body) {
      const result = mapOpenAIResponse((await readJSON(response, id, signal)) as OpenAIChatResponse, read);
      replay(result, onDelta);
      return result;
    }
    const acc = new OpenAIStreamAccumulator(read, onDelta);
    await readStream(response.body, acc, { provider: id, label, signal, complete: () => acc.done || acc.finished });
    return acc.result();
  }

  async function listModels(options: { signal?: AbortSignal } = {}): Promise<ModelInfo[]> {
    const response = await send({
      ...transport,
      url: `${base}/models`,
      init: { method: 'GET', headers: headers() },
      signal: options.signal,
    });
    const list = (await readJSON(response, id, options.signal)) as OpenAIModelList;
    if (!list || !Array.isArray(list.data))
      throw new ProviderError('malformed-stream', `${label} answered GET /models without a model list.`, { provider: id });
    return list.data.map((m) => ({ id: m.id }));
  }

  // OpenAI refuses more than 128 tools in a request; compatible servers copy the API.
  return { id, label, maxTools: 128, createMessage, listModels };
}
