import { browserError, BrowserModelErrorCode } from './browser-model-error.js';
import { contextNotice, fitHistory, type ContextNotice } from './fit-context.js';
import type {
  LanguageModelCreateOptions,
  LanguageModelMessage,
  LanguageModelPrompt,
  LanguageModelPromptOptions,
  LanguageModelSession,
  LanguageModelStatic,
} from './language-model-api-types.js';

/** The context window when the browser reports none (Chrome's Gemini Nano has had 6,144 tokens). */
export const ASSUMED_CONTEXT_WINDOW = 6144;

/** The session's context window, by its current or older name. */
export function contextWindowOf(session: LanguageModelSession): number | undefined {
  const value = session.contextWindow ?? session.inputQuota ?? session.maxTokens;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/** The tokens the session already holds, by its current or older name. */
export function contextUsageOf(session: LanguageModelSession): number | undefined {
  const value = session.contextUsage ?? session.inputUsage ?? session.tokensSoFar;
  return typeof value === 'number' ? value : undefined;
}

/** The session's measuring method, by its current or older name; undefined when it has none. */
export function measurerOf(
  session: LanguageModelSession,
): ((input: LanguageModelPrompt, options?: LanguageModelPromptOptions) => Promise<number>) | undefined {
  const fn = session.measureContextUsage ?? session.measureInputUsage ?? session.countPromptTokens;
  return fn ? (input, options) => fn.call(session, input, options) : undefined;
}

/** What {@link openFittedSession} needs. */
export interface FittedSessionRequest {
  lm: LanguageModelStatic;
  /** Create options except `initialPrompts` (expected inputs and outputs, tools, sampling). */
  create: Omit<LanguageModelCreateOptions, 'initialPrompts' | 'signal' | 'monitor'>;
  system: string | undefined;
  /** The conversation before the person's new message, already converted. */
  history: LanguageModelMessage[];
  /** Per history message: true when a turn may start there (a person's message that is not only tool results). */
  turnStarts: boolean[];
  /** The person's new message (the prompt). */
  prompt: LanguageModelMessage[];
  promptOptions: LanguageModelPromptOptions;
  /** Tokens kept free for the answer, given the context window. */
  reserve: (contextWindow: number) => number;
  signal: AbortSignal;
}

/** A session holding the system prompt and as much history as fits, and what was left out. */
export interface FittedSession {
  session: LanguageModelSession;
  contextWindow: number | undefined;
  notice?: ContextNotice;
  /** Tokens the system prompt, the kept history and the prompt take (undefined when the browser cannot measure). */
  inputTokens?: number;
  /** Tokens of the prompt alone. */
  promptTokens?: number;
}

/**
 * Opens the session for one request, never past the context window: a first
 * session holding only the system prompt measures the history and the
 * prompt (`measureContextUsage`); the oldest turns that do not fit are left
 * out (`fitHistory`); then the real session is created with the system
 * prompt and the kept history as `initialPrompts`. The measuring session is
 * destroyed at once. A browser that cannot measure gets the whole history
 * and keeps it within its window itself (it evicts old messages and fires
 * `contextoverflow`).
 */
export async function openFittedSession(request: FittedSessionRequest): Promise<FittedSession> {
  const { lm, system, history, signal } = request;
  const systemPrompts: LanguageModelMessage[] = system ? [{ role: 'system', content: system }] : [];
  let start = 0;
  let window: number | undefined;
  let inputTokens: number | undefined;
  let promptTokens: number | undefined;
  if (history.length > 0 || request.prompt.length > 0) {
    const probe = await lm.create({ ...request.create, initialPrompts: systemPrompts, signal });
    try {
      window = contextWindowOf(probe);
      const measure = measurerOf(probe);
      if (window !== undefined && measure) {
        const base = contextUsageOf(probe) ?? (system ? await measure([{ role: 'system', content: system }]) : 0);
        const promptSize = await measure(request.prompt, request.promptOptions);
        const budget = window - base - promptSize - request.reserve(window);
        if (budget < 0) {
          throw browserError(
            'bad-request',
            `This message is too long for the browser's built-in model: it takes about ${promptSize} tokens and the model holds ${window} in all (the instructions and tools take ${base}). Shorten it, or offer fewer tools.`,
            BrowserModelErrorCode.ContextOverflow,
          );
        }
        const fit = await fitHistory(history.length, request.turnStarts, budget, (i) => measure([history[i]!]));
        start = fit.start;
        inputTokens = base + fit.used + promptSize;
        promptTokens = promptSize;
      }
    } finally {
      probe.destroy();
    }
  }
  const kept = history.slice(start);
  const session = await lm.create({ ...request.create, initialPrompts: [...systemPrompts, ...kept], signal });
  return {
    session,
    contextWindow: window ?? contextWindowOf(session),
    ...(start > 0 ? { notice: contextNotice(start, window ?? ASSUMED_CONTEXT_WINDOW) } : {}),
    ...(inputTokens !== undefined ? { inputTokens, promptTokens } : {}),
  };
}

/** Reads a `promptStreaming()` stream to its end, giving each chunk to `onChunk`. */
export async function readChunks(stream: ReadableStream<string>, onChunk: (chunk: string) => void): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      if (typeof value !== 'string' || value === '') continue;
      text += value;
      onChunk(value);
    }
  } finally {
    reader.releaseLock();
  }
}
