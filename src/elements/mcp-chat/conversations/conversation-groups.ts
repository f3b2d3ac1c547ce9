import type { Conversation } from '../../../history/index.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** Words of the date groups (from the `strings` table). */
export interface DateGroupText {
  today: string;
  yesterday: string;
  previous7Days: string;
}

/** A group of the conversation list: its heading and its conversations, newest first. */
export interface ConversationGroup {
  label: string;
  conversations: Conversation[];
}

const DAY = 86_400_000;

/**
 * Groups conversations by their last change: Today, Yesterday, Previous 7
 * days, then one group per month ("March 2026", in `lang`). Input order (the
 * store's, newest first) is kept inside each group.
 */
export function groupByDate(
  conversations: readonly Conversation[],
  text: DateGroupText,
  now = Date.now(),
  lang?: string,
): ConversationGroup[] {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const today = midnight.getTime();
  const month = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric' });
  const groups = new Map<string, Conversation[]>();
  for (const c of conversations) {
    const at = c.updatedAt;
    const label =
      at >= today ? text.today : at >= today - DAY ? text.yesterday : at >= today - 7 * DAY ? text.previous7Days : month.format(at);
    groups.set(label, [...(groups.get(label) ?? []), c]);
  }
  return [...groups].map(([label, list]) => ({ label, conversations: list }));
}

/** The date shown beside a conversation: the time today, else the day (and the year when not this year). */
export function conversationDate(at: number, now = Date.now(), lang?: string): string {
  const day = new Date(at);
  const current = new Date(now);
  if (day.toDateString() === current.toDateString())
    return new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' }).format(at);
  const sameYear = day.getFullYear() === current.getFullYear();
  return new Intl.DateTimeFormat(
    lang,
    sameYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' },
  ).format(at);
}
