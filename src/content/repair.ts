import { isToolResult, isToolUse } from './guards.js';
import type { Message, ToolResultBlock } from './types.js';

/** `_meta` key of a tool_result made up because the real one was not kept; its value is the reason. */
export const NOT_KEPT_META_KEY = 'mcp-elements/not-kept';

/** A tool_result standing in for one that was not kept (page closed mid-call, storage full, ...). */
export function notKeptResult(toolUseId: string, reason: string): ToolResultBlock {
  return {
    type: 'tool_result',
    toolUseId,
    content: [{ type: 'text', text: `The result of this call was not kept: ${reason}` }],
    isError: true,
    _meta: { [NOT_KEPT_META_KEY]: reason },
  };
}

/** What {@link pairToolCalls} changed. */
export interface PairingRepair {
  /** The messages, paired (the input is not changed; unchanged messages are the same objects). */
  messages: Message[];
  /** tool_use ids that got a made-up error result. */
  answered: string[];
  /** tool_use ids whose tool_result was dropped: no tool_use just before it asked for it. */
  dropped: string[];
}

/** Options of {@link pairToolCalls}. */
export interface PairingOptions {
  /** Why results are missing, for the made-up results' text. */
  reason?: string;
  /**
   * Also answer the tool_use blocks of a last assistant message (default
   * false: a sequence being saved may end with calls whose results are still
   * to come; a request to a model may not).
   */
  closeTrailing?: boolean;
}

const DEFAULT_REASON = 'the page was closed or the save failed before it was stored.';

/**
 * Makes `messages` (continuing after `previous`, the last message already
 * stored) follow the tool pairing rule of {@link checkToolPairing}, by the
 * smallest change that keeps everything a person wrote: a tool_use left
 * without its result (the tab closed mid-call, a result that could not be
 * saved, an import that ends in a call) gets an `isError` result saying the
 * result was not kept ({@link notKeptResult}); a tool_result that answers no
 * call just before it is dropped (its call was never stored), with the
 * message if nothing else is left of it. Other breaches (tool_use in a user
 * message, repeated ids) are left for `checkToolPairing` to report.
 */
export function pairToolCalls(messages: readonly Message[], previous?: Message, options: PairingOptions = {}): PairingRepair {
  const reason = options.reason ?? DEFAULT_REASON;
  const out: Message[] = [];
  const answered: string[] = [];
  const dropped: string[] = [];
  let pending = previous?.role === 'assistant' ? previous.content.filter(isToolUse).map((b) => b.id) : [];
  const answer = (ids: string[]) => {
    answered.push(...ids);
    return ids.map((id) => notKeptResult(id, reason));
  };
  for (const message of messages) {
    const results = message.content.filter(isToolResult);
    if (pending.length > 0) {
      if (message.role === 'user' && results.length > 0) {
        // The answer message: keep the results that answer a pending call, once each; make up the rest.
        const seen = new Set<string>();
        const kept = results.filter((r) => {
          const ok = pending.includes(r.toolUseId) && !seen.has(r.toolUseId);
          if (ok) seen.add(r.toolUseId);
          else dropped.push(r.toolUseId);
          return ok;
        });
        const others = message.content.filter((b) => !isToolResult(b));
        const missing = pending.filter((id) => !seen.has(id));
        if (kept.length === results.length && missing.length === 0 && others.length === 0) out.push(message);
        else {
          out.push({ ...message, content: [...kept, ...answer(missing)] });
          // Whatever else the person's message held follows as a message of its own.
          if (others.length) out.push({ role: 'user', content: others });
        }
        pending = [];
        continue;
      }
      out.push({ role: 'user', content: answer(pending) });
      pending = [];
    }
    if (results.length > 0) {
      dropped.push(...results.map((r) => r.toolUseId));
      const rest = message.content.filter((b) => !isToolResult(b));
      if (rest.length) out.push({ ...message, content: rest });
    } else out.push(message);
    pending = message.role === 'assistant' ? message.content.filter(isToolUse).map((b) => b.id) : [];
  }
  if (options.closeTrailing && pending.length > 0) out.push({ role: 'user', content: answer(pending) });
  const changed = answered.length > 0 || dropped.length > 0;
  return { messages: changed ? out : [...messages], answered, dropped };
}
