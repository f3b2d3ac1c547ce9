import { blockSize } from './bound-results.js';
import type { Message, MessageBlock } from './types.js';

/** Default budget of one request's conversation: 400,000 characters (about 100,000 tokens). */
export const DEFAULT_MAX_CONTEXT_CHARS = 400_000;
/** Default most messages one request carries. */
export const DEFAULT_MAX_CONTEXT_MESSAGES = 1000;

/** Bounds of {@link fitContext}. */
export interface ContextBudget {
  /** Most characters of conversation (text, tool calls and results, data) one request carries. */
  maxChars: number;
  /** Most messages one request carries (default {@link DEFAULT_MAX_CONTEXT_MESSAGES}). */
  maxMessages?: number;
}

/** What {@link fitContext} returns: the messages to send and what it left out. */
export interface ContextFit {
  messages: Message[];
  /** Oldest messages left out. */
  droppedMessages: number;
  /** Characters left out: the dropped messages' and the cut texts' remainders. */
  droppedChars: number;
  /** Texts cut to their share of the budget. */
  truncatedBlocks: number;
}

/**
 * The `_meta` key of the note an assistant message carries when the request
 * that produced it left the oldest messages out to fit the model's context
 * window (`{ droppedMessages, notice? }`): by the agent's own budget
 * ({@link fitContext}) or by the provider (the browser's model drops old turns
 * itself and says so in its result's `_meta` under the same key). The chat
 * shows it beside that answer; the history keeps it like any `_meta`.
 */
export const CONTEXT_META_KEY = 'mcp-web-elements/context';

/** The note under {@link CONTEXT_META_KEY}. */
export interface ContextTrimNote {
  /** How many of the conversation's messages the model did not see. */
  droppedMessages: number;
  /** A sentence for the person, when the provider wrote one. */
  notice?: string;
}

/** The context note of a message or result (`_meta[CONTEXT_META_KEY]`), when it says messages were left out. */
export function contextTrimNote(holder: { _meta?: Record<string, unknown> | null } | undefined): ContextTrimNote | undefined {
  const note = holder?._meta?.[CONTEXT_META_KEY] as Partial<ContextTrimNote> | undefined;
  const dropped = note && typeof note === 'object' ? note.droppedMessages : undefined;
  if (typeof dropped !== 'number' || !Number.isFinite(dropped) || dropped < 1) return undefined;
  return { droppedMessages: Math.floor(dropped), ...(typeof note!.notice === 'string' && note!.notice ? { notice: note!.notice } : {}) };
}

const size = (message: Message) => message.content.reduce((sum, b) => sum + blockSize(b), 0);
/** A turn starts with the person's own message: a user message without tool results. */
export const startsTurn = (message: Message) => message.role === 'user' && !message.content.some((b) => b.type === 'tool_result');

/**
 * The conversation as one request should carry it, within `budget`. Pure;
 * the history keeps everything, this is only what a model gets.
 *
 * 1. One text block larger than half the budget is cut to that half, with a
 *    note saying how much was left out (a 30 MB pasted text).
 * 2. The oldest messages are left out until the rest fits in `maxChars` and
 *    `maxMessages`. The kept part always starts a turn (a person's message
 *    without tool results), so no tool result loses its call and the first
 *    message is the person's, as providers require; its first block is then
 *    a note saying what was left out.
 *
 * The newest turn is always kept, even when it alone is over the budget (each
 * of its texts is cut as in 1; tool results are bounded by
 * `boundToolResults`). Messages not changed are the same objects.
 */
export function fitContext(messages: readonly Message[], budget: ContextBudget): ContextFit {
  const cap = Math.max(1, Math.floor(budget.maxChars / 2));
  const maxMessages = budget.maxMessages ?? DEFAULT_MAX_CONTEXT_MESSAGES;
  const sizes = messages.map(size);
  // What each message weighs once its texts are cut (step 1), without building it yet.
  const capped = messages.map((m, i) =>
    m.content.some((b) => b.type === 'text' && b.text.length > cap)
      ? m.content.reduce((sum, b) => sum + Math.min(blockSize(b), b.type === 'text' ? cap : Infinity), 0)
      : sizes[i]!,
  );
  let start = messages.length;
  let lastTurn = -1;
  let total = 0;
  let over = false;
  for (let i = messages.length - 1; i >= 0; i--) {
    total += capped[i]!;
    if (!startsTurn(messages[i]!)) continue;
    if (lastTurn < 0) lastTurn = i;
    if (i !== lastTurn && (total > budget.maxChars || messages.length - i > maxMessages)) {
      over = true;
      break;
    }
    start = i;
  }
  // No turn start at all (a history of tool exchanges only): everything is kept, cut as in 1.
  // Tool calls before the first person's message (run from the palette or by an app view) are kept
  // when everything fits: only size leaves anything out.
  if (lastTurn < 0 || (!over && total <= budget.maxChars && messages.length <= maxMessages)) start = 0;
  let leftOut = 0;
  for (let i = 0; i < start; i++) leftOut += sizes[i]!;
  let droppedChars = leftOut;
  let truncatedBlocks = 0;
  const kept = messages.slice(start).map((message) => {
    if (!message.content.some((b) => b.type === 'text' && b.text.length > cap)) return message;
    const content = message.content.map((b): MessageBlock => {
      if (b.type !== 'text' || b.text.length <= cap) return b;
      truncatedBlocks += 1;
      droppedChars += b.text.length - cap;
      return {
        ...b,
        text: `${b.text.slice(0, cap)}\n[${b.text.length - cap} characters of this text were left out to fit the model's context; the person sees it whole.]`,
      };
    });
    return { ...message, content } as Message;
  });
  if (start > 0 && kept.length) {
    const first = kept[0]!;
    const note: MessageBlock = { type: 'text', text: leftOutNote(messages.slice(0, start), leftOut) };
    kept[0] = { ...first, content: [note, ...first.content] } as Message;
  } else if (start === 0 && lastTurn > 0 && !startsTurn(messages[0]!)) {
    // Providers want the person first: a line of theirs says what the leading calls are.
    kept.unshift({ role: 'user', content: [{ type: 'text', text: LEADING_CALLS_NOTE }] });
  }
  return { messages: kept, droppedMessages: start, droppedChars, truncatedBlocks };
}

/** Put before tool calls that came before the person's first message (the palette's, an app view's). */
export const LEADING_CALLS_NOTE =
  "[Before the person's first message, tools were run for them (from the chat's palette or by an app view); the calls and their results follow.]";

/** The note at the start of a trimmed request: how many messages were left out, of what kind, and their size. */
function leftOutNote(dropped: readonly Message[], chars: number): string {
  const person = dropped.filter(startsTurn).length;
  const calls = dropped.reduce((n, m) => n + (m.role === 'assistant' ? m.content.filter((b) => b.type === 'tool_use').length : 0), 0);
  const answers = dropped.filter((m) => m.role === 'assistant' && m.content.some((b) => b.type === 'text')).length;
  const what = [
    person && `${person} message${person === 1 ? '' : 's'} of the person`,
    answers && `${answers} answer${answers === 1 ? '' : 's'}`,
    calls && `${calls} tool call${calls === 1 ? '' : 's'} with ${calls === 1 ? 'its result' : 'their results'}`,
  ].filter(Boolean);
  const n = dropped.length;
  return `[${n} earlier message${n === 1 ? '' : 's'} (${what.join(', ')}; ${chars} characters) ${n === 1 ? 'was' : 'were'} left out to fit the model's context.]`;
}
