import type { BrowserModelStatus, DownloadOptions } from '../../../providers/browser/browser-model-status.js';
import type { OnDeviceStatus } from '../../../providers/on-device/on-device-types.js';
import type { StoreFailure } from '../../../providers/on-device/model-store.js';
import type { ChatStrings, ModelFailure } from '../strings.js';
import type { Loader } from '../../shared/lazy.js';
import type { BuiltInKind, LazyProvider } from './provider-config.js';

/**
 * Where a built-in model stands, as Settings, the model picker and the turn
 * see it (both built-in providers' states mapped onto one):
 * - `checking`: not known yet;
 * - `available`: answers now (the on-device model may still be read from its cache);
 * - `downloadable`: needs a download the person must agree to (`bytes` when known);
 * - `downloading`: `progress` 0-1 when known; the on-device model also gives
 *   `loaded` and `total` bytes, `secondsLeft` (once it can be estimated) and
 *   `other` (the download runs in another tab of the site);
 * - `unavailable`: not here; `reason` is a code of the browser model
 *   (`no-api`, `insecure-context`, `unsupported`, `error`) or the on-device
 *   provider's own sentence.
 */
export type BuiltInState =
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'downloadable'; bytes?: number }
  | { state: 'downloading'; progress?: number; loaded?: number; total?: number; secondsLeft?: number; other?: boolean }
  | { state: 'unavailable'; reason: string };

/** The browser model's status code (the small chunk of chunks.ts, without the provider). */
export type BrowserStatusChunk = Loader<{
  browserModelStatus(): Promise<BrowserModelStatus>;
  downloadBrowserModel(options?: DownloadOptions): Promise<BrowserModelStatus>;
}>;

/** What a built-in model needs from its element. */
export interface BuiltInModelHost {
  readonly text: ChatStrings;
  requestUpdate(): void;
  /** Says `text` in the chat's live region. */
  announce(text: string): void;
}

const fromBrowser = (s: BrowserModelStatus): BuiltInState =>
  s.state === 'unavailable'
    ? { state: 'unavailable', reason: s.reason }
    : s.state === 'downloadable'
      ? { state: 'downloadable', bytes: s.sizeBytes }
      : s.state === 'downloading'
        ? { state: 'downloading', progress: s.progress }
        : { state: 'available' };

const fromOnDevice = (s: OnDeviceStatus): BuiltInState => {
  switch (s.state) {
    case 'not-downloaded':
      return { state: 'downloadable', bytes: s.bytes };
    case 'downloading':
      return {
        state: 'downloading',
        progress: s.total ? s.loaded / s.total : undefined,
        loaded: s.loaded,
        total: s.total || undefined,
        other: s.other,
      };
    case 'unsupported':
      return { state: 'unavailable', reason: s.code ?? s.reason };
    case 'failed':
      // A failed download can be tried again: the person is asked again.
      return { state: 'downloadable', bytes: s.bytes };
    default:
      return { state: 'available' };
  }
};

/** True when a turn can go to this model (now, or after the download the person agrees to). */
export const usable = (s: BuiltInState) => s.state === 'available' || s.state === 'downloadable' || s.state === 'downloading';

/**
 * One built-in model's state for the chat: checked when asked (`check()`),
 * downloaded only from the person's click (`download()`, synchronous up to
 * the browser's call, which needs the click's activation), with progress,
 * Cancel and live-region announcements.
 */
export class BuiltInModel {
  readonly kind: BuiltInKind;
  #state: BuiltInState = { state: 'checking' };
  #checking?: Promise<void>;
  #abort?: AbortController;
  #said = -1;
  #failure?: ModelFailure;
  #unsubscribe?: () => void;
  readonly #host: BuiltInModelHost;
  readonly #browser?: BrowserStatusChunk;
  readonly #provider?: LazyProvider;
  readonly #downloaded?: () => void;
  /** When the download under way started, and how much was there then (for the time left). */
  #started?: { at: number; loaded: number };

  /**
   * `browser` reads the browser's status chunk; `on-device` the (lazy) provider itself.
   * `downloaded` is called when a download the person started here ends ready.
   */
  constructor(
    host: BuiltInModelHost,
    source: { kind: 'browser'; chunk: BrowserStatusChunk } | { kind: 'on-device'; provider: LazyProvider },
    downloaded?: () => void,
  ) {
    this.#host = host;
    this.kind = source.kind;
    this.#downloaded = downloaded;
    if (source.kind === 'browser') this.#browser = source.chunk;
    else this.#provider = source.provider;
  }

  /** The on-device model's name ("Qwen3 0.6B", or its file's), once its code has loaded. */
  get label(): string | undefined {
    return this.#provider?.loaded?.label;
  }

