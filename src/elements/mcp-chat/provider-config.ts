import { createAnthropicProvider } from '../../providers/anthropic/anthropic-provider.js';
import { createOpenAICompatibleProvider } from '../../providers/openai/openai-compatible-provider.js';
import type { ModelProvider } from '../../providers/types.js';

/** The kinds of model endpoint the settings panel offers. */
export const PROVIDER_KINDS = ['openai', 'anthropic', 'ollama'] as const;
/** One of {@link PROVIDER_KINDS}. */
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * A provider described by data (attributes, the settings panel, the demo's
 * address bar). The key stays in memory unless the page allows saving it.
 */
export interface ProviderConfig {
  kind: ProviderKind;
  /** Endpoint base, e.g. `https://api.openai.com/v1`; defaults per kind. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
}

/** Where Ollama listens by default (its native API; the OpenAI-compatible one is under `/v1`). */
export const DEFAULT_OLLAMA_URL = 'http://localhost:11434';

/** Default endpoint of each kind. */
export const DEFAULT_BASE_URLS: Record<ProviderKind, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  ollama: `${DEFAULT_OLLAMA_URL}/v1`,
};

/** An example model id per kind (the Settings panel's placeholder). */
export const EXAMPLE_MODELS: Record<ProviderKind, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-sonnet-4-5',
  ollama: 'llama3.2',
};

/** Makes the provider a config describes; undefined when it lacks what it needs (a model). */
export function providerFromConfig(config: ProviderConfig): ModelProvider | undefined {
  const baseURL = config.baseUrl?.trim() || DEFAULT_BASE_URLS[config.kind];
  const model = config.model?.trim();
  if (!model) return undefined;
  switch (config.kind) {
    case 'anthropic':
      return createAnthropicProvider({ baseURL, apiKey: config.apiKey ?? '', model });
    case 'ollama':
      return createOpenAICompatibleProvider({ baseURL, model, id: 'ollama', label: 'Ollama' });
    case 'openai':
      return createOpenAICompatibleProvider({ baseURL, apiKey: config.apiKey || undefined, model });
    default: {
      const never: never = config.kind;
      return never;
    }
  }
}

/**
 * The model ids an endpoint lists (`GET /models`).
 * @throws the provider's error when the endpoint cannot be reached or answers with an error.
 */
export async function fetchModelIds(config: ProviderConfig, signal?: AbortSignal): Promise<string[]> {
  const provider =
    config.kind === 'anthropic'
      ? createAnthropicProvider({ baseURL: config.baseUrl || DEFAULT_BASE_URLS.anthropic, apiKey: config.apiKey ?? '', model: 'x', maxRetries: 0 })
      : createOpenAICompatibleProvider({ baseURL: config.baseUrl || DEFAULT_BASE_URLS[config.kind], apiKey: config.apiKey || undefined, model: 'x', maxRetries: 0 });
  return (await provider.listModels?.({ signal }))?.map((m) => m.id) ?? [];
}

/** The model ids an endpoint lists (`GET /models`), or [] when it lists none or cannot be reached. */
export async function listModelIds(config: ProviderConfig, signal?: AbortSignal): Promise<string[]> {
  try {
    return await fetchModelIds(config, signal);
  } catch {
    return [];
  }
}

/** Options of {@link findOllama}. */
export interface FindOllamaOptions {
  /** Ollama's address, without `/v1` (default {@link DEFAULT_OLLAMA_URL}). */
  url?: string;
  /** How long to wait for an answer (default 800 ms). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Looks for Ollama (`GET <url>/api/tags`, by default on this machine's port
 * 11434), briefly. Resolves with its model ids, or undefined when it is not
 * there. A number is taken as `timeoutMs`.
 */
export async function findOllama(options: FindOllamaOptions | number = {}): Promise<string[] | undefined> {
  const { url = DEFAULT_OLLAMA_URL, timeoutMs = 800, signal } = typeof options === 'number' ? { timeoutMs: options } : options;
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    const res = await fetch(`${url.replace(/\/+$/, '')}/api/tags`, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { models?: Array<{ name?: string; model?: string }> };
    return (body.models ?? []).map((m) => m.model ?? m.name ?? '').filter(Boolean);
  } catch {
    return undefined;
  }
}
