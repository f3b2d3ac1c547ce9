import { browserError, BrowserModelErrorCode, mapBrowserModelError } from './browser-model-error.js';
import type { LanguageModelAvailability, LanguageModelCreateCoreOptions, LanguageModelStatic } from './language-model-api-types.js';

/**
 * What the browser's built-in model can do now, for Settings and the model
 * picker to show:
 *
 * - `available`: ready, no download needed.
 * - `downloadable`: the browser can fetch the model, but only after the
 *   person agrees (call `download()` from their click). `sizeBytes` only when
 *   the page knows it (the API does not say; Chrome's Gemini Nano is a few GB).
 * - `downloading`: a download is under way; `progress` 0-1 when known.
 * - `unavailable`: not here; `reason` and `message` say why and what helps.
 */
export type BrowserModelStatus =
  | { state: 'available'; message: string }
  | { state: 'downloadable'; sizeBytes?: number; message: string }
  | { state: 'downloading'; progress?: number; message: string }
  | { state: 'unavailable'; reason: BrowserModelUnavailableReason; message: string };

/**
 * Why the built-in model is unavailable: `no-api` (this browser has no Prompt
 * API), `insecure-context` (the page is not https or localhost), `unsupported`
 * (the API is there but this device, language or input type has no model),
 * `error` (asking the browser failed).
 */
export type BrowserModelUnavailableReason = 'no-api' | 'insecure-context' | 'unsupported' | 'error';

/** Options of {@link browserModelStatus} and the provider's `download()`. */
export interface BrowserModelStatusOptions {
  /** The `LanguageModel` object (default: the page's, or Chrome's older `ai.languageModel`); `null`: act as if there were none. */
  languageModel?: LanguageModelStatic | null;
  /** Options the session will be created with (expected languages, inputs); availability depends on them. */
  createOptions?: LanguageModelCreateCoreOptions;
  /** The download size to show, when the page knows it. */
  sizeBytes?: number;
}

/** The page's `LanguageModel`, Chrome 128-137's `ai.languageModel`, or undefined. */
export function findLanguageModel(scope: object = globalThis): LanguageModelStatic | undefined {
  const g = scope as { LanguageModel?: LanguageModelStatic; ai?: { languageModel?: LanguageModelStatic } };
  return g.LanguageModel ?? g.ai?.languageModel;
}

/** Default create options: text in and out, in English (Chrome asks for the languages up front). */
export const DEFAULT_CREATE_OPTIONS: LanguageModelCreateCoreOptions = {
  expectedInputs: [{ type: 'text', languages: ['en'] }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
};

/** Asks the browser whether its model is usable, without downloading anything. */
export async function availabilityOf(lm: LanguageModelStatic, options: LanguageModelCreateCoreOptions): Promise<LanguageModelAvailability> {
  if (lm.availability) return normalise(await lm.availability(options));
  if (lm.capabilities) return normalise((await lm.capabilities()).available ?? 'no');
  return 'unavailable';
}

/** Old and new words -> the current ones. */
function normalise(word: string): LanguageModelAvailability {
  switch (word) {
    case 'available':
    case 'readily':
      return 'available';
    case 'downloadable':
    case 'after-download':
      return 'downloadable';
    case 'downloading':
      return 'downloading';
    default:
      return 'unavailable';
  }
}

/**
 * The built-in model's state, as {@link BrowserModelStatus}. Never rejects:
 * a failure to ask is `unavailable` with reason `error`.
 */
export async function browserModelStatus(options: BrowserModelStatusOptions = {}): Promise<BrowserModelStatus> {
  const lm = options.languageModel === null ? undefined : (options.languageModel ?? findLanguageModel());
  if (!lm) {
    if (typeof isSecureContext === 'boolean' && !isSecureContext) {
      return {
        state: 'unavailable',
        reason: 'insecure-context',
        message: "The browser's built-in model needs a secure page (https or localhost).",
      };
    }
    return {
      state: 'unavailable',
      reason: 'no-api',
      message: 'This browser has no built-in model (no Prompt API). Use Chrome on a desktop computer, or set a model provider in Settings.',
    };
  }
  try {
    const state = await availabilityOf(lm, options.createOptions ?? DEFAULT_CREATE_OPTIONS);
    return statusFor(state, options.sizeBytes);
  } catch (error) {
    const mapped = mapBrowserModelError(error);
    return { state: 'unavailable', reason: 'error', message: mapped.message };
  }
}

/** The status for an availability word. */
export function statusFor(state: LanguageModelAvailability, sizeBytes?: number): BrowserModelStatus {
  switch (state) {
    case 'available':
      return { state, message: "The browser's built-in model is ready." };
    case 'downloadable':
      return {
        state,
        ...(sizeBytes ? { sizeBytes } : {}),
        message: `The browser's built-in model needs a download${sizeBytes ? ` of ${Math.round(sizeBytes / 1e6)} MB` : ''} before first use. It runs on this device; nothing you type leaves it.`,
      };
    case 'downloading':
      return { state, message: 'The browser is downloading its built-in model.' };
    case 'unavailable':
      return {
        state,
        reason: 'unsupported',
        message:
          'This browser has a Prompt API but no built-in model for this device or language (Chrome needs a desktop with enough disk space, memory and a capable GPU or CPU). Set a model provider in Settings instead.',
      };
    default: {
      const never: never = state;
      return never;
    }
  }
}

/** Options of {@link downloadBrowserModel}. */
export interface DownloadOptions extends BrowserModelStatusOptions {
  /** Called with the share downloaded so far, 0 to 1 (`downloadprogress` events). */
  onProgress?: (loaded: number) => void;
  /** Stops waiting (and, where the browser honours it, the download). */
  signal?: AbortSignal;
}

/**
 * Downloads the model: `LanguageModel.create()` with a `monitor`, then the
 * session is destroyed. Call it only after the person agreed, and directly
 * from their click: Chrome refuses a download without a recent user
 * activation (`NotAllowedError`). It calls `create()` before any `await`
 * so the activation still counts. Resolves with the new status; rejects
 * with a `ProviderError` when the download fails or is stopped.
 */
export async function downloadBrowserModel(options: DownloadOptions = {}): Promise<BrowserModelStatus> {
  const lm = options.languageModel === null ? undefined : (options.languageModel ?? findLanguageModel());
  if (!lm) throw browserError('not-found', (await browserModelStatus(options)).message, BrowserModelErrorCode.Unavailable);
  const created = lm.create({
    ...(options.createOptions ?? DEFAULT_CREATE_OPTIONS),
    ...(options.signal ? { signal: options.signal } : {}),
    monitor(monitor) {
      monitor.addEventListener('downloadprogress', (event) => {
        const loaded = (event as Event & { loaded?: number }).loaded;
        if (typeof loaded === 'number' && Number.isFinite(loaded)) options.onProgress?.(Math.max(0, Math.min(1, loaded)));
      });
    },
  });
  try {
    const session = await created;
    session.destroy();
  } catch (error) {
    throw mapBrowserModelError(error, options.signal);
  }
  return browserModelStatus(options);
}
