import type { CreateMessageOptions, CreateMessageRequestParams, ModelProvider, ProviderResult } from '../../../providers/types.js';
import type { Loader } from '../../shared/lazy.js';

/**
 * The kinds of model the settings panel offers: three kinds of endpoint, the
 * browser's own model (Prompt API) and an open model run on this device (the
 * page's `model-url`).
 */
export const PROVIDER_KINDS = ['openai', 'anthropic', 'ollama', 'browser', 'on-device'] as const;
/** One of {@link PROVIDER_KINDS}. */
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
/** The kinds that are an HTTP endpoint (a base URL, a model id, maybe a key). */
export type EndpointKind = 'openai' | 'anthropic' | 'ollama';
/** The built-in kinds: no key, no server; the model runs in the visitor's browser. */
export type BuiltInKind = 'browser' | 'on-device';

/** Whether `value` is a provider instance (the page's `provider` may also be a config or a kind). */
export const isProvider = (value: unknown): value is ModelProvider =>
  typeof (value as ModelProvider | undefined)?.createMessage === 'function';

/** True for the built-in kinds (`browser`, `on-device`), which need no model id. */
export const isBuiltInKind = (kind: ProviderKind | undefined): kind is BuiltInKind => kind === 'browser' || kind === 'on-device';

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
  /** `on-device`: the model file (GGUF) on the owner's server or a CDN; unset, the pinned default open model. */
  modelUrl?: string;
  /** `on-device` with `modelUrl`: its size in bytes (shown before the download; another size is refused). */
  modelSize?: number;
  /** `on-device` with `modelUrl`: its SHA-256, checked before the model is used. */
  modelSha256?: string;
  /** `on-device` without `modelUrl`: `quality` for the larger pinned open model (offered where the device fits it). */
  tier?: 'quality';
}

/** Where Ollama listens by default (its native API; the OpenAI-compatible one is under `/v1`). */
export const DEFAULT_OLLAMA_URL = 'http://localhost:11434';

/** Default endpoint of each kind. */
export const DEFAULT_BASE_URLS: Record<EndpointKind, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  ollama: `${DEFAULT_OLLAMA_URL}/v1`,
};

/** An example model id per kind (the Settings panel's placeholder). */
export const EXAMPLE_MODELS: Record<EndpointKind, string> = {
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

/** What a built-in provider adds for the chat's Settings (see `BuiltInModel`): state, consent, progress. */
export interface BuiltInControls {
  status?(): Promise<unknown>;
  download?(options: { onProgress?: (progress: never) => void; signal?: AbortSignal }): Promise<unknown>;
  subscribe?(listener: (status: never) => void): () => void;
  dispose?(): Promise<void> | void;
}

/** A provider made by {@link lazyProviderFromConfig}. */
export type LazyProvider = ModelProvider &
  Required<Pick<BuiltInControls, 'status' | 'download'>> & {
    /** The real provider, once the providers' code has loaded (`status`, `download` of a built-in one). */
    readonly loaded: (ModelProvider & BuiltInControls) | undefined;
    /** Loads the providers' code and makes the real provider. */
    load(): Promise<ModelProvider & BuiltInControls>;
  };

/**
 * The provider for a config as the chat uses it: a stand-in whose calls load
 * the providers' code first (a dynamic import; the chat paints and connects
 * without it), then go to the real provider. Undefined without a model (an
 * endpoint kind without a model id), as `providerFromConfig`. `maxTools` and `maxToolChars` are known once the code
 * has loaded (the chat loads it before a turn); `status` and `download` (of a
 * built-in kind) are the real provider's: `download` must run from the
 * person's click, so the chat loads the code first (`load()`).
 */
export function lazyProviderFromConfig(config: ProviderConfig, providers: ProvidersLoader): LazyProvider | undefined {
  if (!isBuiltInKind(config.kind) && !config.model?.trim()) return undefined;
  let real: (ModelProvider & BuiltInControls) | undefined;
  const provider = async () => (real ??= (await providers.load()).providerFromConfig(config) as ModelProvider & BuiltInControls);
  const loaded = () => (real ??= providers.value?.providerFromConfig(config) as (ModelProvider & BuiltInControls) | undefined);
  return {
    id: config.kind,
    get label() {
      return loaded()?.label ?? config.kind;
    },
    get maxTools() {
      return loaded()?.maxTools;
    },
    get maxToolChars() {
      return loaded()?.maxToolChars;
    },
    get loaded() {
      return loaded();
    },
    load: provider,
    status: async () => (await provider()).status?.(),
    // Synchronous once loaded: Chrome's download needs the click's activation.
    download: (options) => {
      const now = loaded();
      return now?.download ? now.download(options) : provider().then((p) => p.download?.(options));
    },
    createMessage: async (params: CreateMessageRequestParams, options?: CreateMessageOptions): Promise<ProviderResult> =>
      (await provider()).createMessage(params, options),
    listModels: async (options?: { signal?: AbortSignal }) => (await provider()).listModels?.(options) ?? [],
  };
}
