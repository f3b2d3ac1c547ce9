import type { Message } from '../../../content/index.js';
import type { StoredMessage } from '../../../history/index.js';
import { foldBranches, replacesFrom } from './conversation-branches.js';

/** What {@link mergeStored} needs to know of the messages shown. */
export interface ShownMessages {
  /** The messages shown now, in order. */
  readonly messages: readonly Message[];
  /** The store's sequence number of a shown message; `undefined` while it is not saved yet (it is saved after every stored row). */
  seqOf(message: Message): number | undefined;
}

/**
 * The messages to show once `rows` (messages another tab appended to the
 * same conversation) are merged into what is shown, or `undefined` when a
 * row replaces earlier messages (an edit or regenerate in the other tab, or
 * an answer saved in parts) and only the whole conversation tells what is
 * visible: the caller reads it all and uses {@link mergeWhole}.
 *
 * The store's order is the truth: each row goes before the first shown
 * message with a higher sequence number. Messages not saved yet have none
 * and stay at the end (their rows will come after every row committed now).
 * Rows already shown are left out, so a change announced twice is merged
 * once. `toMessage` makes the shown form of a row (and records its `seq`).
 */
export function mergeStored(
  shown: ShownMessages,
  rows: readonly StoredMessage[],
  toMessage: (row: StoredMessage) => Message,
): Message[] | undefined {
  const known = new Set<number>();
  for (const m of shown.messages) {
    const seq = shown.seqOf(m);
    if (seq !== undefined) known.add(seq);
  }
  const fresh = rows.filter((r) => !known.has(r.seq)).sort((x, y) => x.seq - y.seq);
  if (!fresh.length) return [...shown.messages];
  if (fresh.some((r) => replacesFrom(r) !== undefined)) return undefined;
  const out: Message[] = [];
  let next = 0;
  for (const m of shown.messages) {
    const seq = shown.seqOf(m) ?? Infinity;
    while (next < fresh.length && fresh[next]!.seq < seq) out.push(toMessage(fresh[next++]!));
    out.push(m);
  }
  while (next < fresh.length) out.push(toMessage(fresh[next++]!));
  return out;
}

/**
 * The messages to show from the whole stored conversation `stored` (read
 * again after another tab changed it in a way {@link mergeStored} cannot
 * merge): its visible part (branches folded), shown messages kept as the
 * same objects (so they are not drawn again), then the shown messages that
 * are not saved yet.
 */
export function mergeWhole(shown: ShownMessages, stored: readonly StoredMessage[], toMessage: (row: StoredMessage) => Message): Message[] {
  const bySeq = new Map<number, Message>();
  const unsaved: Message[] = [];
  for (const m of shown.messages) {
    const seq = shown.seqOf(m);
    if (seq === undefined) unsaved.push(m);
    else bySeq.set(seq, m);
  }
  return [...foldBranches(stored).map((row) => bySeq.get(row.seq) ?? toMessage(row)), ...unsaved];
}