  /** Where the on-device model is downloaded from (the site's name), once its code has loaded. */
  get source(): string | undefined {
    const url = (this.#provider?.loaded as { modelUrl?: string } | undefined)?.modelUrl;
    try {
      return url ? new URL(url).host : undefined;
    } catch {
      return undefined;
    }
  }

  /** The on-device model's provider (undefined for the browser's model). */
  get provider(): LazyProvider | undefined {
    return this.#provider;
  }

  /** The state now. */
  get state(): BuiltInState {
    return this.#state;
  }

  /** Why the last download failed, if it did (cleared by the next one), in the chat's language. */
  get failure(): string | undefined {
    return this.#failure && this.#host.text.modelFailure(this.#failure);
  }

  /** What a rejected download says, as data the strings table words in its language. */
  #failureOf(error: unknown): ModelFailure {
    const cause = (error as { cause?: { failure?: StoreFailure; name?: unknown } } | undefined)?.cause;
    const f = cause?.failure;
    if (this.#browser) return { kind: 'browser', name: String(cause?.name ?? (error as { name?: unknown })?.name ?? '') };
    if (f?.kind === 'storage') return { kind: 'storage', detail: f.message };
    if (f && f.kind !== 'quota') return { ...f, host: this.source ?? '' } as ModelFailure;
    if (f) return f;
    return {
      kind: 'other',
      label: this.label ?? this.#host.text.onDeviceModelName,
      detail: error instanceof Error ? error.message : String(error),
    };
  }

  /** Asks for the state (once; `again` asks anew). Never rejects. */
  check(again = false): Promise<void> {
    if (this.#checking && !again) return this.#checking;
    this.#checking = this.#read().then(
      (state) => this.#set(state),
      (error: unknown) => this.#set({ state: 'unavailable', reason: error instanceof Error ? error.message : String(error) }),
    );
    return this.#checking;
  }

  async #read(): Promise<BuiltInState> {
    if (this.#browser) {
      // No Prompt API at all: known without loading anything.
      if (!('LanguageModel' in globalThis) && !(globalThis as { ai?: { languageModel?: unknown } }).ai?.languageModel)
        return { state: 'unavailable', reason: 'no-api' };
      return fromBrowser(await (await this.#browser.load()).browserModelStatus());
    }
    const provider = (await this.#provider!.load()) as unknown as {
      status(): Promise<OnDeviceStatus>;
      subscribe(cb: (s: OnDeviceStatus) => void): () => void;
    };
    this.#unsubscribe ??= provider.subscribe((s) => this.#set(this.#withTimeLeft(fromOnDevice(s))));
    return fromOnDevice(await provider.status());
  }

  /** Whether `download()` can start at once from a click (the code it calls is loaded). */
  get ready(): boolean {
    return this.#browser ? Boolean(this.#browser.value) : Boolean(this.#provider?.loaded);
  }

  /**
   * Downloads after the person agreed. Call it from their click: the browser
   * call is made before any `await`.
   */
  download(): void {
    const t = this.#host.text;
    this.#abort = new AbortController();
    const { signal } = this.#abort;
    this.#failure = undefined;
    this.#said = 0;
    const progress = (share: number) => {
      if (signal.aborted) return;
      // The on-device provider's own status (bytes, time left) arrives through its subscription.
      if (!this.#provider) this.#set({ state: 'downloading', progress: share });
      const quarter = Math.floor(share * 4);
      if (quarter > this.#said && share < 1) {
        this.#said = quarter;
        this.#host.announce(t.modelDownloading(Math.round(share * 100)));
      }
    };
    const started = this.#browser
      ? this.#browser.value!.downloadBrowserModel({ onProgress: progress, signal }).then(fromBrowser)
      : (
          this.#provider!.loaded as unknown as {
            download(o: { onProgress: (p: { loaded: number; total: number }) => void; signal: AbortSignal }): Promise<OnDeviceStatus>;
          }
        )
          .download({ onProgress: ({ loaded, total }) => progress(total ? loaded / total : 0), signal })
          .then(() => this.#read());
    this.#started = undefined;
    this.#set({ state: 'downloading', progress: 0 });
    this.#host.announce(t.modelDownloadStarted);
    void started.then(
      (state) => {
        this.#set(state);
        if (state.state === 'available') {
          this.#host.announce(t.modelDownloaded);
          this.#downloaded?.();
        }
      },
      (error: unknown) => {
        if (!signal.aborted) {
          this.#failure = this.#failureOf(error);
          this.#host.announce(t.modelDownloadFailed(this.failure!));
        } else this.#host.announce(t.modelDownloadCancelled);
        void this.check(true);
      },
    );
  }

  /** Stops the download under way. */
  cancel(): void {
    this.#abort?.abort();
  }

  /** Stops listening to the provider (the element left the page). */
  dispose(): void {
    this.#abort?.abort();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#checking = undefined;
  }

  /** Adds the time left to a download's state, from the pace so far (after two seconds of it). */
  #withTimeLeft(state: BuiltInState): BuiltInState {
    if (state.state !== 'downloading' || state.loaded === undefined || !state.total) return state;
    const now = performance.now();
    this.#started ??= { at: now, loaded: state.loaded };
    const seconds = (now - this.#started.at) / 1000;
    const rate = (state.loaded - this.#started.loaded) / seconds;
    return seconds >= 2 && rate > 0 ? { ...state, secondsLeft: Math.ceil((state.total - state.loaded) / rate) } : state;
  }

  #set(state: BuiltInState): void {
    // Progress arriving after the end (or a late status) does not undo it.
    if (this.#state.state === 'available' && state.state === 'downloading' && !this.#abort) return;
    this.#state = state;
    if (state.state !== 'downloading') this.#abort = undefined;
    this.#host.requestUpdate();
  }
}

/** A size for people: "380 KB", "1.2 GB". */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
