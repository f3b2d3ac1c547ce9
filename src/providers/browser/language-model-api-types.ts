/**
 * The Prompt API (`LanguageModel`) as this provider uses it: types only.
 *
 * Follows the IDL of webmachinelearning/prompt-api (index.bs at commit
 * 2e27365, 2026): `availability()`, `params()`, `create()` with
 * `initialPrompts` / `expectedInputs` / `expectedOutputs` / `tools` /
 * `monitor` / `signal`, `prompt()` / `promptStreaming()` with
 * `responseConstraint`, `contextWindow` / `contextUsage` /
 * `measureContextUsage()`, `clone()`, `destroy()`.
 *
 * Older Chrome builds used other names, kept here as optional members so one
 * adapter reads them all: `inputQuota` / `inputUsage` / `measureInputUsage()`
 * (Chrome 138-14x, still in extensions), and before that the `ai.languageModel`
 * namespace with `capabilities().available` (`'readily' | 'after-download' |
 * 'no'`), `maxTokens` / `tokensSoFar` / `countPromptTokens()` (Chrome 128-137).
 */

/** `availability()` as the current IDL words it. */
export type LanguageModelAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

/** The kinds of content a message may hold. */
export type LanguageModelMessageType = 'text' | 'image' | 'audio' | 'tool-call' | 'tool-response';

/** One piece of a message: a string for text, a Blob (or other image/audio source) for media. */
export interface LanguageModelMessageContent {
  type: LanguageModelMessageType;
  value: unknown;
}

/** One message of `initialPrompts` or of a prompt. */
export interface LanguageModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | LanguageModelMessageContent[];
  prefix?: boolean;
}

/** What a prompt may be: a string (one user text message) or messages. */
export type LanguageModelPrompt = string | LanguageModelMessage[];

/** `expectedInputs` / `expectedOutputs` entries. */
export interface LanguageModelExpected {
  type: LanguageModelMessageType;
  languages?: string[];
}

/** A native tool: the browser calls `execute` when the model decides to use it. */
export interface LanguageModelTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute: (...args: unknown[]) => Promise<string>;
}

/** Options of `availability()`. */
export interface LanguageModelCreateCoreOptions {
  topK?: number;
  temperature?: number;
  expectedInputs?: LanguageModelExpected[];
  expectedOutputs?: LanguageModelExpected[];
  tools?: LanguageModelTool[];
}

/** The `monitor` target: fires `downloadprogress` events whose `loaded` is between 0 and 1. */
export interface CreateMonitor extends EventTarget {
  addEventListener(type: 'downloadprogress', listener: (event: Event & { loaded: number; total?: number }) => void): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void;
}

/** Options of `create()`. */
export interface LanguageModelCreateOptions extends LanguageModelCreateCoreOptions {
  signal?: AbortSignal;
  monitor?: (monitor: CreateMonitor) => void;
  initialPrompts?: LanguageModelMessage[];
}

/** Options of `prompt()`, `promptStreaming()` and `measureContextUsage()`. */
export interface LanguageModelPromptOptions {
  responseConstraint?: Record<string, unknown>;
  omitResponseConstraintInput?: boolean;
  signal?: AbortSignal;
}

/** `params()`: sampling limits (extensions and experimental contexts only). */
export interface LanguageModelParams {
  defaultTopK: number;
  maxTopK: number;
  defaultTemperature: number;
  maxTemperature: number;
}

/** A session. */
export interface LanguageModelSession extends EventTarget {
  prompt(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): Promise<string>;
  promptStreaming(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): ReadableStream<string>;
  append?(input: LanguageModelPrompt, options?: { signal?: AbortSignal }): Promise<void>;
  clone?(options?: { signal?: AbortSignal }): Promise<LanguageModelSession>;
  destroy(): void;
  // Current names.
  readonly contextWindow?: number;
  readonly contextUsage?: number;
  measureContextUsage?(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): Promise<number>;
  // Chrome 138+ names (deprecated, extensions).
  readonly inputQuota?: number;
  readonly inputUsage?: number;
  measureInputUsage?(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): Promise<number>;
  // Chrome 128-137 names.
  readonly maxTokens?: number;
  readonly tokensSoFar?: number;
  countPromptTokens?(input: LanguageModelPrompt, options?: LanguageModelPromptOptions): Promise<number>;
}

/** The `LanguageModel` interface object (its static members). */
export interface LanguageModelStatic {
  availability?(options?: LanguageModelCreateCoreOptions): Promise<LanguageModelAvailability | string>;
  params?(): Promise<LanguageModelParams | null>;
  create(options?: LanguageModelCreateOptions): Promise<LanguageModelSession>;
  /** Chrome 128-137 (`ai.languageModel`): `{ available: 'readily' | 'after-download' | 'no' }`, plus `defaultTopK` etc. */
  capabilities?(): Promise<{ available?: string } & Partial<LanguageModelParams>>;
}
