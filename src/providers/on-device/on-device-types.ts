/**
 * Types of the on-device provider (types only): its settings, the states a
 * person sees (download size, progress, cached, ready, failed), and the small
 * engine interface the provider drives (wllama-engine.ts implements it).
 */
import type { ModelProvider } from '../types.js';

/** Settings of {@link createOnDeviceProvider}, chosen by the site owner. */
export interface OnDeviceSettings {
  /**
   * The model file: a GGUF file (llama.cpp's format) on the owner's server or
   * a CDN, served with `Content-Length` and CORS for the page's origin. The
   * name must end in `.gguf`; a model split with `llama-gguf-split` is given by
   * its first part (`...-00001-of-00003.gguf`).
   */
  modelUrl: string;
  /**
   * Size of the model in bytes, when the owner knows it: no HEAD request is
   * made to show the size, and a file of another size is refused.
   */
  size?: number;
  /**
   * SHA-256 of the file (64 hex digits), as the model hub publishes it. The
   * download is checked against it before the model is used; a file that
   * does not match is deleted and refused. It is also the key under which
   * browsers with Cross-Origin Storage share the file between sites.
   */
  sha256?: string;
  /** A name to show people (default: the file name). */
  label?: string;
  /** Context window in tokens (default 4096): prompt and answer together must fit. */
  contextSize?: number;
  /** Worker threads (default: all cores when the page is cross-origin isolated, else 1). */
  threads?: number;
  /**
   * Where the engine's WebAssembly file is served. Default: the dependency's
   * own file, `@wllama/wllama/esm/wasm/wllama.wasm`, which bundlers find and
   * copy (the package does not carry a second copy); in the single-file
   * bundle, that version of it on jsDelivr. Set it when neither works, e.g.
   * with Vite: `import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url'`.
   */
  wasmUrl?: string;
  /**
   * Longest string the model may write in a tool's arguments, in characters
   * (default 256; a schema's smaller `maxLength` wins). Every argument is
   * bounded so that a call always ends: see schema-grammar.ts.
   */
  maxArgumentLength?: number;
  /** Temperature when a request gives none (default 0.2). */
  temperature?: number;
  /** Provider id (default `'on-device'`). */
  id?: string;
}

/**
 * Where the model stands, for the UI. Sizes are in bytes.
 *
 * - `not-downloaded`: the person must agree before `download()`; `bytes` is the
 *   size to show (undefined when neither the owner nor the server said).
 * - `downloading`: `loaded` of `total` bytes so far (`other`: the download runs
 *   in another tab or chat of this site; this one waits for it).
 * - `cached`: on this device (Origin Private File System), not loaded yet;
 *   the next request loads it without the network.
 * - `loading`: read from the cache into the engine.
 * - `ready`: loaded; requests are answered at once.
 * - `unsupported`: this browser cannot run the engine (`reason` says why; `code`: which part it lacks).
 * - `failed`: the last download or load failed; `reason` is written for a person.
 */
export type OnDeviceStatus =
  | { state: 'not-downloaded'; bytes?: number }
  | { state: 'downloading'; loaded: number; total: number; other?: boolean }
  | { state: 'cached'; bytes: number }
  | { state: 'loading'; bytes: number }
  | { state: 'ready'; bytes: number }
  | { state: 'unsupported'; reason: string; code?: OnDeviceUnsupportedCode }
  | { state: 'failed'; reason: string; bytes?: number };

/** What a browser lacks to run the on-device engine: WebAssembly, Web Workers, or the Origin Private File System. */
export type OnDeviceUnsupportedCode = 'no-wasm' | 'no-worker' | 'no-opfs';

/** Options of {@link OnDeviceProvider.download}. */
export interface OnDeviceDownloadOptions {
  /** Called as bytes arrive (at most about ten times a second, and once at the end). */
  onProgress?: (progress: { loaded: number; total: number; other?: boolean }) => void;
  /** Aborting stops the download; the partial file is never used, and the next download continues it. */
  signal?: AbortSignal;
}

/**
 * A model provider that runs an open model on the visitor's device. It never
 * downloads on its own: `createMessage` before the model is cached rejects
 * (`bad-request`, code `model-not-downloaded`); the UI shows `status()` and
 * calls `download()` once the person agrees.
 */
export interface OnDeviceProvider extends ModelProvider {
  /** The model file's address (after `mcpWebElementsDefaultModel` or the owner's `modelUrl`). */
  readonly modelUrl: string;
  /** Where the model stands now (asks the cache, and the server for the size when needed). */
  status(options?: { signal?: AbortSignal }): Promise<OnDeviceStatus>;
  /** Downloads the model into the browser's cache (after the person agreed); resolves when cached. */
  download(options?: OnDeviceDownloadOptions): Promise<void>;
  /** Reads the cached model into the engine now (otherwise the first request does). */
  load(): Promise<void>;
  /** Calls `listener` at every status change; returns the function that stops it. */
  subscribe(listener: (status: OnDeviceStatus) => void): () => void;
  /** Deletes the model from this device's cache and unloads it. */
  remove(): Promise<void>;
  /** Unloads the model and stops the engine's worker (the cache stays). */
  dispose(): Promise<void>;
}

/** A chat message as the engine takes it (formatted with the model's chat template). */
export interface OnDeviceChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One generation request to the engine. */
export interface EngineRequest {
  messages: OnDeviceChatMessage[];
  /** GBNF grammar the output must follow. */
  grammar: string;
  maxTokens: number;
  temperature: number;
  stop?: string[];
  signal?: AbortSignal;
  onText: (text: string) => void;
}

/** How a generation ended: llama.cpp's finish reason and token counts. */
export interface EngineResult {
  finish: 'stop' | 'length' | string;
  inputTokens?: number;
  outputTokens?: number;
}

/** The engine as the provider sees it (wllama-engine.ts; loaded lazily). */
export interface Engine {
  /** Loads the stored model file into the worker (`key` names it: loading the same key again does nothing). */
  load(key: string, file: Blob): Promise<void>;
  /** Frees the model of `key` if it is the one loaded. */
  unload(key: string): Promise<void>;
  generate(request: EngineRequest): Promise<EngineResult>;
  dispose(): Promise<void>;
}
