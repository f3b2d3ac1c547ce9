// The chat's sync code (the feature, and through it history/sync: the engine
// and the HTTP adapter), loaded only when `sync` is set.
export { SyncFeature } from './sync-feature.js';
