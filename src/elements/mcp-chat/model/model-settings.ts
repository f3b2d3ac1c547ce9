import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ModelProvider } from '../../../providers/types.js';
import type { ChatStrings } from '../strings.js';
import { errorInWords } from '../error-words.js';
import { DEFAULT_BASE_URLS, findOllama, lazyProviderFromConfig, type ProviderConfig, type ProviderKind } from './provider-config.js';
import type { Loader } from '../../shared/lazy.js';
import type { fetchModelIds, providerFromConfig } from './provider-factory.js';
import type { renderSettingsPanel } from './settings-panel.js';
import type { ChatErrorSource } from '../contract.js';

/** What the model feature loads: the providers' code (the chat's turn chunk, chunks.ts). */
export type ProvidersChunk = Loader<{ fetchModelIds: typeof fetchModelIds; providerFromConfig: typeof providerFromConfig }>;

const isProvider = (value: unknown): value is ModelProvider => typeof (value as ModelProvider)?.createMessage === 'function';

/** What the model settings need from their element. */
export interface ModelSettingsHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly storageKey: string;
  /** The element's `allow-key-storage`. */
  readonly allowKeyStorage: boolean;
  /** The element's `ollama-url`. */
  readonly ollamaUrl: string;
  /** The element's `provider`, `model` and `base-url` (what the page set). */
  readonly page: { provider?: ModelProvider | ProviderConfig | ProviderKind; model?: string; baseUrl?: string };
  /** Sets the element's `model` (the header's picker, with a provider instance the page set). */
  setPageModel(model: string): void;
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
  #config: ProviderConfig | undefined;
  #draftKind: ProviderKind | undefined;
  #models: readonly string[] = [];
  #ollama: readonly string[] = [];
  #probedUrl: string | undefined;
  #providerCache?: { key: string; provider: ModelProvider | undefined };

  /** The providers' code, for "List models" and the provider in use (given by the element: chunks.ts). */
  readonly #providers: ProvidersChunk;

  /** The person's choice, if any. */
  get config(): ProviderConfig | undefined {
    return this.#config;
  }

  /** Model ids the last "List models" found. */
  get models(): readonly string[] {
    return this.#models;
  }

  /** The model provider in use (the person's choice, or the page's `provider` with `model` and `base-url`), if any. */
  get provider(): ModelProvider | undefined {
    const { provider, model, baseUrl } = this.#host.page;
    const p = this.#config ?? provider;
    if (!p) return undefined;
    if (isProvider(p)) return p;
    const config: ProviderConfig = typeof p === 'string' ? { kind: p, baseUrl, model } : { ...p, model: p.model ?? model };
    const key = JSON.stringify(config);
    if (this.#providerCache?.key !== key) this.#providerCache = { key, provider: lazyProviderFromConfig(config, this.#providers) };
    return this.#providerCache.provider;
  }

  /** The settings the person or the page chose, as a config (a provider instance the page set is not one). */
  currentConfig(): ProviderConfig {
    const { provider, model, baseUrl } = this.#host.page;
    return this.#config ?? (typeof provider === 'string' ? { kind: provider, baseUrl, model } : isProvider(provider) || !provider ? { kind: 'openai' } : provider);
  }

  /** The model in use, as the header names it ('' when none is set up). */
  modelName(): string {
    if (!this.provider) return '';
    const p = this.#config ?? this.#host.page.provider;
    const model = this.#host.page.model;
    if (isProvider(p)) return model ?? p.label;
    if (typeof p === 'string') return model ?? p;
    return p?.model ?? model ?? '';
  }

  /** The header's model picker: another model of the same endpoint. */
  chooseModel(model: string): void {
    if (!this.#config && isProvider(this.#host.page.provider)) this.#host.setPageModel(model);
    else this.choose({ ...this.currentConfig(), model }, false);
  }

  /** The Settings panel opened (Ollama is looked for) or closed (a kind picked and not used is forgotten). */
  panelShown(shown: boolean): void {
    if (shown) this.probeOllama();
    else this.#draftKind = undefined;
  }

  /** The Settings panel, drawn with its code (in the panels' chunk); `done` closes it after "Use this model". */
  renderPanel(render: typeof renderSettingsPanel, text: ChatStrings, done: () => void) {
    const { provider, model } = this.#host.page;
    return render(
      {
        config: this.currentConfig(),
        draftKind: this.#draftKind,
        pageProvider: isProvider(provider) ? (provider.label ?? '') : undefined,
        model,
        models: this.#models,
        ollama: this.#ollama,
        ollamaUrl: this.#host.ollamaUrl,
        allowKeyStorage: this.#host.allowKeyStorage,
        text,
      },
      {
        choose: (next, withKey) => {
          this.choose(next, withKey);
          done();
        },
        listModels: (next) => void this.listModels(next),
        pickKind: (kind) => this.pickKind(kind),
      },
    );
  }

  constructor(host: ModelSettingsHost, providers: ProvidersChunk) {
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
      if (config.model) this.#config = config;
    } catch {
      // Nothing remembered.
    }
  }

  /** Uses `config` from now on and remembers it; the key only when the page allows it and `withKey`. */
  choose(config: ProviderConfig, withKey: boolean): void {
    this.#config = config;
    this.#draftKind = undefined;
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
      this.#models = await (await this.#providers.load()).fetchModelIds(config);
      if (!this.#models.length) this.#host.reportError('provider', this.#host.text.noModelsListed(base), undefined);
    } catch (error) {
      this.#models = [];
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
    this.#draftKind = kind;
    this.#models = [];
    this.#host.requestUpdate();
  }

  /** Looks for Ollama at `ollama-url` once per address (the Settings panel calls it when shown). */
  probeOllama(): void {
    const url = this.#host.ollamaUrl;
    if (this.#probedUrl === url) return;
    this.#probedUrl = url;
    this.#ollama = [];
    void findOllama({ url }).then((models) => {
      if (this.#probedUrl !== url) return;
      this.#ollama = models ?? [];
      this.#host.requestUpdate();
    });
  }
}
