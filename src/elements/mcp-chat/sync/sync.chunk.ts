// The chat's sync code (the feature, its host, and through them history/sync:
// the engine and the HTTP adapter), loaded only when `sync` is set.
import { SyncFeature } from './sync-feature.js';
import { syncHost } from './sync-host.js';
import type { ChatSyncElement, ChatSyncInternals } from './contract.js';

export { SyncFeature } from './sync-feature.js';

/** Adds the chat's sync feature (it follows `sync` and the store in use from then on) and redraws the chat. */
export function attachSync(chat: ChatSyncElement, text: ChatSyncInternals['text'], features: ChatSyncInternals['features']): void {
  features.sync ??= new SyncFeature(syncHost(chat, { text, features }));
  chat.requestUpdate();
}
