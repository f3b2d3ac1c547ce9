// The conversation store (IndexedDB, or memory where it is unavailable):
// loaded after the chat has painted, to reopen the last conversation.
export { openHistory } from '../../../history/idb-store.js';
export { createMemoryHistory } from '../../../history/memory-store.js';
