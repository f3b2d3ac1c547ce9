/**
 * The on-device engine: wllama (llama.cpp compiled to WebAssembly). This
 * module is the lazy chunk: only on-device-provider.ts imports it, with a
 * dynamic `import()`, so neither it nor wllama is part of any first load.
 *
 * - Inference runs in a Web Worker that wllama starts itself (its worker code
 *   is inlined and started from a `blob:` URL; the page's CSP must allow
 *   `worker-src blob:` and `script-src 'wasm-unsafe-eval'`). The main thread
 *   only posts messages and reads results, so the page stays responsive.
 * - The model file comes from model-store.ts (downloaded, checked and kept
 *   by this package, not by wllama's cache): `load` takes the stored file.
 * - The WebAssembly file: `settings.wasmUrl`, else the page's
 *   `globalThis.mcpWebElementsWasmUrl`, else the file beside the engine's
 *   own code: in this repository `src/wllama.wasm` (a symbolic link into
 *   node_modules, served by Vite in development and tests); in the package,
 *   the dependency's own `@wllama/wllama/esm/wasm/wllama.wasm` (the build
 *   rewrites the address: scripts/wasm-path.mjs; the package does not carry a
 *   second copy); in the single-file bundle, that version of the dependency
 *   on jsDelivr (vite.bundle.config.ts).
 *
 * Imported from `@wllama/wllama/esm/index.js`, its built module: the package's
 * `main` names an `index.js` it does not ship (Vite falls back to its
 * TypeScript sources; Next.js's Turbopack and webpack fail to resolve it).
 */
import { Wllama, WllamaAbortError, type ChatCompletionChunk } from '@wllama/wllama/esm/index.js';
import type { Engine, EngineRequest, EngineResult, OnDeviceSettings } from './on-device-types.js';

/** Path of the WebAssembly file from this module (rewritten for the bundle's chunks by vite.bundle.config.ts). */
const WASM_FILE = '../../wllama.wasm';

/** Thrown by {@link Engine.generate} when the caller's signal stopped it. */
export class GenerationAbortedError extends Error {
  override name = 'AbortError';
}

/** Creates the wllama engine (nothing starts until `load`). */
export function createWllamaEngine(settings: Pick<OnDeviceSettings, 'wasmUrl' | 'contextSize' | 'threads'>): Engine {
  const wasm =
    settings.wasmUrl ??
    (globalThis as { mcpWebElementsWasmUrl?: string }).mcpWebElementsWasmUrl ??
    new URL(/* @vite-ignore */ WASM_FILE, import.meta.url).href;
  const quiet = {
    debug: () => {},
    log: () => {},
    warn: (...a: unknown[]) => console.warn('[on-device model]', ...a),
    error: (...a: unknown[]) => console.error('[on-device model]', ...a),
  };
  const fresh = () => new Wllama({ default: wasm }, { suppressNativeLog: true, logger: quiet, allowOffline: true });
  let wllama = fresh();
  let loadedKey: string | undefined;

  return {
    async load(key, file) {
      if (loadedKey === key && wllama.isModelLoaded()) return;
      if (wllama.isModelLoaded()) {
        await wllama.exit();
        wllama = fresh();
      }
      await wllama.loadModel([file], {
        n_ctx: settings.contextSize ?? 4096,
        ...(settings.threads ? { n_threads: settings.threads } : {}),
      });
      // wllama 3.x resolves even when llama.cpp could not read the file: check what it loaded.
      const info = wllama.getLoadedContextInfo() as { success?: boolean; n_vocab?: number };
      if (info.success === false || !info.n_vocab) {
        await wllama.exit().catch(() => {});
        wllama = fresh();
        throw new Error('llama.cpp could not read it as a GGUF model (is the file complete, and a GGUF file?)');
      }
      loadedKey = key;
    },

    async unload(key) {
      if (loadedKey !== key) return;
      await wllama.exit();
      loadedKey = undefined;
      wllama = fresh();
    },

    async generate(request: EngineRequest): Promise<EngineResult> {
      let last: ChatCompletionChunk | undefined;
      let finish: string | null | undefined;
      try {
        await wllama.createChatCompletion({
          messages: request.messages,
          grammar: request.grammar,
          max_tokens: request.maxTokens,
          temperature: request.temperature,
          ...(request.stop?.length ? { stop: request.stop } : {}),
          stream: true,
          abortSignal: request.signal,
          onData: (chunk: ChatCompletionChunk) => {
            last = chunk;
            const choice = chunk.choices?.[0];
            if (choice?.finish_reason) finish = choice.finish_reason;
            const text = choice?.delta?.content;
            if (text) request.onText(text);
          },
        });
      } catch (error) {
        if (error instanceof WllamaAbortError || request.signal?.aborted) throw new GenerationAbortedError('stopped');
        throw error;
      }
      if (request.signal?.aborted) throw new GenerationAbortedError('stopped');
      const usage = last?.usage;
      return {
        finish: finish ?? 'stop',
        ...(usage ? { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } : {}),
      };
    },

    async dispose() {
      loadedKey = undefined;
      await wllama.exit();
      wllama = fresh();
    },
  };
}
