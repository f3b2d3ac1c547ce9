import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { ProviderError } from '../provider-error.js';
import { selectModel } from '../select-model.js';
import { abortedError, send } from '../shared/http.js';
import { readJSON, readStream, replay } from '../shared/read.js';
import type { CreateMessageOptions, FetchFunction, ModelInfo, ModelProvider, ProviderResult } from '../types.js';
import type { AnthropicModelList, AnthropicRequest, AnthropicResponse } from './anthropic-api-types.js';
import { readAnthropicError } from './anthropic-error.js';
import { AnthropicStreamAccumulator, mapAnthropicResponse } from './anthropic-response.js';
import { convertToAnthropicMessages, convertToAnthropicTools } from './convert-to-anthropic-messages.js';

/** Settings of {@link createAnthropicProvider}. */
export interface AnthropicSettings {
  apiKey: string;
  /** Default `https://api.anthropic.com/v1`. */
  baseURL?: string;
  /** The default model, e.g. `claude-sonnet-4-5`. */
  model: string;
  /** Models to choose from with `modelPreferences` (default: just `model`). */
  models?: ModelInfo[];
  /** `anthropic-version` header (default `2023-06-01`). */
  version?: string;
  /** Extra headers (e.g. `anthropic-beta`). */
  headers?: Record<string, string>;
  fetch?: FetchFunction;
  /** Stream the answer over SSE (default true). */
  stream?: boolean;
  /** Retries after 429/529 (default 2) and the longest Retry-After honoured, in seconds (default 30). */
  maxRetries?: number;
  maxRetryDelay?: number;
}

/**
 * A provider for Anthropic's Messages API, callable straight from a browser
 * (it sends `anthropic-dangerous-direct-browser-access: true`: the key is then
 * visible to the page's user, so use a key the user owns). `__schema__`
 * requests go through as an ordinary tool.
 */
export function createAnthropicProvider(settings: AnthropicSettings): ModelProvider {
  const id = 'anthropic';
  const label = 'Anthropic';
  const base = (settings.baseURL ?? 'https://api.anthropic.com/v1').replace(/\/+$/, '');
  const doFetch: FetchFunction = settings.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const models = settings.models ?? [{ id: settings.model }];
  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    'x-api-key': settings.apiKey,
    'anthropic-version': settings.version ?? '2023-06-01',
    'anthropic-dangerous-direct-browser-access': 'true',
    ...settings.headers,
  });

  /** What every request to this provider shares (see `send`). */
  const transport = {
    provider: id,
    label,
    fetch: doFetch,
    maxRetries: settings.maxRetries,
    maxRetryDelay: settings.maxRetryDelay,
    readError: readAnthropicError,
  };

  async function createMessage(params: CreateMessageRequestParams, options: CreateMessageOptions = {}): Promise<ProviderResult> {
    const { signal, onDelta } = options;
    if (signal?.aborted) throw abortedError(id, signal);
    const model = options.model ?? selectModel(params.modelPreferences, models, settings.model);
    const stream = settings.stream ?? true;
    const body: AnthropicRequest = {
      model,
      max_tokens: params.maxTokens,
      messages: convertToAnthropicMessages(params),
      ...(params.systemPrompt ? { system: params.systemPrompt } : {}),
      ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
      ...(params.stopSequences?.length ? { stop_sequences: params.stopSequences } : {}),
      ...convertToAnthropicTools(params),
      ...(stream ? { stream: true } : {}),
    };
    const response = await send({
      ...transport,
      url: `${base}/messages`,
      init: { method: 'POST', headers: headers(), body: JSON.stringify(body) },
      signal,
      model,
    });
    const type = response.headers.get('content-type') ?? '';
    if (!stream || !type.includes('text/event-stream') || !response.body) {
      const result = mapAnthropicResponse((await readJSON(response, id, signal)) as AnthropicResponse, model);
      replay(result, onDelta);
      return result;
    }
    const acc = new AnthropicStreamAccumulator(model, onDelta);
    await readStream(response.body, acc, { provider: id, label, signal, complete: () => acc.done });
    return acc.result();
  }

  async function listModels(options: { signal?: AbortSignal } = {}): Promise<ModelInfo[]> {
    const response = await send({
      ...transport,
      url: `${base}/models?limit=1000`,
      init: { method: 'GET', headers: headers() },
      signal: options.signal,
    });
    const list = (await readJSON(response, id, options.signal)) as AnthropicModelList;
    if (!list || !Array.isArray(list.data))
      throw new ProviderError('malformed-stream', `${label} answered GET /models without a model list.`, { provider: id });
    return list.data.map((m) => ({ id: m.id, label: m.display_name }));
  }

  return { id, label, createMessage, listModels };
}
