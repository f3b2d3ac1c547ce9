import type { Message } from './types.js';

/**
 * `_meta` key of a message that stands in for a stored row that could not be
 * read; its value is `{ problem, raw }` (what is wrong, and the row as JSON).
 * Such a message is shown to the person and never sent to a model.
 */
export const UNREADABLE_META_KEY = 'mcp-elements/unreadable';

/** Whether `message` stands in for an unreadable stored row. */
export const isUnreadable = (message: Message): boolean => message._meta?.[UNREADABLE_META_KEY] !== undefined;
