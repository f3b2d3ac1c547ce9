import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatStrings } from '../strings.js';
import { errorInWords } from '../error-words.js';
import { DEFAULT_BASE_URLS, findOllama, type ProviderConfig, type ProviderKind } from './provider-config.js';
import type { Loader } from '../../shared/lazy.js';
import type { fetchModelIds } from './provider-factory.js';
import type { ChatErrorSource } from '../contract.js';

/** What the model settings need from their element. */
export interface ModelSettingsHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly storageKey: string;
  /** The element's `allow-key-storage`. */
  readonly allowKeyStorage: boolean;
  /** The element's `ollama-url`. */
  readonly ollamaUrl: string;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/**
 * The model the person chose in the Settings panel (it replaces the page's
 * `provider`), remembered per `storage-key` (the API key only where the page
 * allows it and the person asked), and what the panel offers: the models an
 * endpoint listed, and Ollama when one answers at `ollama-url`.
 */
export class ModelSettings implements ReactiveController {
  readonly #host: ModelSettingsHost;
  /** The person's choice, if any. */
  config: ProviderConfig | undefined;
  /** The provider kind picked in the open form before "Use this model" (the form's placeholders follow it). */
  draftKind: ProviderKind | undefined;
  /** Model ids the last "List models" found. */
  models: readonly string[] = [];
  /** Models of the Ollama found at {@link ollamaUrl} (empty while probing or when none answers). */
  ollama: readonly string[] = [];
  #probedUrl: string | undefined;

  /** The providers' code, for "List models" (given by the element: chunks.ts). */
  readonly #providers: Loader<{ fetchModelIds: typeof fetchModelIds }>;

  constructor(host: ModelSettingsHost, providers: Loader<{ fetchModelIds: typeof fetchModelIds }>) {
    this.#host = host;
    this.#providers = providers;
    host.addController(this);
  }

  /** localStorage key of the model settings. */
  get #key(): string {
    return `mcp-chat:provider:${this.#host.storageKey}`;
  }

  hostConnected(): void {
    try {
      const saved = localStorage.getItem(this.#key);
      if (!saved) return;
      const config = JSON.parse(saved) as ProviderConfig;
      if (!this.#host.allowKeyStorage) delete config.apiKey;
      if (config.model) this.config = config;
    } catch {
      // Nothing remembered.
    }
  }

  /** Uses `config` from now on and remembers it; the key only when the page allows it and `withKey`. */
  choose(config: ProviderConfig, withKey: boolean): void {
    this.config = config;
    this.draftKind = undefined;
    try {
      localStorage.setItem(this.#key, JSON.stringify(withKey && this.#host.allowKeyStorage ? config : { ...config, apiKey: undefined }));
    } catch {
      // Not remembered.
    }
    this.#host.requestUpdate();
  }

  /** Asks the endpoint for its models (for the panel's list). */
  async listModels(config: ProviderConfig): Promise<void> {
    const base = config.baseUrl || DEFAULT_BASE_URLS[config.kind];
    try {
      this.models = await (await this.#providers.load()).fetchModelIds(config);
      if (!this.models.length) this.#host.reportError('provider', this.#host.text.noModelsListed(base), undefined);
    } catch (error) {
      this.models = [];
      this.#host.reportError(
        'provider',
        this.#host.text.modelsUnreachable(base, errorInWords(error, this.#host.text), config.kind),
        error,
      );
    }
    this.#host.requestUpdate();
  }

  /** The person picked another provider kind in the form (not used until "Use this model"). */
  pickKind(kind: ProviderKind): void {
    this.draftKind = kind;
    this.models = [];
    this.#host.requestUpdate();
  }

  /** Looks for Ollama at `ollama-url` once per address (the Settings panel calls it when shown). */
  probeOllama(): void {
    const url = this.#host.ollamaUrl;
    if (this.#probedUrl === url) return;
    this.#probedUrl = url;
    this.ollama = [];
    void findOllama({ url }).then((models) => {
      if (this.#probedUrl !== url) return;
      this.ollama = models ?? [];
      this.#host.requestUpdate();
    });
  }
}
