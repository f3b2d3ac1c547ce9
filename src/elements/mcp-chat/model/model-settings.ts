import type { CSSResult, ReactiveController, ReactiveControllerHost } from 'lit';
import type { ModelProvider } from '../../../providers/types.js';
import type { ChatStrings } from '../strings.js';
import {
  findOllama,
  isBuiltInKind,
  isProvider,
  lazyProviderFromConfig,
  type BuiltInKind,
  type LazyProvider,
  type ProviderConfig,
  type ProviderKind,
} from './provider-config.js';
import { BuiltInModel, usable, type BrowserStatusChunk } from './built-in-model.js';
import { renderModelReply, type ModelReply } from './model-reply.js';
import type { Loader } from '../../shared/lazy.js';
import type { fetchModelIds, providerFromConfig, qualityOffer } from './provider-factory.js';
import type { ChatErrorSource } from '../contract.js';
import type { BuiltInActions, BuiltInCard } from './built-in-view.js';

/** The consent's view (the panels' code, loaded when a message waits for a download: chunks.ts). */
export type ConsentCode = typeof import('./built-in-view.js');

/** What the model feature loads: the providers' code (the chat's turn chunk, chunks.ts). */
export type ProvidersChunk = Loader<{
  fetchModelIds: typeof fetchModelIds;
  providerFromConfig: typeof providerFromConfig;
  qualityOffer: typeof qualityOffer;
}>;

/** Runs `fn` after the next paint, when the main thread is idle (at most about 1 s later). */
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
      else fn();
    }),
  );
}

/** Whether this site has kept any on-device model (model-store.ts's folder has a file): cheap, and loads no code. */
async function hasStoredModels(): Promise<boolean> {
  try {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('mcp-web-elements-models');
    for await (const _ of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) return true;
  } catch {
    // No folder, or no OPFS.
  }
  return false;
}

/** What the model settings need from their element. */
export interface ModelSettingsHost extends ReactiveControllerHost {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  /** The chat's language (sizes and times are written in it). */
  readonly lang?: string;
  readonly storageKey: string;
  /** The element's `allow-key-storage`. */
  readonly allowKeyStorage: boolean;
  /** The element's `ollama-url`. */
  readonly ollamaUrl: string;
  /** The element's `provider`, `model`, `base-url` and `model-url` (what the page set). */
  readonly page: {
    provider?: ModelProvider | ProviderConfig | ProviderKind;
    model?: string;
    baseUrl?: string;
    modelUrl?: string;
    modelSize?: number;
    modelSha256?: string;
    /** `off`: the default open model is not offered. */
    openModel?: 'off' | 'default';
  };
  /** Says `text` in the chat's live region. */
  announce(text: string): void;
  /** Resolves once no server is still connecting (at most a moment): what waits for the connections. */
  serversSettled(): Promise<unknown>;
  /** Sets the element's `model` (the header's picker, with a provider instance the page set). */
  setPageModel(model: string): void;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
  /** Adds a lazily loaded style sheet to the element (the consent's, with its code). */
  adoptStyles(styles: CSSResult): void;
  /** The built-in model a kept message waited for is ready: answer the message (if `conversation` is still shown). */
  answerKept(conversation: string | undefined): void;
}

/**
 * The model the person chose in the Settings panel (it replaces the page's
 * `provider`), remembered per `storage-key` (the API key only where the page
 * allows it and the person asked), and what the panel offers: the models an
 * endpoint listed, and Ollama when one answers at `ollama-url` (asked only once the
 * person picks Ollama: never a local address unasked).
 */
export class ModelSettings implements ReactiveController {
  readonly #host: ModelSettingsHost;
  #config: ProviderConfig | undefined;
  #draftKind: ProviderKind | undefined;
  #models: readonly string[] = [];
  #ollama: readonly string[] = [];
  #probedUrl: string | undefined;
  readonly #providerCache = new Map<string, LazyProvider | undefined>();
  /** The browser's own model (Prompt API), and the owner's open model when the page sets `model-url`. */
  readonly #browser: BuiltInModel;
  #onDevice?: BuiltInModel;
  #onDeviceIsDefault = false;
  /** The answer shown in the conversation when a message could not go to a model (not saved). */
  #reply?: ModelReply;
  /** The consent's view (the panels' code), once a message waits for a download. */
  #consent?: ConsentCode;
  /** The larger open model, once asked whether this device fits it (null: it does not). */
  #quality?: Awaited<ReturnType<typeof qualityOffer>> | null;
  #qualityAsked = false;
  readonly #consentCode: Loader<ConsentCode>;

