import type { CreateMessageRequestParams, SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import { toBlocks } from '../../content/guards.js';
import type { MessageBlock } from '../../content/types.js';
import { replay } from '../shared/read.js';
import { loadSchemaCheck, schemaMismatch, SCHEMA_TOOL_NAME, structuredOutputSchema } from '../structured-output.js';
import type { CreateMessageOptions, ModelProvider, ProviderResult } from '../types.js';
import { BROWSER_PROVIDER_ID, browserError, BrowserModelErrorCode, mapBrowserModelError } from './browser-model-error.js';
import { ASSUMED_CONTEXT_WINDOW, contextUsageOf, contextWindowOf, openFittedSession, readChunks } from './browser-model-session.js';
import {
  availabilityOf,
  browserModelStatus,
  downloadBrowserModel,
  findLanguageModel,
  type BrowserModelStatus,
  type DownloadOptions,
} from './browser-model-status.js';
import { convertToLanguageModelMessages } from './convert-to-language-model-prompts.js';
import { BROWSER_CONTEXT_META_KEY } from './fit-context.js';
import type {
  LanguageModelCreateCoreOptions,
  LanguageModelExpected,
  LanguageModelStatic,
  LanguageModelTool,
} from './language-model-api-types.js';
import { callId, emitCall, nativeProbe, nativeTool, safeJSON, type NativeCall } from './native-tools.js';
import { TextFieldReader } from './text-field-reader.js';
import { buildToolConstraint, parseConstrainedAnswer, toolInstructions, type OfferedTool } from './tool-call-schema.js';

/** Settings of {@link createBrowserModelProvider}; all optional. */
export interface BrowserModelSettings {
  /** The `LanguageModel` object (default: the page's, or Chrome's older `ai.languageModel`). Tests pass a stand-in; `null` acts as if there were none. */
  languageModel?: LanguageModelStatic | null;
  /**
   * How tools are offered: `'native'` (the Prompt API's `tools`), `'constrained'`
   * (a `responseConstraint` JSON schema, see tool-call-schema.ts), or `'auto'`
   * (default): native when the browser says it can output `tool-call`, else constrained.
   */
  toolMode?: 'auto' | 'native' | 'constrained';
  /** Languages of the conversation (BCP 47), told to the browser up front (default `['en']`). */
  languages?: string[];
  /** Most tools one request carries (default 8: small models choose well among a handful). Past it the agent offers `search_tools`. */
  maxTools?: number;
  /** Tokens kept free for the answer (default: a quarter of the context window, at most 1,024). */
  outputReserve?: number;
  /** The download size to show in the status, when the page knows it (the API does not say). */
  downloadSizeBytes?: number;
  /** Provider id (default `'browser'`) and the name shown to people (default `'Built-in model (this browser)'`). */
  id?: string;
  label?: string;
}

/** The browser's built-in model as a `ModelProvider`, plus what Settings needs. */
export interface BrowserModelProvider extends ModelProvider {
  /**
   * The model's state now (never rejects). When `available`, it also opens
   * and closes a session once to learn the context window, so call it before
   * the first turn: `maxToolChars` then fits the real window.
   */
  status(): Promise<BrowserModelStatus>;
  /**
   * Downloads the model after the person agreed; call it directly from their
   * click (see `downloadBrowserModel`). `onProgress` gets 0-1.
   */
  download(options?: Pick<DownloadOptions, 'onProgress' | 'signal'>): Promise<BrowserModelStatus>;
  /** The context window in tokens, once a session has reported it. */
  readonly contextWindow: number | undefined;
  /** Characters of tool definitions one request may carry (from the context window); the agent offers `search_tools` past it. */
  readonly maxToolChars: number;
}

/**
 * A provider over the browser's own model (the Prompt API, `LanguageModel`):
 * no key, no server, nothing leaves the device. Each request opens a session
 * whose `initialPrompts` are the system prompt and as much of the
 * conversation as fits the context window (the oldest turns are left out,
 * with a notice in `_meta["mcp-web-elements/context"]`), streams the answer
 * with `promptStreaming()`, and destroys the session. Tool calls come from
 * the browser's native `tools` or from constrained JSON output, and return as
 * ordinary `tool_use` blocks. It never downloads the model by itself: while
 * the browser still needs the download, a request rejects with
 * `ProviderError` code `download-required` and the page calls `download()`
 * once the person agrees.
 */
export function createBrowserModelProvider(settings: BrowserModelSettings = {}): BrowserModelProvider {
  const id = settings.id ?? BROWSER_PROVIDER_ID;
  const label = settings.label ?? 'Built-in model (this browser)';
  const languages = settings.languages ?? ['en'];
  const textOnly: LanguageModelCreateCoreOptions = {
    expectedInputs: [{ type: 'text', languages }],
    expectedOutputs: [{ type: 'text', languages }],
  };
  const lmOf = () => (settings.languageModel === null ? undefined : (settings.languageModel ?? findLanguageModel()));
  let contextWindow: number | undefined;
  let ready = false;
  let native: Promise<boolean> | undefined;
  let images: Promise<boolean> | undefined;
  const statusOptions = () => ({ languageModel: lmOf() ?? null, createOptions: textOnly, sizeBytes: settings.downloadSizeBytes });

  /** Whether the browser accepts an option set (a TypeError for an unknown enum value means no). */
  const supports = async (lm: LanguageModelStatic, options: LanguageModelCreateCoreOptions) => {
    try {
      return (await availabilityOf(lm, options)) !== 'unavailable';
    } catch {
      return false;
    }
  };

  async function ensureReady(lm: LanguageModelStatic): Promise<void> {
    if (ready) return;
    const status = await browserModelStatus({ ...statusOptions(), languageModel: lm });
    if (status.state === 'available') {
      ready = true;
      return;
    }
    const code =
      status.state === 'downloadable'
        ? BrowserModelErrorCode.DownloadRequired
        : status.state === 'downloading'
          ? BrowserModelErrorCode.Downloading
          : BrowserModelErrorCode.Unavailable;
    const message =
      status.state === 'downloadable'
        ? `${status.message} Agree to the download in Settings first.`
        : status.state === 'downloading'
          ? `${status.message} Try again when it has finished.`
          : status.message;
    throw browserError('not-found', message, code);
  }

  async function createMessage(params: CreateMessageRequestParams, options: CreateMessageOptions = {}): Promise<ProviderResult> {
    const { signal, onDelta } = options;
    const lm = lmOf();
    if (!lm) throw browserError('not-found', (await browserModelStatus(statusOptions())).message, BrowserModelErrorCode.Unavailable);
    if (signal?.aborted) throw mapBrowserModelError(undefined, signal);
    const inner = new AbortController();
    const onAbort = () => inner.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let session: { destroy(): void } | undefined;
    try {
      await ensureReady(lm);
      const messages = params.messages;
      const last = messages[messages.length - 1];
      if (!last || last.role !== 'user')
        throw browserError('bad-request', "The browser's built-in model answers a person's message: the conversation must end with one.");
      const hasImages = messages.some((m) => toBlocks(m.content as MessageBlock | MessageBlock[]).some((b) => b.type === 'image'));
      const withImages =
        hasImages && (await (images ??= supports(lm, { expectedInputs: [{ type: 'text', languages }, { type: 'image' }] })));

      const schema = structuredOutputSchema(params);
      if (schema) await loadSchemaCheck();
      const offered: OfferedTool[] = schema || params.toolChoice?.mode === 'none' ? [] : ((params.tools ?? []) as OfferedTool[]);
      const required = params.toolChoice?.mode === 'required';
      const mode = !offered.length
        ? 'none'
        : settings.toolMode === 'native' ||
            (settings.toolMode !== 'constrained' && (await (native ??= supports(lm, nativeProbe(languages)))))
          ? 'native'
          : 'constrained';

      const calls: NativeCall[] = [];
      const expectedInputs: LanguageModelExpected[] = [
        { type: 'text', languages },
        ...(withImages ? [{ type: 'image' as const }] : []),
        ...(mode === 'native' ? [{ type: 'tool-response' as const }] : []),
      ];
      const expectedOutputs: LanguageModelExpected[] = [
        { type: 'text', languages },
        ...(mode === 'native' ? [{ type: 'tool-call' as const }] : []),
      ];
      const tools: LanguageModelTool[] | undefined = mode === 'native' ? offered.map((t) => nativeTool(t, calls, inner)) : undefined;
      const constraint = schema ?? (mode === 'constrained' ? buildToolConstraint(offered, { required }) : undefined);
      const system =
        [params.systemPrompt, mode === 'constrained' ? toolInstructions(offered, { required }) : undefined].filter(Boolean).join('\n\n') ||
        undefined;

      const converted = convertToLanguageModelMessages(messages, { images: withImages });
      const history = converted.slice(0, -1);
      const turnStarts = messages
        .slice(0, -1)
        .map((m) => m.role === 'user' && !toBlocks(m.content as MessageBlock | MessageBlock[]).every((b) => b.type === 'tool_result'));
      const promptOptions = constraint ? { responseConstraint: constraint, omitResponseConstraintInput: !schema } : {};
      const opened = await openFittedSession({
        lm,
        create: {
          expectedInputs,
          expectedOutputs,
          ...(tools ? { tools } : {}),
          ...(params.temperature !== undefined && lm.params ? await samplingOf(lm, params.temperature) : {}),
        },
        system,
        history,
        turnStarts,
        prompt: [converted[converted.length - 1]!],
        promptOptions,
        reserve: (window) => settings.outputReserve ?? Math.min(1024, Math.floor(window / 4)),
        signal: inner.signal,
      });
      session = opened.session;
      if (opened.contextWindow) contextWindow = opened.contextWindow;
      const before = contextUsageOf(opened.session);

      let text = '';
      const reader = constraint && !schema ? new TextFieldReader() : undefined;
      const say = (piece: string) => {
        if (!piece) return;
        text += piece;
        onDelta?.({ type: 'text', index: 0, text: piece });
      };
      let raw = '';
      try {
        raw = await readChunks(
          opened.session.promptStreaming([converted[converted.length - 1]!], { ...promptOptions, signal: inner.signal }),
          (chunk) => {
            if (schema) return;
            say(reader ? reader.push(chunk) : chunk);
          },
        );
      } catch (error) {
        // A native tool call stops the prompt on purpose (the agent runs the tool, with approval).
        if (!(calls.length && !signal?.aborted)) throw error;
      }
      const after = contextUsageOf(opened.session);
      const meta: Record<string, unknown> = {};
      if (opened.inputTokens !== undefined && before !== undefined && after !== undefined) {
        // The session's usage grew by the prompt and the answer.
        meta.usage = { inputTokens: opened.inputTokens, outputTokens: Math.max(0, after - before - (opened.promptTokens ?? 0)) };
      }
      if (opened.notice) meta[BROWSER_CONTEXT_META_KEY] = opened.notice;
      const result = (content: SamplingMessageContentBlock[], stopReason: string): ProviderResult => ({
        role: 'assistant',
        content,
        model: id,
        stopReason,
        ...(Object.keys(meta).length ? { _meta: meta } : {}),
      });

      if (schema) {
        const input = parseConstrainedAnswer(JSON.stringify({ tool: SCHEMA_TOOL_NAME, arguments: safeJSON(raw) }), [SCHEMA_TOOL_NAME]);
        const args = input.type === 'tool' ? input.arguments : {};
        const mismatch = schemaMismatch(schema, args);
        if (mismatch)
          throw browserError('invalid-output', `The browser's model gave structured output that does not match the schema: ${mismatch}`);
        const done = result([{ type: 'tool_use', id: callId(), name: SCHEMA_TOOL_NAME, input: args }], 'toolUse');
        replay(done, onDelta);
        return done;
      }
      if (mode === 'native') {
        const content: SamplingMessageContentBlock[] = text ? [{ type: 'text', text }] : [];
        for (const call of calls) content.push(emitCall(content.length, call, onDelta));
        return result(content, calls.length ? 'toolUse' : 'endTurn');
      }
      if (mode === 'constrained') {
        const answer = parseConstrainedAnswer(
          raw,
          offered.map((t) => t.name),
        );
        if (answer.type === 'tool') return result([emitCall(0, { name: answer.name, input: answer.arguments }, onDelta)], 'toolUse');
        // The streamed text is a prefix of the parsed one; send what the reader held back, if anything.
        if (answer.text.startsWith(text)) say(answer.text.slice(text.length));
        return result([{ type: 'text', text: answer.text }], 'endTurn');
      }
      return result([{ type: 'text', text: raw }], 'endTurn');
    } catch (error) {
      throw mapBrowserModelError(error, signal);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      inner.abort();
      session?.destroy();
    }
  }

  async function status(): Promise<BrowserModelStatus> {
    const now = await browserModelStatus(statusOptions());
    const lm = lmOf();
    if (now.state === 'available' && lm) {
      ready = true;
      // Learn the context window now, so that the first turn's tool selection (maxToolChars) already fits it.
      if (contextWindow === undefined) {
        try {
          const probe = await lm.create(textOnly);
          contextWindow = contextWindowOf(probe) ?? contextWindow;
          probe.destroy();
        } catch {
          // Not fatal: the first request learns it.
        }
      }
    }
    return now;
  }

  return {
    id,
    label,
    maxTools: settings.maxTools ?? 8,
    get contextWindow() {
      return contextWindow;
    },
    get maxToolChars() {
      // About three characters a token, and tool definitions may take a third of the window: one character per token of the window.
      return contextWindow ?? ASSUMED_CONTEXT_WINDOW;
    },
    createMessage,
    listModels: async () => [{ id, label }],
    status,
    download: async (options = {}) => {
      const done = await downloadBrowserModel({ ...statusOptions(), ...options });
      return done.state === 'available' ? status() : done;
    },
  };
}

/** `temperature` (and the default `topK`, which Chrome requires alongside it), where the page may set them (`params()` answers). */
async function samplingOf(lm: LanguageModelStatic, temperature: number): Promise<{ temperature?: number; topK?: number }> {
  try {
    const p = await lm.params!();
    if (!p) return {};
    return { temperature: Math.min(temperature, p.maxTemperature), topK: p.defaultTopK };
  } catch {
    return {};
  }
}
