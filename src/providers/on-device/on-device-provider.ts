import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { ProviderError } from '../provider-error.js';
import { abortedError } from '../shared/http.js';
import type { CreateMessageOptions, ProviderResult } from '../types.js';
import { convertToOnDeviceMessages } from './convert-to-on-device-messages.js';
import type {
  Engine,
  OnDeviceDownloadOptions,
  OnDeviceProvider,
  OnDeviceSettings,
  OnDeviceStatus,
  OnDeviceUnsupportedCode,
} from './on-device-types.js';
import { replyGrammar, type OfferedTool, type ReplyChoice } from './reply-grammar.js';
import { ReplyReader } from './reply-reader.js';
import { downloadModel, modelKey, ModelStoreError, removeModel, storedModel, type ModelSource } from './model-store.js';

/** Context window in tokens when the settings give none (as wllama-engine.ts asks of llama.cpp). */
const DEFAULT_CONTEXT_SIZE = 4096;

/** The engine module, loaded at the first need (its own chunk; see wllama-engine.ts). */
const loadEngineModule = () => import('./wllama-engine.js');

/**
 * A provider that runs an open model (a GGUF file the site owner names) in
 * the visitor's browser with wllama, llama.cpp in WebAssembly, in a worker.
 * No key, no server: the model file is downloaded once, after the person
 * agrees (`download()`), and cached on the device for the next visits.
 *
 * Every reply is constrained by a grammar (reply-grammar.ts): one JSON object,
 * an answer `{"type":"text","text":...}` or one call `{"tool":NAME,"arguments":...}`
 * whose arguments follow that tool's schema, so even a small model calls tools
 * with valid arguments. The answer's text streams as `text` deltas; a call
 * comes as a `tool_use` block with `stopReason: 'toolUse'`. Requests run one
 * at a time (one model, one worker).
 *
 * Errors: `bad-request` with code `model-not-downloaded` when the model is not
 * cached yet (show `status()`, ask, then `download()`); `bad-request` with code
 * `context-overflow` when the conversation and tools do not fit `contextSize`; `server` with code
 * `engine` when the engine or the model file fails to load; `network` when the
 * download fails; `invalid-output` when a tool call was cut by `maxTokens`;
 * `aborted` on Stop.
 */
