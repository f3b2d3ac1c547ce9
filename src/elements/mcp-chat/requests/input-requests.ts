import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import type { ChatStrings } from '../strings.js';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Message } from '../../../content/index.js';
import type { HistoryStore } from '../../../history/index.js';
import type { ActivityResponse } from '../../../history/types.js';
import { jsonRpcCodeOf, type InputRequestContext } from '../../../mcp/input-types.js';
import type { ModelProvider } from '../../../providers/types.js';
import { serverKey } from '../../../mcp/server-key.js';
import type { createSamplingHandler } from '../../mcp-sampling-approval/register-sampling-approval.js';
import type { SamplingPolicies } from '../../mcp-sampling-approval/sampling-policies.js';
import { LazyPartError, type Loader } from '../../shared/lazy.js';
import type * as ElicitChunk from './elicit.chunk.js';
import type * as SamplingChunk from './sampling.chunk.js';
import { errorInWords } from '../error-words.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatErrorSource } from '../contract.js';
import type { ToolCalls } from '../conversation/tool-calls.js';


/** What the input requests need from their element. */
export interface InputRequestsHost extends ReactiveControllerHost, EventTarget {
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly servers: ServerSet;
  readonly provider: ModelProvider | undefined;
  readonly store: HistoryStore | undefined;
  readonly theme?: 'light' | 'dark';
  /** Where the chat keeps its settings; sampling policies are kept under it across reloads. */
  readonly storageKey: string;
  /** The saved conversation shown now, if any (activity is logged to it). */
  readonly conversationId: string | undefined;
  /** The calls, to put a request under the call that caused it. */
  readonly calls: ToolCalls;
  readonly messages: readonly Message[];
  /** Resolves once the message elements are defined and drawn (a request may go under a tool call's card). */
  messagesReady(): Promise<void>;
  /** Where a request not tied to a known call goes (above the composer). */
  requestArea(): HTMLElement;
  /** Brings a request shown under a tool call (inside the message list) into view and keeps it there. */
  showInList(element: HTMLElement): void;
  /** Files pasted or dropped on the chat. */
  attachFiles(files: File[]): Promise<void>;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

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
  #policies?: { storageKey: string; policies: SamplingPolicies };

  readonly #chunks: RequestChunks;

  constructor(host: InputRequestsHost, chunks: RequestChunks) {
    this.#host = host;
    this.#chunks = chunks;
    host.addController(this);
  }

  hostConnected(): void {
    const host = this.#host;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
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

  async #elicit(params: ElicitRequestParams, context: InputRequestContext) {
    const host = this.#host;
    let takeDown: (() => void) | undefined;
    const container = host.requestArea();
    const requestedAt = Date.now();
    let response: ActivityResponse | undefined;
    try {
      const { showElicitForm } = this.#chunks.elicit.value ?? (await this.#chunks.elicit.load());
      await host.messagesReady();
      const result = await showElicitForm(params, container, {
        server: { name: context.server.name, title: context.server.title },
        signal: context.signal,
        completed: context.completed,
        context,
        theme: host.theme,
        // The person sees the schema's defaults filled in (and can change them).
        applyDefaults: true,
        place: (form, _container, ctx) => {
          takeDown = this.#place(form, ctx);
        },
      });
      response = { result: { ...result } };
      return result;
    } catch (error) {
      if (error instanceof LazyPartError) host.reportError('server', host.text.askedForInput(context.server.name, error.message), error);
      response = { error: { code: jsonRpcCodeOf(error), message: errorInWords(error) } };
      throw error;
    } finally {
      takeDown?.();
      void this.#logElicitation(params, context, requestedAt, response);
    }
  }

  async #sample(params: Parameters<ReturnType<typeof createSamplingHandler>>[0], context: InputRequestContext) {
    const host = this.#host;
    let sampling;
    try {
      sampling = this.#chunks.sampling.value ?? (await this.#chunks.sampling.load());
    } catch (error) {
      host.reportError('tool', host.text.askedForAnswer(context.server.name, (error as Error).message), error);
      throw error;
    }
    const { createSamplingHandler } = sampling;
    await host.messagesReady();
    const element = document.createElement('mcp-sampling-approval');
    const provider = host.provider;
    element.provider = provider;
    if (host.theme) element.setAttribute('theme', host.theme);
    const takeDown = this.#place(element, context);
    try {
      const handler = createSamplingHandler(element, { provider, policies: this.#samplingPolicies(sampling.SamplingPolicies), store: host.store, conversationId: () => host.conversationId });
      return await handler(params, context);
    } catch (error) {
      host.reportError('tool', host.text.samplingFailed(context.server.name, errorInWords(error, host.text)), error);
      throw error;
    } finally {
      takeDown();
    }
  }

  /** One policy set for the chat's life, kept across reloads: the person's "approve automatically" holds. */
  #samplingPolicies(Policies: typeof SamplingPolicies): SamplingPolicies {
    const storageKey = this.#host.storageKey;
    if (this.#policies?.storageKey !== storageKey) {
      this.#policies = { storageKey, policies: Policies.persisted(`mcp-chat:sampling-policies:${storageKey}`) };
    }
    return this.#policies.policies;
  }

  /**
   * Writes an elicitation exchange (the request and what the person answered)
   * to the activity log of the open conversation, linked to the tool call that
   * caused it. Logging never disturbs the answer: a failed write is dropped.
   */
  async #logElicitation(params: ElicitRequestParams, context: InputRequestContext, requestedAt: number, response: ActivityResponse | undefined): Promise<void> {
    const store = this.#host.store;
    const conversationId = this.#host.conversationId;
    if (!store || !conversationId) return;
    await store
      .appendActivity({
        conversationId,
        kind: 'elicitation',
        toolUseId: context.toolCall?.toolUseId,
        server: serverKey(context.server.url),
        request: { method: 'elicitation/create', params: { ...params } },
        response,
        requestedAt,
        respondedAt: Date.now(),
      })
      .catch(() => {});
  }
}
