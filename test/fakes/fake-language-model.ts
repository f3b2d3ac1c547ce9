/**
 * A stand-in for the browser's `LanguageModel` (the Prompt API).
 *
 * Why a stand-in: Chromium on the project's machines defines `LanguageModel`,
 * but has no on-device model, so `availability()` never becomes
 * `"available"` and nothing can be prompted (docs/models.md). This object
 * keeps to the documented IDL of webmachinelearning/prompt-api (index.bs at
 * commit 2e27365, 2026): static `availability(options)`, `params()`,
 * `create({ initialPrompts, expectedInputs, expectedOutputs, tools, monitor,
 * signal })` (with `downloadprogress` events on the monitor while
 * `downloadable`), and sessions with `prompt()`, `promptStreaming()` (a
 * ReadableStream of text chunks, stopped by `signal` with an `AbortError`),
 * `responseConstraint`, `contextWindow` / `contextUsage`,
 * `measureContextUsage()`, `clone()`, `destroy()`. Its failures are the
 * spec's `DOMException`s (`QuotaExceededError` past the context window,
 * `NotSupportedError` when unavailable, `InvalidStateError` after destroy).
 *
 * What it answers is scripted: each prompt takes the next reply of the
 * queue (or asks a function). It honours `responseConstraint` the way a
 * constrained decoder does: the reply must be JSON valid against the schema,
 * checked with the project's JSON-schema validator; a scripted reply that is
 * not is a broken test, and the prompt rejects saying so. Tokens are counted
 * as one per four characters.
 */
import { schemaMismatch } from '../../src/providers/structured-output-check.js';
import type {
  LanguageModelCreateCoreOptions,
  LanguageModelCreateOptions,
  LanguageModelMessage,
  LanguageModelPrompt,
  LanguageModelPromptOptions,
  LanguageModelSession,
  LanguageModelStatic,
  LanguageModelTool,
} from '../../src/providers/browser/language-model-api-types.js';

/** What the model says for one prompt. */
export type FakeModelReply =
  /** Plain text (without a constraint), or JSON text (with one). */
  | { text: string; delayMs?: number; chunk?: number }
  /** A value written as JSON: must match the prompt's `responseConstraint`. */
  | { json: unknown; delayMs?: number; chunk?: number }
  /** A native tool call: the stand-in calls the tool's `execute`, then goes on with the next reply. */
  | { toolCall: { name: string; arguments: Record<string, unknown> } };

/** What the script sees of one prompt. */
export interface FakeTurn {
  initialPrompts: LanguageModelMessage[];
  input: LanguageModelMessage[];
  responseConstraint?: Record<string, unknown>;
  tools: string[];
}

/** Options of {@link createFakeLanguageModel}. */
export interface FakeLanguageModelOptions {
  availability?: 'available' | 'downloadable' | 'downloading' | 'unavailable';
  /** Tokens a session holds (default 6144, Gemini Nano's). */
  contextWindow?: number;
  /** Accepts `tool-call` / `tool-response` types and `tools` (default false: like browsers that reject those enum values with a TypeError). */
  nativeTools?: boolean;
  /** Accepts `image` inputs (default false). */
  images?: boolean;
  /** `downloadprogress` events a download fires (default 4). */
  downloadSteps?: number;
  /** Replies, in order. A function is asked with the turn. */
  replies?: Array<FakeModelReply | ((turn: FakeTurn) => FakeModelReply)>;
}

/** The stand-in and what it saw. */
export interface FakeLanguageModel extends LanguageModelStatic {
  /** Options of every `create()` call. */
  creates: LanguageModelCreateOptions[];
  /** Every prompt, with the session's initial prompts. */
  turns: FakeTurn[];
  /** Sessions not yet destroyed. */
  live: Set<LanguageModelSession>;
  /** Queue more replies. */
  script(...replies: Array<FakeModelReply | ((turn: FakeTurn) => FakeModelReply)>): void;
  /** The current availability (a download makes it `available`). */
  state: 'available' | 'downloadable' | 'downloading' | 'unavailable';
}

/** Token count of a prompt or message, one per four characters of its text. */
export function fakeTokens(input: LanguageModelPrompt | LanguageModelMessage): number {
  const messages = typeof input === 'string' ? [{ role: 'user', content: input }] : Array.isArray(input) ? input : [input];
  let chars = 0;
  for (const m of messages) {
    if (typeof m.content === 'string') chars += m.content.length;
    else for (const part of m.content) chars += typeof part.value === 'string' ? part.value.length : 256;
    chars += 4; // role marker
  }
  return Math.ceil(chars / 4);
}

const toMessages = (input: LanguageModelPrompt): LanguageModelMessage[] =>
  typeof input === 'string' ? [{ role: 'user', content: input }] : input;

