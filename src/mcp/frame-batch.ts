/**
 * Pacing of what a server may send in floods (progress and log
 * notifications): the connection hands them on at most once per animation
 * frame, so a page's listeners (a chat re-rendering, a tool card's progress
 * bar) do their work once per frame however many notifications came in it.
 * A server sending 10,000 notifications a second otherwise makes the page do
 * 10,000 renders a second, and one read of the stream can hold thousands of
 * them (issue 26 §7).
 */

/** Longest wait for a frame: a hidden tab runs no animation frames, and timers still fire there (throttled). */
const FRAME_FALLBACK_MS = 100;

/**
 * Calls `run` once, at the next animation frame (or after
 * {@link FRAME_FALLBACK_MS} when none comes: a hidden tab, Node). Returns a
 * function that cancels it.
 */
export function onNextFrame(run: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    run();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fire) : undefined;
  const timer = setTimeout(fire, frame === undefined ? 16 : FRAME_FALLBACK_MS);
  return () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}

/**
 * The latest of a stream of values, handed to `deliver` at most once per
 * frame; constant work per value. `flush()` delivers a waiting value now,
 * `cancel()` drops it (the call it belonged to is over).
 */
export class LatestPerFrame<T> {
  #value?: { v: T };
  #cancel?: () => void;

  constructor(private readonly deliver: (value: T) => void) {}

  push(value: T): void {
    this.#value = { v: value };
    this.#cancel ??= onNextFrame(() => this.flush());
  }

  flush(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    const value = this.#value;
    this.#value = undefined;
    if (value) this.deliver(value.v);
  }

  cancel(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#value = undefined;
  }
}

/**
 * Items handed to `deliver` in order, all of one frame together; at most
 * `max` wait for a frame: past it the oldest are dropped and counted
 * (`deliver`'s second argument), so a flood costs bounded memory and work.
 */
export class BatchPerFrame<T> {
  #items: T[] = [];
  #head = 0;
  #dropped = 0;
  #cancel?: () => void;

  constructor(
    private readonly deliver: (items: T[], dropped: number) => void,
    private readonly max: number,
  ) {}

  push(item: T): void {
    this.#items.push(item);
    if (this.#items.length - this.#head > this.max) {
      this.#head++;
      this.#dropped++;
      // Compact now and then: the drop stays constant work per item, amortized.
      if (this.#head > this.max) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
    }
    this.#cancel ??= onNextFrame(() => this.flush());
  }

  flush(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    const items = this.#items.slice(this.#head);
    const dropped = this.#dropped;
    this.#items = [];
    this.#head = 0;
    this.#dropped = 0;
    if (items.length || dropped) this.deliver(items, dropped);
  }

  cancel(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#items = [];
    this.#head = 0;
    this.#dropped = 0;
  }
}
