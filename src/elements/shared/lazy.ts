/**
 * A part of the widgets loaded when first needed (a dynamic `import()`: in the
 * single-file bundle, a chunk beside it). `load()` starts it once and shares
 * the promise; a failure (offline, a 404 from a half-copied CDN folder) is
 * kept as an error a person can act on, and the next `load()` tries again.
 * Nothing here throws at import: callers show `error` and keep the rest of the
 * widget working.
 */
export class LazyPart<T> {
  #promise?: Promise<T>;
  #value?: T;
  #error?: Error;
  #failedAt = 0;

  /**
   * @param what - What the part does, completing "Could not load the part of the chat that …"
   * @param importer - The dynamic import.
   */
  constructor(
    readonly what: string,
    private readonly importer: () => Promise<T>,
  ) {}

  /** The module once loaded. */
  get value(): T | undefined {
    return this.#value;
  }

  /** Why the last attempt failed (cleared when a new attempt starts). */
  get error(): Error | undefined {
    return this.#error;
  }

  /** A load failed less than `ms` ago (callers that load on every paint wait before trying again). */
  failedWithin(ms: number): boolean {
    return this.#error !== undefined && Date.now() - this.#failedAt < ms;
  }

  /** Loads the part (once; again after a failure). Rejects with a {@link LazyPartError}. */
  load(): Promise<T> {
    if (this.#value !== undefined) return Promise.resolve(this.#value);
    this.#error = undefined;
    this.#promise ??= this.importer().then(
      (value) => (this.#value = value),
      (cause: unknown) => {
        this.#promise = undefined;
        this.#failedAt = Date.now();
        throw (this.#error = new LazyPartError(this.what, cause));
      },
    );
    return this.#promise;
  }
}

/**
 * What a feature sees of a lazily loaded part: load it, read it once loaded,
 * and why it failed. Features get one from the element (in <mcp-chat>, from
 * its one lazy boundary, chunks.ts) and never call `import()` themselves.
 */
export type Loader<T> = Pick<LazyPart<T>, 'what' | 'value' | 'error' | 'failedWithin' | 'load'>;

/** A part of the widget could not be loaded; the message says what to do. */
export class LazyPartError extends Error {
  constructor(what: string, cause: unknown) {
    super(`Could not load the part of the chat that ${what}. Check your connection and try again.`, { cause });
    this.name = 'LazyPartError';
  }
}
