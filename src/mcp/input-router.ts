import type { CreateMessageRequestParams, ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import type { InputHandlers, InputKind, InputRequestContext, Root } from './input-types.js';
import { InputRequestError, InputRequestErrorKind } from './input-request-error.js';

/** The parameters a request of each kind carries (roots/list has none). */
export interface InputParams {
  sampling: CreateMessageRequestParams;
  elicitation: ElicitRequestParams;
  roots: undefined;
}

/** What a handler of each kind resolves with. */
export interface InputResults {
  sampling: Awaited<ReturnType<InputHandlers['sampling']>>;
  elicitation: ElicitResult;
  roots: Root[];
}

/** One input request the router holds: waiting in the queue or shown to the person. */
export interface PendingInputRequest<K extends InputKind = InputKind> {
  /** Unique within this router; stable for the request's lifetime. */
  readonly id: string;
  readonly kind: K;
  readonly params: InputParams[K];
  readonly context: InputRequestContext;
  /** `'queued'` waits behind another request of the same kind; `'active'` is with its handler. */
  status: 'queued' | 'active';
  /** When the router received it (ms since epoch). */
  readonly receivedAt: number;
}

/** Options of {@link InputRouter}. */
export interface InputRouterOptions {
  /**
   * How long one request may wait for its answer (queue time included) before
   * the router gives up on it: its `signal` aborts, an elicitation is answered
   * `cancel`, other kinds get a JSON-RPC error. Explicit on purpose: a person
   * may take minutes. Default 10 minutes; `Infinity` disables the limit.
   */
  waitLimitMs?: number;
  /** How many answered request ids are remembered to answer replays (default 1000). */
  rememberAnswers?: number;
}

/** What a connection hands the router for one request. */
export interface InputDispatch<K extends InputKind> {
  kind: K;
  params: InputParams[K];
  /** Context without `signal`: the router makes the signal (it aborts on `signals`, the wait limit, and close). */
  context: Omit<InputRequestContext, 'signal'>;
  /** Signals that end the request early: the server cancelled, the tool call was stopped, the connection closed. */
  signals?: AbortSignal[];
  /**
   * Identity of the server's request for de-duplication (e.g. connection, session
   * and JSON-RPC id). A request whose key was seen gets the same promise: a
   * replayed request never prompts the person twice. Omit when the SDK already
   * guarantees a single dispatch (2026 `input_required` rounds).
   */
  dedupeKey?: string;
}

/** Default explicit wait limit for a person to answer: 10 minutes. */
export const DEFAULT_INPUT_WAIT_LIMIT_MS = 10 * 60_000;

// setTimeout overflows above 2^31-1 ms and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

interface Entry {
  pending: PendingInputRequest;
  controller: AbortController;
  start: () => void;
  promise: Promise<unknown>;
}

/** The router's events, for typed `addEventListener`. */
export interface InputRouterEventMap {
  /** A request was queued, shown or settled: re-read `pending`. */
  change: Event;
}

/** Typed listeners for the router's events. */
export interface InputRouter {
  addEventListener<K extends keyof InputRouterEventMap>(
    type: K,
    listener: (event: InputRouterEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof InputRouterEventMap>(
    type: K,
    listener: (event: InputRouterEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/**
 * The single router for server-to-client input requests (sampling,
 * elicitation, roots) of every connection and both protocol eras.
 *
 * - Handlers: `router.handle(kind, handler)` returns an unregister function.
 *   Registrations stack: the latest one answers; unregistering it restores the
 *   previous one (an element shown on top of a headless default, say).
 * - Queue: requests of one kind reach their handler one at a time, in arrival
 *   order; {@link pending} lists what waits and what is shown, and a `change`
 *   event fires whenever that list changes (a UI can show "2 more waiting").
 * - De-duplication: a request whose `dedupeKey` was already seen gets the same
 *   answer promise (servers replay events after errors).
 * - Waiting: there is no timeout while a person answers except the explicit
 *   `waitLimitMs`; the request's `signal` aborts when it passes, when the server
 *   cancels, when the tool call is stopped, or when the connection closes.
 * - No handler: the request is refused with a JSON-RPC error that says so.
 */
export class InputRouter extends EventTarget {
  readonly waitLimitMs: number;
  private readonly handlers: { [K in InputKind]: InputHandlers[K][] } = { sampling: [], elicitation: [], roots: [] };
  private readonly queues: Record<InputKind, Entry[]> = { sampling: [], elicitation: [], roots: [] };
  private readonly seen = new Map<string, Promise<unknown>>();
  private readonly rememberAnswers: number;
  private nextId = 1;

  constructor(options: InputRouterOptions = {}) {
    super();
    this.waitLimitMs = options.waitLimitMs ?? DEFAULT_INPUT_WAIT_LIMIT_MS;
    this.rememberAnswers = options.rememberAnswers ?? 1000;
  }

  /** Registers `handler` for `kind`; the returned function unregisters it. */
  handle<K extends InputKind>(kind: K, handler: InputHandlers[K]): () => void {
    const list = this.handlers[kind] as InputHandlers[K][];
    list.push(handler);
    return () => {
      const index = list.lastIndexOf(handler);
      if (index >= 0) list.splice(index, 1);
    };
  }

  /** Whether a handler is registered for `kind`. */
  has(kind: InputKind): boolean {
    return this.handlers[kind].length > 0;
  }

  /** Requests waiting or shown, oldest first. */
  get pending(): PendingInputRequest[] {
    return (Object.keys(this.queues) as InputKind[]).flatMap((k) => this.queues[k].map((e) => e.pending));
  }

  /** Cancels a pending request (the person closed it): its signal aborts and it is answered as cancelled. */
  cancel(id: string, reason = 'Cancelled by the person'): void {
    for (const queue of Object.values(this.queues)) {
      const entry = queue.find((e) => e.pending.id === id);
      if (entry) entry.controller.abort(new InputRequestError(InputRequestErrorKind.Cancelled, reason));
    }
  }

  /** Routes one request to its handler (after the ones before it) and resolves with the answer. */
  dispatch<K extends InputKind>(request: InputDispatch<K>): Promise<InputResults[K]> {
    if (request.dedupeKey !== undefined) {
      const earlier = this.seen.get(request.dedupeKey);
      if (earlier) return earlier as Promise<InputResults[K]>;
    }
    const promise = this.enqueue(request);
    if (request.dedupeKey !== undefined) {
      this.seen.set(request.dedupeKey, promise);
      // Forget the oldest answers; Map keeps insertion order.
      while (this.seen.size > this.rememberAnswers) this.seen.delete(this.seen.keys().next().value as string);
      promise.catch(() => {});
    }
    return promise;
  }

  private enqueue<K extends InputKind>(request: InputDispatch<K>): Promise<InputResults[K]> {
    const { kind } = request;
    const controller = new AbortController();
    const pending: PendingInputRequest<K> = {
      id: `input-${this.nextId++}`,
      kind,
      params: request.params,
      context: { ...request.context, signal: controller.signal },
      status: 'queued',
      receivedAt: Date.now(),
    };
    const cleanups: (() => void)[] = [];
    for (const signal of request.signals ?? []) {
      const onAbort = () => {
        const reason: unknown = signal.reason;
        const message = reason instanceof Error && reason.name !== 'AbortError' ? reason.message : 'The request was cancelled';
        controller.abort(new InputRequestError(InputRequestErrorKind.Cancelled, message, reason));
      };
      if (signal.aborted) onAbort();
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
    }
    if (Number.isFinite(this.waitLimitMs)) {
      const timer = setTimeout(
        () =>
          controller.abort(
            new InputRequestError(
              InputRequestErrorKind.WaitLimit,
              `No answer within the wait limit of ${Math.round(this.waitLimitMs / 1000)} s`,
            ),
          ),
        Math.min(this.waitLimitMs, MAX_TIMER_MS),
      );
      cleanups.push(() => clearTimeout(timer));
    }

    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(controller.signal.reason);
      if (controller.signal.aborted) fail();
      else controller.signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => {});

    const run = async (): Promise<InputResults[K]> => {
      await Promise.race([started, aborted]);
      const handler = this.handlers[kind].at(-1) as InputHandlers[K] | undefined;
      if (!handler) {
        throw new InputRequestError(
          InputRequestErrorKind.NoHandler,
          `This client has no handler for ${kind === 'roots' ? 'roots/list' : kind} requests`,
        );
      }
      pending.status = 'active';
      this.changed();
      const answer = invoke(kind, handler, request.params, pending.context);
      return (await Promise.race([answer, aborted])) as InputResults[K];
    };

    const entry: Entry = { pending, controller, start, promise: Promise.resolve() };
    const queue = this.queues[kind];
    const settled = run()
      .catch((error: unknown) => this.onFailure(kind, error))
      .finally(() => {
        for (const cleanup of cleanups) cleanup();
        const index = queue.indexOf(entry);
        if (index >= 0) queue.splice(index, 1);
        if (!controller.signal.aborted) controller.abort(new InputRequestError(InputRequestErrorKind.Cancelled, 'Answered'));
        queue[0]?.start();
        this.changed();
      });
    entry.promise = settled;
    queue.push(entry);
    if (queue.length === 1) start();
    this.changed();
    return settled as Promise<InputResults[K]>;
  }

  /**
   * An elicitation that ends without an answer (wait limit, cancellation) is
   * answered `cancel`, the spec's "dismissed" action; everything else becomes
   * a JSON-RPC error for the server.
   */
  private onFailure(kind: InputKind, error: unknown): InputResults[InputKind] {
    if (
      kind === 'elicitation' &&
      error instanceof InputRequestError &&
      (error.kind === InputRequestErrorKind.WaitLimit || error.kind === InputRequestErrorKind.Cancelled)
    ) {
      return { action: 'cancel' };
    }
    throw error;
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}

function invoke<K extends InputKind>(
  kind: K,
  handler: InputHandlers[K],
  params: InputParams[K],
  context: InputRequestContext,
): Promise<unknown> {
  // Called inside an async function: a handler that throws synchronously rejects.
  if (kind === 'roots') return Promise.resolve((handler as InputHandlers['roots'])(context));
  if (kind === 'sampling') return (handler as InputHandlers['sampling'])(params as CreateMessageRequestParams, context);
  return (handler as InputHandlers['elicitation'])(params as ElicitRequestParams, context);
}
