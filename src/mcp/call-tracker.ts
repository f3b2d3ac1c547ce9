import type { McpConnectionError } from './errors.js';

/** Default idle limit of a tool call that is not waiting on a person: 10 minutes. */
export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60_000;

/** setTimeout overflows above 2^31-1 ms and would fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * One tool call under way on a connection: what the router tells handlers
 * about it, and its own timer. The timer runs only while no input request of
 * this call is waiting on a person, and restarts on every progress
 * notification and after each answer: a call never times out while a person
 * answers (the router's explicit wait limit covers that).
 */
export class ActiveCall {
  readonly controller = new AbortController();
  /** Set when this layer ended the call (timeout, connection lost, stopped): the error the caller gets. */
  failure?: McpConnectionError;
  private waiting = 0;
  private timer?: ReturnType<typeof setTimeout>;
  /** When the server last showed it is working (the call started, progress, an answer given). */
  private heardAt = Date.now();

  constructor(
    readonly tag: string,
    readonly name: string,
    readonly args: Record<string, unknown>,
    readonly toolUseId: string | undefined,
    private readonly timeoutMs: number,
    private readonly onTimeout: (call: ActiveCall) => void,
  ) {
    this.arm();
  }

  /** Ends the call with `error` (aborting the SDK request, which cancels it on the server). */
  fail(error: McpConnectionError): void {
    if (this.controller.signal.aborted) return;
    this.failure = error;
    this.stop();
    this.controller.abort(error);
  }

  /**
   * Progress arrived: the server is alive and working. Constant work: the
   * time is noted, and the timer, when it fires, waits again for what is
   * left (a server sending thousands a second must not restart a timer each).
   */
  progressed(): void {
    this.heardAt = Date.now();
    if (this.timer === undefined) this.arm();
  }

  /** An input request of this call went to a person; returns the function to call when it is answered. */
  beginInput(): () => void {
    this.waiting++;
    this.stop();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.waiting--;
      this.arm();
    };
  }

  /** Clears the timer (the call settled). */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    this.stop();
    if (this.waiting > 0 || this.controller.signal.aborted || !Number.isFinite(this.timeoutMs)) return;
    this.heardAt = Date.now();
    const wait = (ms: number) => {
      this.timer = setTimeout(
        () => {
          const idle = Date.now() - this.heardAt;
          if (idle < this.timeoutMs) wait(this.timeoutMs - idle);
          else {
            this.timer = undefined;
            this.onTimeout(this);
          }
        },
        Math.min(ms, MAX_TIMER_MS),
      );
    };
    wait(this.timeoutMs);
  }
}

/**
 * The tool calls under way on one connection, and which of them caused each
 * server request: on 2025 servers by the response stream the request came on
 * (see fetch-tap), on 2026 servers by the `input_required` round the SDK is
 * fulfilling for that call. When neither says, the only call under way.
 */
export class CallRegistry {
  private readonly calls = new Map<string, ActiveCall>();
  private readonly requestCalls = new Map<string | number, string>();
  private roundCall?: ActiveCall;
  private readonly completions = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  private nextTag = 1;

  constructor(private readonly prefix: string) {}

  /** Registers a new call; `onTimeout` runs when its timer fires. */
  start(
    name: string,
    args: Record<string, unknown>,
    toolUseId: string | undefined,
    timeoutMs: number,
    onTimeout: (call: ActiveCall) => void,
  ): ActiveCall {
    const call = new ActiveCall(`${this.prefix}-call-${this.nextTag++}`, name, args, toolUseId, timeoutMs, onTimeout);
    this.calls.set(call.tag, call);
    return call;
  }

  /** The call settled. */
  end(call: ActiveCall): void {
    call.stop();
    this.calls.delete(call.tag);
    for (const [id, tag] of this.requestCalls) if (tag === call.tag) this.requestCalls.delete(id);
  }

  get(tag: string): ActiveCall | undefined {
    return this.calls.get(tag);
  }

  /** Every call under way. */
  all(): ActiveCall[] {
    return [...this.calls.values()];
  }

  /** A server request with JSON-RPC `id` arrived on the stream of call `tag` (2025). */
  serverRequest(id: string | number, tag: string): void {
    this.requestCalls.set(id, tag);
  }

  /** The SDK starts an `input_required` round of `call` (2026): its handlers run in this same tick. */
  roundStarting(call: ActiveCall): void {
    this.roundCall = call;
    queueMicrotask(() => {
      if (this.roundCall === call) this.roundCall = undefined;
    });
  }

  /** The call that caused a server request; read it synchronously when the request arrives. */
  callFor(era: 'legacy' | 'modern', requestId: string | number): ActiveCall | undefined {
    const tagged = era === 'modern' ? this.roundCall : this.calls.get(this.requestCalls.get(requestId) ?? '');
    return tagged ?? (this.calls.size === 1 ? this.all()[0] : undefined);
  }

  /** Resolves when `notifications/elicitation/complete` arrives for `elicitationId` (2025). */
  completion(elicitationId: string): Promise<void> {
    let entry = this.completions.get(elicitationId);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      this.completions.set(elicitationId, entry);
      // Bounded: ids of finished elicitations are not needed for long.
      if (this.completions.size > 200) this.completions.delete(this.completions.keys().next().value as string);
    }
    return entry.promise;
  }

  /** The server says the elicitation `elicitationId` is complete. */
  complete(elicitationId: string): void {
    void this.completion(elicitationId);
    this.completions.get(elicitationId)?.resolve();
  }
}