export function createOnDeviceProvider(settings: OnDeviceSettings): OnDeviceProvider {
  const id = settings.id ?? 'on-device';
  const url = new URL(settings.modelUrl, globalThis.location?.href).href;
  const file = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? url);
  const label = settings.label ?? file;
  const source: ModelSource = { url, size: settings.size, sha256: settings.sha256 };
  const key = modelKey(source);
  /** The model's size once known (pinned, or announced by the server). */
  let known = settings.size;
  const listeners = new Set<(status: OnDeviceStatus) => void>();
  let current: OnDeviceStatus | undefined;
  let engine: Promise<Engine> | undefined;
  let downloading: Promise<void> | undefined;
  let loading: Promise<void> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let calls = 0;

  const set = (status: OnDeviceStatus) => {
    current = status;
    for (const listener of listeners) listener(status);
  };
  const getEngine = () =>
    (engine ??= loadEngineModule().then(
      (m) => m.createWllamaEngine(settings),
      (error: unknown) => {
        engine = undefined;
        throw new ProviderError('server', 'The on-device engine could not be loaded. Check the connection and reload the page.', {
          provider: id,
          code: 'engine',
          cause: error,
        });
      },
    ));

  async function status(options: { signal?: AbortSignal } = {}): Promise<OnDeviceStatus> {
    const why = unsupportedReason();
    if (why) return { state: 'unsupported', ...why };
    // Busy, loaded or failed: the state is known without asking the store (a failure
    // stays until the next download() or remove(), so the UI does not offer a broken model again).
    if (current?.state === 'downloading' || current?.state === 'loading' || current?.state === 'ready' || current?.state === 'failed')
      return current;
    const stored = await storedModel(source).catch(() => undefined);
    if (stored) set({ state: 'cached', bytes: stored.size });
    else set({ state: 'not-downloaded', bytes: (known ??= settings.size ?? (await announcedSize(url, options.signal))) });
    return current!;
  }

  function download(options: OnDeviceDownloadOptions = {}): Promise<void> {
    return (downloading ??= (async () => {
      try {
        set({ state: 'downloading', loaded: 0, total: settings.size ?? 0 });
        const file = await downloadModel(source, {
          signal: options.signal,
          onProgress: (p) => {
            known ??= p.total || undefined;
            set({ state: 'downloading', ...p });
            options.onProgress?.(p);
          },
        });
        set({ state: 'cached', bytes: file.size });
      } catch (error) {
        if (options.signal?.aborted) {
          set({ state: 'not-downloaded', bytes: known });
          throw abortedError(id, options.signal);
        }
        const reason = downloadFailure(error, label, url);
        // The size stays known: the person is asked again with it.
        set({ state: 'failed', reason, bytes: known });
        throw new ProviderError(
          error instanceof ModelStoreError && error.failure.kind === 'http' && error.failure.status === 404 ? 'not-found' : 'network',
          reason,
          {
            provider: id,
            code: error instanceof ModelStoreError ? `download-${error.failure.kind}` : 'download',
            cause: error,
          },
        );
      } finally {
        downloading = undefined;
      }
    })());
  }

  function load(): Promise<void> {
    if (current?.state === 'ready') return Promise.resolve();
    return (loading ??= (async () => {
      try {
        const file = await storedModel(source);
        if (!file) {
          throw new ProviderError(
            'bad-request',
            `The on-device model is not downloaded yet. Ask the person, then call download() (${label}).`,
            { provider: id, code: 'model-not-downloaded' },
          );
        }
        const e = await getEngine();
        set({ state: 'loading', bytes: file.size });
        try {
          await e.load(key, file);
        } catch (error) {
          const reason = `The model ${label} could not be loaded: ${message(error)}`;
          set({ state: 'failed', reason, bytes: file.size });
          throw new ProviderError('server', reason, { provider: id, code: 'engine', cause: error });
        }
        set({ state: 'ready', bytes: file.size });
      } finally {
        loading = undefined;
      }
    })());
  }

  async function createMessage(params: CreateMessageRequestParams, options: CreateMessageOptions = {}): Promise<ProviderResult> {
    const { signal, onDelta } = options;
    if (signal?.aborted) throw abortedError(id, signal);
    const run = queue.then(async () => {
      await load();
      if (signal?.aborted) throw abortedError(id, signal);
      const tools: OfferedTool[] = (params.tools ?? []).map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: t.inputSchema,
      }));
      const choice: ReplyChoice = tools.length ? (params.toolChoice?.mode ?? 'auto') : 'none';
      const reader = new ReplyReader(
        new Set(tools.map((t) => t.name)),
        () => `ondevice_${Date.now().toString(36)}_${(calls += 1)}`,
        onDelta,
      );
      let result;
      try {
        result = await (
          await getEngine()
        ).generate({
          messages: convertToOnDeviceMessages(params, tools, choice),
          grammar: replyGrammar(tools, choice, settings.maxArgumentLength ? { maxString: settings.maxArgumentLength } : {}),
          maxTokens: params.maxTokens,
          temperature: params.temperature ?? settings.temperature ?? 0.2,
          stop: params.stopSequences,
          signal,
          onText: (text) => reader.push(text),
        });
      } catch (error) {
        if (signal?.aborted) throw abortedError(id, signal);
        if (error instanceof ProviderError) throw error;
        // llama.cpp refuses a prompt longer than the context: "request (N tokens) exceeds the available context size (M tokens)".
        const overflow = /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/.exec(message(error));
        if (overflow) {
          throw new ProviderError(
            'bad-request',
            `The conversation (${overflow[1]} tokens with the tools) does not fit the model's context of ${overflow[2]} tokens. Start a new conversation, offer fewer tools, or raise contextSize.`,
            { provider: id, code: 'context-overflow', cause: error },
          );
        }
        throw new ProviderError('server', `The on-device model failed while answering: ${message(error)}`, {
          provider: id,
          code: 'engine',
          cause: error,
        });
      }
      const { content, stopReason } = reader.finish(result.finish);
      if (result.inputTokens !== undefined)
        onDelta?.({ type: 'usage', usage: { inputTokens: result.inputTokens, outputTokens: result.outputTokens ?? 0 } });
      return {
        role: 'assistant',
        content,
        model: label,
        stopReason,
        ...(result.inputTokens !== undefined
          ? { _meta: { usage: { inputTokens: result.inputTokens, outputTokens: result.outputTokens ?? 0 } } }
          : {}),
      } as ProviderResult;
    });
    queue = run.catch(() => {});
    return run;
  }

  return {
    id,
    label,
    modelUrl: url,
    // Every offered tool's schema goes into the prompt and the grammar: keep the list short for a small model.
    maxTools: 16,
    // And within the context: tool definitions may take about half of it (about three characters a token),
    // the rest is the conversation and the answer. Past it the chat's turn offers the tools that fit and
    // `search_tools` (agent/tool-selection.ts) instead of a request the model refuses (`context-overflow`).
    maxToolChars: Math.round((settings.contextSize ?? DEFAULT_CONTEXT_SIZE) * 1.5),
    createMessage,
    status,
    download,
    load,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async remove() {
      if (engine) await (await engine).unload(key);
      await removeModel(source);
      current = undefined;
      await status().catch(() => {});
    },
    async dispose() {
      if (engine) await (await engine).dispose();
      if (current?.state === 'ready') set({ state: 'cached', bytes: current.bytes });
    },
  };
}

