import { createAnthropicProvider } from '../../../providers/anthropic/anthropic-provider.js';
import { createOpenAICompatibleProvider } from '../../../providers/openai/openai-compatible-provider.js';
import { createBrowserModelProvider } from '../../../providers/browser/browser-model-provider.js';
import { createOnDeviceProvider } from '../../../providers/on-device/on-device-provider.js';
import { defaultOpenModel, qualityOpenModel, qualityTierFits } from '../../../providers/on-device/open-models.js';
import type { ModelProvider } from '../../../providers/types.js';
import { DEFAULT_BASE_URLS, type EndpointKind, type ProviderConfig } from './provider-config.js';

/** Context window the chat asks of an on-device model (tokens). */
export const ON_DEVICE_CONTEXT = 8192;

/**
 * Makes the provider a config describes; undefined when it lacks what it
 * needs (a model id). The built-in kinds need no key: `browser` is the Prompt
 * API's model, `on-device` an open model run by wllama (`modelUrl`, else the
 * pinned default; its engine is loaded by the provider when first needed).
 */
export function providerFromConfig(config: ProviderConfig): ModelProvider | undefined {
  if (config.kind === 'browser') return createBrowserModelProvider();
  // 8,192 tokens, not the provider's 4,096: a server's tools (the demo's 18: about 4,400 tokens) must fit beside the conversation.
  // Without `modelUrl`: the default open model, pinned in open-models.ts.
  if (config.kind === 'on-device') {
    const modelUrl = config.modelUrl?.trim();
    const pinned = modelUrl
      ? { url: modelUrl, size: config.modelSize, sha256: config.modelSha256, label: undefined }
      : config.tier === 'quality'
        ? qualityOpenModel()
        : defaultOpenModel();
    return createOnDeviceProvider({
      modelUrl: pinned.url,
      size: pinned.size,
      sha256: pinned.sha256,
      label: pinned.label,
      contextSize: ON_DEVICE_CONTEXT,
    });
  }
  const model = config.model?.trim();
  if (!model) return undefined;
  return endpointProvider({ ...config, kind: config.kind }, model);
}

/**
 * The larger open model (name, size, where from) when this device can take
 * it (WebGPU with room: `qualityTierFits`), else undefined. Never downloads.
 */
export async function qualityOffer(): Promise<{ label: string; size?: number; source: string } | undefined> {
  if (!(await qualityTierFits())) return undefined;
  const model = qualityOpenModel();
  return { label: model.label, size: model.size, source: new URL(model.url).host };
}

/**
 * The provider of a model service (OpenAI-compatible, Anthropic, Ollama),
 * named as the person picked it: its errors say "Could not reach Ollama…".
 */
function endpointProvider(config: ProviderConfig & { kind: EndpointKind }, model: string, maxRetries?: number): ModelProvider {
  const baseURL = config.baseUrl?.trim() || DEFAULT_BASE_URLS[config.kind];
  switch (config.kind) {
    case 'anthropic':
      return createAnthropicProvider({ baseURL, apiKey: config.apiKey ?? '', model, maxRetries });
    case 'ollama':
      return createOpenAICompatibleProvider({ baseURL, model, maxRetries, id: 'ollama', label: 'Ollama' });
    case 'openai':
      return createOpenAICompatibleProvider({ baseURL, apiKey: config.apiKey || undefined, model, maxRetries });
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
  if (config.kind === 'browser' || config.kind === 'on-device') return [];
  const provider = endpointProvider({ ...config, kind: config.kind }, 'x', 0);
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
