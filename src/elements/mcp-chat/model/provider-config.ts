import type { CreateMessageOptions, CreateMessageRequestParams, ModelProvider, ProviderResult } from '../../../providers/types.js';
import type { Loader } from '../../shared/lazy.js';

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

/** The providers' code as `lazyProviderFromConfig` loads it (the chat's turn chunk: chunks.ts). */
export type ProvidersLoader = Loader<{ providerFromConfig(config: ProviderConfig): ModelProvider | undefined }>;

/**
 * The provider for a config as the chat uses it: a stand-in whose calls load
 * the providers' code first (a dynamic import; the chat paints and connects
 * without it), then go to the real provider. Undefined without a model, as
 * `providerFromConfig`. `maxTools` is known once the code has loaded (the
 * chat loads it before a turn).
 */
export function lazyProviderFromConfig(config: ProviderConfig, providers: ProvidersLoader): ModelProvider | undefined {
  if (!config.model?.trim()) return undefined;
  let real: ModelProvider | undefined;
  const provider = async () => (real ??= (await providers.load()).providerFromConfig(config)!);
  const loaded = () => (real ??= providers.value?.providerFromConfig(config));
  return {
    id: config.kind,
    get label() {
      return loaded()?.label ?? config.kind;
    },
    get maxTools() {
      return loaded()?.maxTools;
    },
    createMessage: async (params: CreateMessageRequestParams, options?: CreateMessageOptions): Promise<ProviderResult> => (await provider()).createMessage(params, options),
    listModels: async (options?: { signal?: AbortSignal }) => (await provider()).listModels?.(options) ?? [],
  };
}