  /** The providers' code, for "List models" and the provider in use (given by the element: chunks.ts). */
  readonly providers: ProvidersChunk;

  /** The chat's language (the Settings cards write sizes and times in it). */
  get lang(): string | undefined {
    return this.#host.lang;
  }

  /** The person's choice, if any. */
  get config(): ProviderConfig | undefined {
    return this.#config;
  }

  /** Model ids the last "List models" found. */
  get models(): readonly string[] {
    return this.#models;
  }

  /** The kind picked in the Settings form and not used yet. */
  get draftKind(): ProviderKind | undefined {
    return this.#draftKind;
  }

  /** The models of an Ollama found at `ollama-url` (the Settings panel offers it). */
  get ollama(): readonly string[] {
    return this.#ollama;
  }

  /** What the page set (`provider`, `model`, `model-url`…), `ollama-url` and `allow-key-storage`: the Settings panel shows them. */
  get page(): Pick<ModelSettingsHost, 'page' | 'ollamaUrl' | 'allowKeyStorage'> {
    return this.#host;
  }

  /** The model provider in use (the person's choice, or the page's `provider` with `model` and `base-url`), if any. */
  get provider(): ModelProvider | undefined {
    const { provider, model, baseUrl } = this.#host.page;
    const p = this.#config ?? provider;
    if (!p) return this.#builtInDefault();
    if (isProvider(p)) return p;
    const open = this.#openModelConfig() ?? {};
    return this.#lazy(
      typeof p === 'string'
        ? { ...(p === 'on-device' ? open : {}), kind: p, baseUrl, model }
        : { ...(p.kind === 'on-device' && !p.modelUrl ? open : {}), ...p, model: p.model ?? model },
    );
  }

  /**
   * The open model this page offers: its `model-url` (with `model-size`,
   * `model-sha256`), else the pinned default, unless `open-model="off"`.
   */
  #openModelConfig(): ProviderConfig | undefined {
    const { modelUrl, modelSize, modelSha256, openModel } = this.#host.page;
    if (modelUrl) return { kind: 'on-device', modelUrl, modelSize, modelSha256 };
    return openModel === 'off' ? undefined : { kind: 'on-device' };
  }

  /**
   * With no provider set: the owner's open model when the page sets
   * `model-url` (an explicit choice, so it wins over the browser's model),
   * else the browser's own model when it can answer or be downloaded, else
   * the default open model once it is on this device. Before the person
   * agreed to its download it is only offered (`offered()`): until then the
   * chat has no model (a server's sampling request goes to the person, as
   * with no model at all).
   */
  #builtInDefault(): ModelProvider | undefined {
    if (this.#host.page.modelUrl) return this.#lazy(this.#openModelConfig()!);
    if (usable(this.#browser.state)) return this.#lazy({ kind: 'browser' });
    const open = this.#offeredOpenModel();
    return open?.state.state === 'available' ? open.provider : undefined;
  }

  /** True while no model is chosen and the browser's own is still being checked: whether the chat has a model is not known yet. */
  get modelPending(): boolean {
    const { provider, modelUrl } = this.#host.page;
    return !this.#config && !provider && !modelUrl && this.#browser.state.state === 'checking';
  }

  /** True while the default open model is offered here and not yet on this device: the first question asks for its download. */
  get openModelOffered(): boolean {
    const open = this.#offeredOpenModel();
    return !!open && open.state.state !== 'available' && open.state.state !== 'unavailable';
  }

  /** The default open model when it is offered here: no page provider or `model-url`, no usable browser model, not turned off. */
  #offeredOpenModel(): BuiltInModel | undefined {
    const { provider, modelUrl, openModel } = this.#host.page;
    if (
      this.#config ||
      provider ||
      modelUrl ||
      openModel === 'off' ||
      this.#browser.state.state === 'checking' ||
      usable(this.#browser.state)
    )
      return undefined;
    return this.builtIn('on-device');
  }

  /** One provider per config, kept (an on-device model stays loaded). */
  #lazy(config: ProviderConfig): LazyProvider | undefined {
    if (!isBuiltInKind(config.kind)) delete config.modelUrl;
    const key = JSON.stringify(config);
    if (!this.#providerCache.has(key)) this.#providerCache.set(key, lazyProviderFromConfig(config, this.providers));
    return this.#providerCache.get(key);
  }

  /** The built-in model of `kind` (the on-device one: the page's `model-url`, else the default open model unless turned off). */
  builtIn(kind: BuiltInKind): BuiltInModel | undefined {
    if (kind === 'browser') return this.#browser;
    const { provider: page, modelUrl, openModel } = this.#host.page;
    const chosen =
      this.#config?.kind === 'on-device' ||
      page === 'on-device' ||
      (typeof page === 'object' && !isProvider(page) && page.kind === 'on-device');
    // A page that set a model (or turned the offer off) does not get the default open model offered.
    if (!chosen && !modelUrl && (page || openModel === 'off')) return undefined;
    const config =
      this.#config?.kind === 'on-device'
        ? { ...(this.#config.modelUrl ? {} : this.#openModelConfig()), ...this.#config }
        : (this.#openModelConfig() ?? { kind: 'on-device' as const });
    const provider = this.#lazy(config)!;
    // The default model is named by its own name ("Qwen3 0.6B"); an owner's file by "On-device model".
    this.#onDeviceIsDefault = !config.modelUrl;
    if (this.#onDevice?.provider !== provider) {
      this.#onDevice?.dispose();
      this.#onDevice = new BuiltInModel(this.#host, { kind: 'on-device', provider }, () => this.#downloaded());
    }
    return this.#onDevice;
  }

  /** A built-in model finished its download: a message that waited for it is answered now. */
  #downloaded(): void {
    const reply = this.#reply;
    if (reply?.kind !== 'download') return;
    this.#reply = undefined;
    this.#host.requestUpdate();
    this.#host.answerKept(reply.conversation);
  }

  /** The built-in model in use, if the model in use is one. */
  inUse(): BuiltInModel | undefined {
    const id = this.provider?.id;
    return id === 'browser' || id === 'on-device' ? this.builtIn(id) : undefined;
  }

  /** The built-in model in use, or the default open model offered for download when none is. */
  #inUseOrOffered(): BuiltInModel | undefined {
    return this.provider ? this.inUse() : this.#offeredOpenModel();
  }

  /** The browser model's state is known (at most about 3 s): a first message waits for it. */
  async whenChecked(): Promise<void> {
    await Promise.race([this.#browser.check(), new Promise((resolve) => setTimeout(resolve, 3000))]);
  }

  /**
   * Before a message goes to the model: undefined when it can, else why not
   * (`none`: no model at all; `download`: the built-in model in use needs the
   * person's consent first). The reason is then shown in the conversation.
   */
  async blocked(conversation: string | undefined): Promise<ModelReply['kind'] | undefined> {
    if (!this.provider) await this.whenChecked();
    let builtIn = this.#inUseOrOffered();
    if (builtIn) await builtIn.check();
    builtIn = this.#inUseOrOffered();
    // The browser's provider learns its context window from status(): the first turn's tools then fit it.
    if (builtIn?.kind === 'browser' && builtIn.state.state === 'available') await (this.provider as LazyProvider).status().catch(() => {});
    const waits = builtIn && (builtIn.state.state === 'downloadable' || builtIn.state.state === 'downloading');
    const kind = waits ? 'download' : !this.provider ? 'none' : undefined;
    // The consent (what, how large, from where) is shown in the conversation: its code is the panels' (loaded now, not in the first load).
    if (kind === 'download' && !this.#consent) {
      this.#consent = await this.#consentCode.load().catch(() => undefined);
      if (this.#consent) this.#host.adoptStyles(this.#consent.consentStyles);
    }
    this.#reply = kind ? { kind, conversation } : undefined;
    if (kind) this.#host.announce(kind === 'none' ? this.#host.text.noModelNotice : this.#host.text.downloadFirstReply);
    this.#host.requestUpdate();
    return kind;
  }

  /** The answer to a message that could not go to a model, after the messages of `conversation`. */
  renderReply(conversation: string | undefined, openSettings: () => void) {
    const reply = this.#reply;
    if (!reply || reply.conversation !== conversation || (reply.kind === 'none' && this.provider)) return undefined;
    const builtIn = this.#inUseOrOffered();
    if (reply.kind === 'download' && builtIn?.state.state === 'available') return undefined;
    if (reply.kind === 'download' && builtIn && this.#consent)
      return this.#consent.renderConsentReply(
        this.builtInCard(builtIn),
        this.#host.text,
        this.builtInActions(),
        openSettings,
        this.#host.lang,
      );
    return renderModelReply(reply, this.#host.text, openSettings);
  }

  /** A built-in model as its card (Settings) and the consent (the conversation) show it. */
  builtInCard(model: BuiltInModel): BuiltInCard {
    const t = this.#host.text;
    return {
      kind: model.kind,
      state: model.state,
      failure: model.failure,
      ready: model.ready,
      inUse: this.inUse() === model,
      name: this.#name(model),
      source: model.source,
      better: this.#betterOffer(model),
    };
  }

  /**
   * The larger open model, offered beside the default one where this device
   * fits it (asked once: WebGPU with room), while the default is on offer or
   * chosen and not yet on this device.
   */
  #betterOffer(model: BuiltInModel): BuiltInCard['better'] {
    const { provider, modelUrl, openModel } = this.#host.page;
    const config = this.#config;
    if (model.kind !== 'on-device' || provider || modelUrl || openModel === 'off') return undefined;
    if (config && !(config.kind === 'on-device' && !config.modelUrl && !config.tier)) return undefined;
    if (model.state.state !== 'downloadable') return undefined;
    if (!this.#qualityAsked) {
      this.#qualityAsked = true;
      void this.providers
        .load()
        .then((chunk) => chunk.qualityOffer())
        .then(
          (offer) => (this.#quality = offer ?? null),
          () => (this.#quality = null),
        )
        .then(() => this.#host.requestUpdate());
    }
    return this.#quality ?? undefined;
  }

  #name(model: BuiltInModel): string {
    const t = this.#host.text;
    return model.kind === 'browser' ? t.browserModelName : (this.#onDeviceIsDefault && model.label) || t.onDeviceModelName;
  }

  /** What the built-in models' buttons do. */
  builtInActions(done: () => void = () => {}): BuiltInActions {
    return {
      download: (kind) => this.builtIn(kind)?.download(),
      // The larger open model instead: chosen (and remembered), and its download started from this click.
      downloadBetter: () => {
        this.choose({ kind: 'on-device', tier: 'quality' }, false);
        this.builtIn('on-device')?.download();
      },
      cancel: (kind) => this.builtIn(kind)?.cancel(),
      useBuiltIn: (kind) => {
        const { modelUrl, modelSize, modelSha256 } = this.#host.page;
        this.choose(kind === 'on-device' ? { kind, modelUrl, modelSize, modelSha256 } : { kind }, false);
        done();
      },
    };
  }

  /** The settings the person or the page chose, as a config (a provider instance the page set is not one). */
  currentConfig(): ProviderConfig {
    const { provider, model, baseUrl } = this.#host.page;
    return (
      this.#config ??
      (typeof provider === 'string'
        ? { kind: provider, baseUrl, model }
        : isProvider(provider) || !provider
          ? { kind: 'openai' }
          : provider)
    );
  }

  /** The model in use, as the header names it ('' when none is set up). */
  modelName(): string {
    // Not known yet whether the browser has a model: "Model", not "Choose a model" that turns into the offer.
    if (this.modelPending) return this.#host.text.model;
    // The open model on offer is named ("Qwen3 0.6B"): the model that answers once the person agrees to its download.
    if (!this.provider) {
      const offered = this.openModelOffered ? this.#offeredOpenModel() : undefined;
      return offered ? this.#name(offered) : '';
    }
    const builtIn = this.inUse();
    if (builtIn) {
      const t = this.#host.text;
      const name = this.#name(builtIn);
      const state = builtIn.state;
      return state.state === 'downloading'
        ? `${name} · ${t.modelDownloading(Math.round((state.progress ?? 0) * 100))}`
        : state.state === 'downloadable'
          ? `${name} · ${t.modelNeedsDownload}`
          : name;
    }
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

  /**
   * The Settings panel opened or closed (a kind picked and not used is
   * forgotten). Ollama is looked for only when the form shows it (the person
   * picked it, or chose it before): a request to a local address from a
   * public page may make the browser ask the visitor about their network.
   */
  panelShown(shown: boolean): void {
    if (shown) {
      if ((this.#draftKind ?? this.currentConfig().kind) === 'ollama') this.probeOllama();
      void this.#browser.check();
      void this.builtIn('on-device')?.check();
    } else this.#draftKind = undefined;
  }

  constructor(host: ModelSettingsHost, providers: ProvidersChunk, browserStatus: BrowserStatusChunk, consent: Loader<ConsentCode>) {
    this.#host = host;
    this.#consentCode = consent;
    this.providers = providers;
    this.#browser = new BuiltInModel(host, { kind: 'browser', chunk: browserStatus }, () => this.#downloaded());
    host.addController(this);
  }

  /** localStorage key of the model settings. */
  get #key(): string {
    return `mcp-chat:provider:${this.#host.storageKey}`;
  }

  hostConnected(): void {
    // Whether the browser has a model of its own (the default when the page sets no provider):
    // asked once the chat has painted, its servers are connected (or 1.5 s have passed) and the
    // page is idle, so its small chunk is part of neither the first paint nor the connections.
    // A message sent before then waits for the answer (`whenChecked`).
    // Then, when the browser has none, whether the default open model is already on this device.
    // (Asked only when this site has stored a model: otherwise the providers' code is not loaded for it.)
    if (!this.#host.page.provider)
      afterPaint(
        () =>
          void this.#host
            .serversSettled()
            .then(() =>
              afterPaint(() => void this.#browser.check().then(async () => (await hasStoredModels()) && this.#offeredOpenModel()?.check())),
            ),
      );
    try {
      const saved = localStorage.getItem(this.#key);
      if (!saved) return;
      const config = JSON.parse(saved) as ProviderConfig;
      if (!this.#host.allowKeyStorage) delete config.apiKey;
      if (config.model || isBuiltInKind(config.kind)) this.#config = config;
    } catch {
      // Nothing remembered.
    }
  }

  hostDisconnected(): void {
    // The on-device model's engine (a worker and its memory) goes with the element.
    for (const provider of this.#providerCache.values()) void provider?.loaded?.dispose?.();
    this.#providerCache.clear();
    this.#onDevice?.dispose();
    this.#onDevice = undefined;
    this.#browser.dispose();
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

  /**
   * What "List models" found (the panel's code asks the endpoint: model-settings-panel.ts):
   * `models` for the form's list, and, when it found none or could not ask, why.
   */
  modelsListed(models: readonly string[], problem?: { message: string; error?: unknown }): void {
    this.#models = models;
    if (problem) this.#host.reportError('provider', problem.message, problem.error);
    this.#host.requestUpdate();
  }

  /** The person picked another provider kind in the form (not used until "Use this model"). */
  pickKind(kind: ProviderKind): void {
    this.#draftKind = kind;
    this.#models = [];
    if (kind === 'ollama') this.probeOllama();
    this.#host.requestUpdate();
  }

  /** Looks for Ollama at `ollama-url` once per address (when the person picks Ollama in Settings, or opens Settings with it chosen). */
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
