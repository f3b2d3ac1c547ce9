import type { MessageBlock, ToolResultBlock } from '../content/index.js';
import { NOT_KEPT_META_KEY, pairToolCalls } from '../content/repair.js';
import { HistoryError } from './errors.js';
import type { HistoryStore } from './store.js';
import type { NewMessage, StoredMessage } from './types.js';

/** Something {@link saveMessages} could not keep as it was given. */
export interface NotKept {
  /** The tool call it concerns, when it is one. */
  toolUseId?: string;
  /**
   * `result`: the call's result was not stored (a note stands in for it);
   * `call`: a result whose call was never stored was left out;
   * `block`: a large block of a message was replaced by a note (storage full).
   */
  what: 'result' | 'call' | 'block';
  /** Why, in words. */
  reason: string;
}

/** What {@link saveMessages} did. */
export interface SaveOutcome {
  /** The stored records, made-up results and notes included, in order. */
  stored: StoredMessage[];
  /** What was not kept as given; empty when everything was. */
  notKept: NotKept[];
  /** For the person, when `notKept` is not empty: what was not kept and why, in words. */
  notice?: string;
}

const CLOSED_MID_CALL = 'the page was closed, or its saving failed, before the result was stored.';

/**
 * Appends messages so that the conversation can always go on, where
 * `store.appendMessages` refuses anything that breaks the tool pairing rule:
 *
 * - the stored conversation ends in a call without its result (the page was
 *   closed mid-call, an imported conversation ends in a call, an earlier save
 *   failed): an error result saying the result was not kept is saved first;
 * - a result whose call was never stored is left out;
 * - the storage is full: each tool result (and any image, audio or embedded
 *   resource) of the batch is replaced by a short note saying it was not
 *   kept, and the save is tried again once. The caller still holds the full
 *   messages to show.
 *
 * The outcome lists what was not kept and has a `notice` to show the person.
 * Still rejects (a `HistoryError`) when even the repaired batch cannot be
 * saved, or for a missing conversation. Not atomic with other writers: when
 * another tab appended in between and the write is refused, it reads the
 * conversation again and tries once more.
 */
export async function saveMessages(store: HistoryStore, conversationId: string, messages: readonly NewMessage[]): Promise<SaveOutcome> {
  const notKept: NotKept[] = [];
  let batch = [...messages];
  for (let attempt = 0; ; attempt++) {
    const [last] = await store.loadLast(conversationId, 1);
    const repair = pairToolCalls(batch, last, { reason: CLOSED_MID_CALL });
    const paired = repair.messages as NewMessage[];
    try {
      const stored = paired.length ? await store.appendMessages(conversationId, paired) : [];
      notKept.push(...repair.answered.map((toolUseId) => ({ toolUseId, what: 'result' as const, reason: CLOSED_MID_CALL })));
      notKept.push(
        ...repair.dropped.map((toolUseId) => ({ toolUseId, what: 'call' as const, reason: 'the call it answers was not saved.' })),
      );
      return { stored, notKept, ...(notKept.length ? { notice: noticeFor(notKept) } : {}) };
    } catch (error) {
      if (!(error instanceof HistoryError) || attempt > 0) throw error;
      if (error.kind === 'quota-exceeded') {
        const reason = 'the storage is full.';
        batch = batch.map((m) => shrink(m, reason, notKept));
      } else if (error.kind !== 'invalid-messages') throw error;
      // 'invalid-messages': another writer changed the end of the conversation; read it again.
    }
  }
}

/** `message` with its tool results and large blocks replaced by notes. */
function shrink(message: NewMessage, reason: string, notKept: NotKept[]): NewMessage {
  let changed = false;
  const content = message.content.map((block): MessageBlock => {
    if (block.type === 'tool_result') {
      changed = true;
      notKept.push({ toolUseId: block.toolUseId, what: 'result', reason });
      const note: ToolResultBlock = {
        type: 'tool_result',
        toolUseId: block.toolUseId,
        content: [{ type: 'text', text: `The result of this call was not kept: ${reason}` }],
        isError: true,
        _meta: { ...block._meta, [NOT_KEPT_META_KEY]: reason },
      };
      return note;
    }
    if (block.type === 'image' || block.type === 'audio' || block.type === 'resource') {
      changed = true;
      notKept.push({ what: 'block', reason });
      return { type: 'text', text: `[${block.type === 'resource' ? 'An embedded resource' : `An ${block.type}`} was not kept: ${reason}]` };
    }
    return block;
  });
  return changed ? { ...message, content } : message;
}

function noticeFor(notKept: NotKept[]): string {
  const results = notKept.filter((n) => n.what === 'result');
  const calls = notKept.filter((n) => n.what === 'call');
  const blocks = notKept.filter((n) => n.what === 'block');
  const parts: string[] = [];
  if (results.length) {
    parts.push(
      `${results.length === 1 ? 'The result of a tool call was' : `The results of ${results.length} tool calls were`} not saved (${results[0]!.reason.replace(/\.$/, '')}); the saved conversation says so, and you can go on.`,
    );
  }
  if (calls.length)
    parts.push(
      `${calls.length === 1 ? 'A tool result was' : `${calls.length} tool results were`} not saved because the call they answer was not saved.`,
    );
  if (blocks.length)
    parts.push(
      `${blocks.length === 1 ? 'An attachment was' : `${blocks.length} attachments were`} not saved (${blocks[0]!.reason.replace(/\.$/, '')}); it stays on screen until you leave the page.`,
    );
  return parts.join(' ');
}
