// What the chat's sync needs from the element (both the first-load part and the feature in the sync chunk).
import type { ReactiveControllerHost } from 'lit';
import type { HistoryStore } from '../../../history/index.js';
import type { SyncTokenSource } from '../../../history/sync-contract.js';
import type { ChatStrings } from '../strings.js';

/** What the sync feature needs from the element. */
export interface ChatSyncHost extends ReactiveControllerHost {
  readonly text: ChatStrings;
  /** The element's `sync`: the sync server's base address. */
  readonly syncUrl: string | undefined;
  /** The element's `storage-key`: names this store's sync state (with the address). */
  readonly storageKey: string;
  /** The element's `syncToken`, read each time a token is needed. */
  readonly syncToken: SyncTokenSource | undefined;
  /** The history store in use, once open. */
  readonly syncStore: HistoryStore | undefined;
  /** The store's conversations changed by the sync (the list is read again). */
  syncChanged(): void;
  /** This device's copy was removed: the chat starts an empty conversation. */
  syncCleared(): void;
  reportError(source: 'history', message: string, error: unknown): void;
}
