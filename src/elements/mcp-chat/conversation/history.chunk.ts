// The conversation store (IndexedDB, or memory where it is unavailable):
// loaded after the chat has painted, to reopen the last conversation.
export { openHistory } from '../../../history/idb-store.js';
export { createMemoryHistory } from '../../../history/memory-store.js';
// Saving a conversation's messages: the first save waits for this chunk (it is loaded after the first paint anyway).
export { saveMessages } from '../../../history/save.js';
