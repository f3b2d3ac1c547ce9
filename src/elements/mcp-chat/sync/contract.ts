// What the chat's sync feature (in the sync chunk) needs from the element.
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
  /** The open conversation's id (what "Share this conversation" shares). */
  readonly conversationId: string | undefined;
  /** The share link's id this page was opened with (`#mcp-share=ID` in its address), if any. */
  readonly sharedId: string | undefined;
  /** The address of this page that opens the share `id` (`#mcp-share=ID`). */
  shareLink(id: string): string;
  /** Shows a shared conversation read-only: its store in place of the chat's, that conversation open. */
  showShared(store: HistoryStore, conversationId: string | undefined): Promise<void>;
  reportError(source: 'history', message: string, error: unknown): void;
}

/** The element as the sync chunk reads it (its public surface). */
export interface ChatSyncElement extends ReactiveControllerHost, Pick<Element, 'toggleAttribute'> {
  readonly sync?: string;
  readonly storageKey: string;
  readonly syncToken?: SyncTokenSource;
  /** The history store in use, once open. */
  readonly chatStore: HistoryStore | undefined;
  readonly panel?: string;
  newConversation(): void;
  store?: HistoryStore | null;
  openConversation(id: string): Promise<void>;
  readonly session: { readonly conversation?: { readonly id: string } | undefined };
}

/** What only the element knows, as the sync chunk reads it: its text, where errors are said, and the conversation list to refresh. */
export interface ChatSyncInternals {
  readonly text: { readonly t: ChatStrings };
  reportError(source: 'history', message: string, error: unknown): void;
  /** The conversation list shows what the sync changed. */
  refreshConversations(): void;
}