/** Why this browser cannot run the engine, or undefined when it can. */
function unsupportedReason(): { reason: string; code: OnDeviceUnsupportedCode } | undefined {
  if (typeof WebAssembly !== 'object') return { code: 'no-wasm', reason: 'This browser cannot run WebAssembly.' };
  if (typeof Worker !== 'function') return { code: 'no-worker', reason: 'This browser cannot run Web Workers.' };
  if (!globalThis.navigator?.storage?.getDirectory)
    return {
      code: 'no-opfs',
      reason: 'This browser has no Origin Private File System to keep the model in (a private window may lack it).',
    };
  return undefined;
}

/**
 * What went wrong with a download, for the person: what happened and what to
 * do, with the site's name rather than the file's long address (no raw
 * browser error such as "Failed to fetch"). The chat puts "The download
 * failed:" before it, so none of these starts with the download again.
 */
export function downloadFailure(error: unknown, label: string, url: string): string {
  const host = hostOf(url);
  if (!(error instanceof ModelStoreError))
    return `This browser could not save ${label} (${message(error)}). Try again; if it keeps failing, try another browser.`;
  const f = error.failure;
  const mb = (n: number) => (n >= 1e6 ? `${Math.round(n / 1e6)} MB` : `${Math.max(1, Math.round(n / 1e3))} KB`);
  switch (f.kind) {
    case 'unreachable':
      return `${host} could not be reached: this device may be offline, or ${host} does not let this page download from it. Check the connection and try again; if it keeps failing, the site owner needs to fix the model's address.`;
    case 'cut':
      return `The connection to ${host} was lost during the download (${mb(f.loaded)} arrived). Check the connection, then press Download again: it continues where it stopped.`;
    case 'http':
      return f.status === 404 || f.status === 410
        ? `${host} does not have this model (it answered "not found"). The site owner needs to fix the model's address.`
        : f.status === 401 || f.status === 403
          ? `${host} refused the download (error ${f.status}). The site owner needs to make the model public or use another address.`
          : `${host} answered with an error (${f.status}). Try again in a few minutes.`;
    case 'no-length':
      return `${host} did not say how large the model is, so the download cannot be checked and was not kept. The site owner needs to serve the file with its size (Content-Length).`;
    case 'size':
      return `The file from ${host} is not the expected model (${mb(f.actual)} instead of ${mb(f.expected)}), so it was deleted and not used. The site owner needs to update the model's address or its pinned size.`;
    case 'hash':
      return `The downloaded file does not match the model it should be (its checksum differs), so it was deleted and not used. Try again; if it happens again, the file at ${host} has changed and the site owner needs to update it.`;
    case 'quota':
      return `This device does not have room to keep the model (${mb(f.needed)} needed${f.free !== undefined ? `, ${mb(Math.max(0, f.free))} free for this site` : ''}). Free some space, then try again.`;
    case 'storage':
      return `This browser could not save the model (${f.message}). A private window may not allow it: try a normal window.`;
    default:
      return `${label} did not arrive. Try again.`;
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'The model server';
  }
};

/** The size the server announces (HEAD, Content-Length), or undefined when it does not say. */
async function announcedSize(url: string, signal?: AbortSignal): Promise<number | undefined> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal });
    const length = Number(response.headers.get('content-length'));
    return response.ok && length > 0 ? length : undefined;
  } catch {
    return undefined;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
