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

  /** Progress arrived: the server is alive and working. */
  progressed(): void {
    this.arm();
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
    this.timer = setTimeout(() => this.onTimeout(this), Math.min(this.timeoutMs, MAX_TIMER_MS));
  }
}
