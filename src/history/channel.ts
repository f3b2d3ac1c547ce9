import { HistoryChangeEvent } from './store.js';
import type { HistoryChange } from './types.js';

/**
 * Tells the store's own listeners and every other connection to the same
 * database (other tabs, workers, or a second `openHistory` in this page)
 * about a committed change. BroadcastChannel never echoes to the sender, so
 * the local event is dispatched here directly. Without BroadcastChannel only
 * local listeners hear of changes.
 */
export class ChangeChannel {
  readonly #target: EventTarget;
  readonly #channel: BroadcastChannel | undefined;

  constructor(dbName: string, target: EventTarget) {
    this.#target = target;
    this.#channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`mcp-elements-history:${dbName}`);
    this.#channel?.addEventListener('message', (event: MessageEvent<HistoryChange>) => {
      target.dispatchEvent(new HistoryChangeEvent(event.data, true));
    });
  }

  /** Announces a committed change here and in the other tabs. */
  emit(change: HistoryChange): void {
    this.#channel?.postMessage(change);
    this.#target.dispatchEvent(new HistoryChangeEvent(change, false));
  }

  close(): void {
    this.#channel?.close();
  }
}
