/**
 * An `EventTarget` whose `addEventListener` / `removeEventListener` know the
 * event type of each name in `M` (any other name takes a plain `Event`): a
 * class `extends TypedEventTarget<McpHubEventMap>`, an interface
 * `extends TypedEventTarget<HistoryStoreEventMap>` (which a plain
 * `EventTarget` subclass still implements).
 */
export interface TypedEventTarget<M> extends EventTarget {
  addEventListener<K extends keyof M>(type: K, listener: (event: M[K]) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof M>(type: K, listener: (event: M[K]) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/** `EventTarget` itself at run time; typed by `M` for the compiler. */
export const TypedEventTarget = EventTarget as new <M>() => TypedEventTarget<M>;
