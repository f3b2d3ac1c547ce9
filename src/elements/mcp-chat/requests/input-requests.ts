import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import type { ReactiveController } from 'lit';
import { jsonRpcCodeOf, type InputRequestContext } from '../../../mcp/input-types.js';
import { errorInWords } from '../error-words.js';
import { LazyPartError, type Loader } from '../../shared/lazy.js';
import type * as ElicitChunk from './elicit.chunk.js';
import type * as SamplingChunk from './sampling.chunk.js';
import type { InputRequestsHost } from './contract.js';
import { logElicitation } from './log-elicitation.js';
import type { SamplingPolicyHolder } from './sample-in-chat.js';

export type { InputRequestsHost } from './contract.js';

/** The forms loaded when a server first asks (given by the element: chunks.ts). */
export interface RequestChunks {
  readonly elicit: Loader<typeof ElicitChunk>;
  readonly sampling: Loader<typeof SamplingChunk>;
}

/**
 * What reaches the chat from outside its composer: images pasted or dropped,
 * and the servers' input requests (elicitation as `<mcp-elicit-form>`,
 * sampling as `<mcp-sampling-approval>`), each put under the tool call that
 * caused it (or above the composer) and logged to the conversation's
 * activity. Registered while the element is on the page.
 */
export class InputRequests implements ReactiveController {
  readonly #host: InputRequestsHost;
  #dispose?: () => void;
  /** The sampling policies, kept across requests (sample-in-chat.ts). */
  readonly #sampling: SamplingPolicyHolder = {};

  readonly #chunks: RequestChunks;

  constructor(host: InputRequestsHost, chunks: RequestChunks) {
    this.#host = host;
    this.#chunks = chunks;
    host.addController(this);
  }

  hostConnected(): void {
    const host = this.#host;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length) {
        event.preventDefault();
        void host.attachFiles(files);
      }
    };
    const onDragOver = (event: DragEvent) => {
      if ([...(event.dataTransfer?.items ?? [])].some((i) => i.kind === 'file')) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      const files = [...(event.dataTransfer?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      void host.attachFiles(files);
    };
    host.addEventListener('paste', onPaste as EventListener);
    host.addEventListener('dragover', onDragOver as EventListener);
    host.addEventListener('drop', onDrop as EventListener);
    const servers = host.servers;
    const offElicit = servers.handle('elicitation', (params, context) => this.#elicit(params, context));
    const offSampling = servers.handle('sampling', (params, context) => this.#sample(params, context));
    this.#dispose = () => {
      host.removeEventListener('paste', onPaste as EventListener);
      host.removeEventListener('dragover', onDragOver as EventListener);
      host.removeEventListener('drop', onDrop as EventListener);
      offElicit();
      offSampling();
    };
  }

  hostDisconnected(): void {
    this.#dispose?.();
    this.#dispose = undefined;
  }

  /**
   * Puts an element under the tool call that caused it, or in the request
   * area when no tool call is known. Returns a function that takes it down.
   */
  #place(element: HTMLElement, context?: InputRequestContext): () => void {
    const host = this.#host;
    const id = context?.toolCall?.toolUseId;
    const underCall = Boolean(id && host.calls.has(id, host.messages));
    if (underCall) {
      element.slot = `tool-${id}`;
      host.calls.attach(id!, element);
    } else {
      host.requestArea().append(element);
      host.requestUpdate();
    }
    // Once drawn (the chat, then the request itself): the request in view, its start first when it is taller than the list.
    void host.updateComplete
      .then(() => (element as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete)
      .then(() => (underCall ? host.showInList(element) : element.scrollIntoView?.({ block: 'nearest' })));
    return () => {
      if (underCall) host.calls.detach(id!, element);
      element.remove();
      host.requestUpdate();
    };
  }

  // The handling itself is in the forms' chunks (elicit-in-chat.ts, sample-in-chat.ts): loaded when a server first asks.
  async #elicit(params: ElicitRequestParams, context: InputRequestContext) {
    const host = this.#host;
    const requestedAt = Date.now();
    let code;
    try {
      code = this.#chunks.elicit.value ?? (await this.#chunks.elicit.load());
    } catch (error) {
      if (error instanceof LazyPartError) host.reportError('server', host.text.askedForInput(context.server.name, error.message), error);
      void logElicitation(host, params, context, requestedAt, { error: { code: jsonRpcCodeOf(error), message: errorInWords(error) } });
      throw error;
    }
    return code.elicitInChat(host, (element, ctx) => this.#place(element, ctx), params, context, requestedAt);
  }

  async #sample(params: Parameters<typeof SamplingChunk.sampleInChat>[3], context: InputRequestContext) {
    const host = this.#host;
    let code;
    try {
      code = this.#chunks.sampling.value ?? (await this.#chunks.sampling.load());
    } catch (error) {
      host.reportError('tool', host.text.askedForAnswer(context.server.name, (error as Error).message), error);
      throw error;
    }
    return code.sampleInChat(host, (element, ctx) => this.#place(element, ctx), this.#sampling, params, context);
  }
}
