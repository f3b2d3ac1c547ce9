// The sync's code (history/sync: the engine and the HTTP adapter), loaded
// only when `sync` is set.
export { startSync } from '../../../history/sync.js';
