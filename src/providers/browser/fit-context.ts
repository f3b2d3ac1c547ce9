/**
 * Keeping a conversation inside the browser model's context window: the
 * oldest turns are left out, whole, never the system prompt or the person's
 * new message, and never half a tool call (a result without its call).
 */
import { CONTEXT_META_KEY } from '../../content/fit-context.js';

/** What {@link fitHistory} decided. */
export interface HistoryFit {
  /** Index of the first history message kept (0 = all kept; `history.length` = none kept). */
  start: number;
  /** Tokens the kept messages take, as measured. */
  used: number;
}

/**
 * Keeps the newest history messages whose measured sizes add up to at most
 * `budget` tokens, starting at a turn boundary (`turnStarts[i]` true: a
 * person's message that is not only tool results). Measures newest first and
 * stops at the first message that does not fit, so a long conversation costs
 * few measurements. `budget` of Infinity keeps everything unmeasured.
 */
export async function fitHistory(
  count: number,
  turnStarts: readonly boolean[],
  budget: number,
  measure: (index: number) => Promise<number>,
): Promise<HistoryFit> {
  if (!Number.isFinite(budget)) return { start: 0, used: 0 };
  let used = 0;
  let start = count;
  const sizes: number[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const size = await measure(i);
    if (used + size > budget) break;
    sizes[i] = size;
    used += size;
    start = i;
  }
  // Move forward to a turn boundary: a kept tool result must have its call.
  while (start < count && !turnStarts[start]) {
    used -= sizes[start] ?? 0;
    start += 1;
  }
  return { start, used };
}

/** The note a result carries in `_meta` when old messages were left out (see `BROWSER_CONTEXT_META_KEY`). */
export interface ContextNotice {
  /** How many messages of the conversation the model did not see. */
  droppedMessages: number;
  /** The model's context window, in tokens. */
  contextWindow: number;
  /** A sentence for the person. */
  notice: string;
}

/** The `_meta` key of a {@link ContextNotice} in a provider result (the content layer's `CONTEXT_META_KEY`). */
export const BROWSER_CONTEXT_META_KEY: typeof CONTEXT_META_KEY = CONTEXT_META_KEY;

/** The notice for `dropped` left-out messages. */
export function contextNotice(dropped: number, contextWindow: number): ContextNotice {
  return {
    droppedMessages: dropped,
    contextWindow,
    notice: `The browser's model holds about ${contextWindow} tokens, so it did not see the ${dropped === 1 ? 'oldest message' : `${dropped} oldest messages`} of this conversation.`,
  };
}