/** A `LanguageModel` stand-in (see the file comment). */
export function createFakeLanguageModel(options: FakeLanguageModelOptions = {}): FakeLanguageModel {
  const window = options.contextWindow ?? 6144;
  const queue = [...(options.replies ?? [])];
  const lm: FakeLanguageModel = {
    creates: [],
    turns: [],
    live: new Set(),
    state: options.availability ?? 'available',
    script: (...replies) => void queue.push(...replies),
    async availability(core: LanguageModelCreateCoreOptions = {}) {
      checkTypes(core, options);
      if ([...(core.expectedInputs ?? [])].some((e) => e.type === 'image') && !options.images) return 'unavailable';
      return lm.state;
    },
    async params() {
      return { defaultTopK: 3, maxTopK: 128, defaultTemperature: 1, maxTemperature: 2 };
    },
    async create(create: LanguageModelCreateOptions = {}) {
      lm.creates.push(create);
      checkTypes(create, options);
      if (create.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      if (lm.state === 'unavailable') throw new DOMException('The model is not available.', 'NotSupportedError');
      if (lm.state !== 'available') {
        const monitor = new EventTarget();
        create.monitor?.(monitor as never);
        const steps = options.downloadSteps ?? 4;
        lm.state = 'downloading';
        for (let i = 0; i <= steps; i++) {
          await new Promise((r) => setTimeout(r, 5));
          if (create.signal?.aborted) throw new DOMException('The download was aborted.', 'AbortError');
          monitor.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded: i / steps, total: 1 }));
        }
        lm.state = 'available';
      }
      return session(create, [...(create.initialPrompts ?? [])]);
    },
  };

  function session(create: LanguageModelCreateOptions, initialPrompts: LanguageModelMessage[]): LanguageModelSession {
    let usage = initialPrompts.reduce((n, m) => n + fakeTokens(m), 0);
    if (usage > window)
      throw new DOMException(`The initial prompts take ${usage} tokens; the context holds ${window}.`, 'QuotaExceededError');
    let destroyed = false;
    const tools = create.tools ?? [];
    const alive = () => {
      if (destroyed) throw new DOMException('The session was destroyed.', 'InvalidStateError');
    };

    /** Runs one prompt: the text the model writes, chunk by chunk. */
    async function* answer(input: LanguageModelPrompt, opts: LanguageModelPromptOptions): AsyncGenerator<string> {
      alive();
      const messages = toMessages(input);
      const size = fakeTokens(messages);
      if (usage + size > window)
        throw new DOMException(`The prompt takes ${size} tokens; ${window - usage} are left.`, 'QuotaExceededError');
      usage += size;
      for (;;) {
        const turn: FakeTurn = {
          initialPrompts,
          input: messages,
          responseConstraint: opts.responseConstraint,
          tools: tools.map((t) => t.name),
        };
        lm.turns.push(turn);
        const next = queue.shift();
        if (!next) throw new DOMException('stand-in: no scripted reply left for this prompt', 'OperationError');
        const reply = typeof next === 'function' ? next(turn) : next;
        if ('toolCall' in reply) {
          const tool = tools.find((t: LanguageModelTool) => t.name === reply.toolCall.name);
          if (!tool) throw new DOMException(`stand-in: the session has no tool "${reply.toolCall.name}"`, 'OperationError');
          await abortable(tool.execute(reply.toolCall.arguments), opts.signal);
          continue;
        }
        const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
        if (opts.responseConstraint) {
          let value: unknown;
          try {
            value = JSON.parse(text);
          } catch {
            throw new DOMException(`stand-in: a constrained reply must be JSON, got ${text.slice(0, 60)}`, 'OperationError');
          }
          const mismatch = schemaMismatch(opts.responseConstraint, value);
          if (mismatch)
            throw new DOMException(`stand-in: the scripted reply does not follow the responseConstraint: ${mismatch}`, 'OperationError');
        }
        const step = reply.chunk ?? 6;
        for (let i = 0; i < text.length; i += step) {
          await abortable(new Promise((r) => setTimeout(r, reply.delayMs ?? 0)), opts.signal);
          alive();
          usage += fakeTokens(text.slice(i, i + step)) - 1;
          yield text.slice(i, i + step);
        }
        return;
      }
    }

    const s = Object.assign(new EventTarget(), {
      get contextWindow() {
        return window;
      },
      get contextUsage() {
        return usage;
      },
      async measureContextUsage(input: LanguageModelPrompt) {
        alive();
        return fakeTokens(input);
      },
      async prompt(input: LanguageModelPrompt, opts: LanguageModelPromptOptions = {}) {
        let text = '';
        for await (const piece of answer(input, opts)) text += piece;
        return text;
      },
      promptStreaming(input: LanguageModelPrompt, opts: LanguageModelPromptOptions = {}) {
        const it = answer(input, opts);
        return new ReadableStream<string>({
          async pull(controller) {
            try {
              const { done, value } = await it.next();
              if (done) controller.close();
              else controller.enqueue(value);
            } catch (error) {
              controller.error(error);
            }
          },
          cancel: () => void it.return(undefined),
        });
      },
      async clone() {
        alive();
        return session(create, [...initialPrompts]);
      },
      destroy() {
        destroyed = true;
        lm.live.delete(s);
      },
    }) as unknown as LanguageModelSession;
    lm.live.add(s);
    return s;
  }
  return lm;
}

/** Rejects with an `AbortError` as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Like browsers whose enum has no `tool-call`: a TypeError for unknown types. */
function checkTypes(core: LanguageModelCreateCoreOptions, options: FakeLanguageModelOptions): void {
  const types = [...(core.expectedInputs ?? []), ...(core.expectedOutputs ?? [])].map((e) => e.type);
  if (!options.nativeTools && (types.some((t) => t === 'tool-call' || t === 'tool-response') || (core.tools?.length ?? 0) > 0)) {
    throw new TypeError(
      "Failed to read the 'expectedOutputs' property: The provided value 'tool-call' is not a valid enum value of type LanguageModelMessageType.",
    );
  }
}
