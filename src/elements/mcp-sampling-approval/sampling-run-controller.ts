import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { ProviderResult } from '../../providers/index.js';
import type { SamplingProvider } from './sampling-types.js';

/**
 * The text a streaming delta adds to the live preview: text pieces as they
 * are, a tool call as its name then its input's JSON text as it arrives
 * (the providers' `ProviderDelta`; a bare string is taken as text).
 */
export function deltaText(delta: unknown): string {
  if (typeof delta === 'string') return delta;
  if (typeof delta !== 'object' || delta === null) return '';
  const d = delta as { type?: unknown; text?: unknown; name?: unknown; argumentsDelta?: unknown };
  switch (d.type) {
    case 'text':
      return typeof d.text === 'string' ? d.text : '';
    case 'tool-call-start':
      return `\n[tool call: ${String(d.name)}] `;
    case 'tool-call-delta':
      return typeof d.argumentsDelta === 'string' ? d.argumentsDelta : '';
    default:
      return '';
  }
}

/** How one model run ended. */
export type RunOutcome = { kind: 'done'; result: ProviderResult } | { kind: 'stopped'; text: string } | { kind: 'failed'; error: Error };

/**
 * Runs the provider for the element: keeps the streamed text for the live
 * preview, stops on the person's Stop or when the request is cancelled, and
 * aborts when the element leaves the page. A run started after another one
 * replaces it; the older one's outcome is dropped by the caller via `id`.
 */
export class SamplingRunController implements ReactiveController {
  /** Text streamed so far by the current run. */
  text = '';
  /** True while a run is under way. */
  running = false;
  #abort?: AbortController;
  #stoppedByPerson = false;
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#abort?.abort(new DOMException('The sampling view was removed', 'AbortError'));
  }

  /** Stops the current run; its outcome becomes `stopped` with the text so far. */
  stop(): void {
    if (!this.running) return;
    this.#stoppedByPerson = true;
    this.#abort?.abort(new DOMException('Stopped by the person', 'AbortError'));
  }

  /** Runs `provider` on `params`. `cancel` is the request's own signal (server cancelled, call stopped). */
  async run(
    provider: SamplingProvider,
    params: CreateMessageRequestParams,
    model: string | undefined,
    cancel?: AbortSignal,
  ): Promise<RunOutcome> {
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    this.#stoppedByPerson = false;
    const onCancel = () => abort.abort(cancel?.reason);
    cancel?.addEventListener('abort', onCancel, { once: true });
    this.text = '';
    this.running = true;
    this.#host.requestUpdate();
    try {
      const result = await provider.createMessage(params, {
        signal: abort.signal,
        model,
        onDelta: (delta) => {
          if (this.#abort !== abort) return;
          this.text += deltaText(delta);
          this.#host.requestUpdate();
        },
      });
      if (abort.signal.aborted && this.#stoppedByPerson) return { kind: 'stopped', text: this.text };
      return { kind: 'done', result };
    } catch (error) {
      if (this.#stoppedByPerson) return { kind: 'stopped', text: this.text };
      return { kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) };
    } finally {
      cancel?.removeEventListener('abort', onCancel);
      if (this.#abort === abort) {
        this.running = false;
        this.#host.requestUpdate();
      }
    }
  }
}
