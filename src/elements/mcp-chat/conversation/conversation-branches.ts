import type { Message } from '../../../content/index.js';

/**
 * Marks a message that replaces part of the conversation (edit and resend,
 * regenerate): `_meta["mcp-elements/replaces"] = n` means "the conversation
 * now is its first `n` messages, then this one". The store is append-only,
 * so the messages it replaces stay saved (in the export, and for search):
 * nothing is lost; they are only left out of the visible conversation and of
 * what the model is sent.
 */
export const REPLACES_META_KEY = 'mcp-elements/replaces';

/** How many earlier messages a message keeps, when it replaces the rest. */
export function replacesFrom(message: Message): number | undefined {
  const value = (message._meta as Record<string, unknown> | undefined)?.[REPLACES_META_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The visible conversation of a stored sequence: each replacing message cuts
 * what came after its kept prefix. The result keeps the store's order.
 */
export function foldBranches<T extends Message>(stored: readonly T[]): T[] {
  let visible: T[] = [];
  for (const message of stored) {
    const keep = replacesFrom(message);
    if (keep !== undefined && keep <= visible.length) visible = visible.slice(0, keep);
    visible.push(message);
  }
  return visible;
}

/** The text of a message (its text blocks), as the Copy action copies it. */
export function messageText(message: Message): string {
  return message.content
    .filter((b): b is Extract<typeof b, { type: 'text' }> => b.type === 'text')
    .map((b) => b.text)
    .join('\n\n');
}
