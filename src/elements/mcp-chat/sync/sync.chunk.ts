// The chat's sync code (the feature, its host, and through them history/sync:
// the engine and the HTTP adapter), loaded only when `sync` is set.
import { SyncFeature } from './sync-feature.js';
import { syncHost } from './sync-host.js';
import type { ChatSyncElement, ChatSyncInternals } from './contract.js';

export { SyncFeature } from './sync-feature.js';

/** The chat's sync feature (it follows `sync` and the store in use from then on), built with what only the element knows. */
export function attachSync(chat: ChatSyncElement, own: ChatSyncInternals): SyncFeature {
  return new SyncFeature(syncHost(chat, own));
}
