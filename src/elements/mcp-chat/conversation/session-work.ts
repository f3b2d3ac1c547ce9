/**
 * Whether a turn or a tool call runs in a chat's session, and the promise
 * that says when it stops: the turn and the calls the person runs directly
 * (`SessionTurn`, `SessionCalls`) both start and stop it, so a call waits for
 * a turn and the other way round.
 */
export class SessionWork {
  #busy = false;
  #idle: Promise<void> = Promise.resolve();
  #end: () => void = () => {};
  readonly #changed: () => void;

  /** `changed`: the busy state changed (the element repaints). */
  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** A turn or a tool call runs. */
  get busy(): boolean {
    return this.#busy;
  }

  start(): void {
    this.#busy = true;
    this.#idle = new Promise((resolve) => (this.#end = resolve));
    this.#changed();
  }

  stop(): void {
    this.#busy = false;
    this.#end();
    this.#changed();
  }

  /** Resolves once no turn or call runs (at once when none does): waits on the end of the work, not a timer. */
  async whenIdle(): Promise<void> {
    while (this.#busy) await this.#idle;
  }
}
