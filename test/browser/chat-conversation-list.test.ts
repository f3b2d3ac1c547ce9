import { afterEach, describe, expect, test } from 'vitest';
import type { Conversation } from '../../src/history/index.js';
import { groupByDate } from '../../src/elements/mcp-chat/conversations/conversation-groups.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';

// Issue 11 §3: the conversation list grouped by date, with dates, full titles on hover,
// imported conversations told apart, and updated at once when a conversation starts.

afterEach(() => document.body.replaceChildren());

const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
const rows = (chat: McpChat) => [...shadow(chat).querySelectorAll<HTMLElement>('[part="conversation"]')];
const TEXT = { today: 'Today', yesterday: 'Yesterday', previous7Days: 'Previous 7 days' };

describe('conversation list', () => {
  test('groups: Today, Yesterday, Previous 7 days, then by month', () => {
    const now = new Date(2026, 10, 22, 15, 0).getTime();
    const at = (y: number, m: number, d: number) =>
      ({ id: `${y}-${m}-${d}`, title: `${d}`, updatedAt: new Date(y, m, d, 12).getTime() }) as Conversation;
    const groups = groupByDate(
      [at(2026, 10, 22), at(2026, 10, 21), at(2026, 10, 18), at(2026, 10, 2), at(2026, 9, 30), at(2025, 9, 1)],
      TEXT,
      now,
      'en-GB',
    );
    expect(groups.map((g) => [g.label, g.conversations.map((c) => c.title)])).toEqual([
      ['Today', ['22']],
      ['Yesterday', ['21']],
      ['Previous 7 days', ['18']],
      ['November 2026', ['2']],
      ['October 2026', ['30']],
      ['October 2025', ['1']],
    ]);
  });

  test('a panel opened from the More menu takes focus; Escape closes it and gives focus back to the menu button', async () => {
    const { userEvent } = await import('vitest/browser');
    const chat = await mountChat();
    await openPanelFromMenu(chat, 'Conversations');
    const panel = () => shadow(chat).querySelector('[part="panel"]');
    await expect.poll(() => panel() !== null && panel()!.contains(shadow(chat).activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => panel()).toBeNull();
    await expect.poll(() => shadow(chat).activeElement?.getAttribute('part')).toContain('menu-button');
  });

  test("a conversation's actions are labelled icon buttons with tooltips, not glyphs", async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await chat.send('Plan a trip');
    await done;
    await openPanelFromMenu(chat, 'Conversations');
    await expect.poll(() => rows(chat).length).toBe(1);
    const actions = [...rows(chat)[0]!.querySelectorAll<HTMLButtonElement>(':scope > button')].slice(1);
    expect(actions.map((b) => b.getAttribute('aria-label'))).toEqual(['Rename Plan a trip', 'Export Plan a trip', 'Delete Plan a trip']);
    for (const button of actions) {
      // An icon (hidden from assistive technology), no glyph text; the tooltip says what it does.
      expect(button.textContent!.trim()).toBe('');
      expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      expect(button.dataset.tip).toMatch(/^(Rename|Export|Delete)$/);
    }
  });

  test('a conversation that starts appears at once under Today, with its date and its full title on hover', async () => {
    const chat = await mountChat();
    await openPanelFromMenu(chat, 'Conversations');
    await expect.poll(() => shadow(chat).querySelector('[part="conversation-list"]')).not.toBeNull();
    expect(rows(chat)).toHaveLength(0);
    const title = 'A rather long first question that will not fit on one line of the narrow panel';
    const done = ended(chat);
    await chat.send(title);
    await expect.poll(() => rows(chat).length).toBe(1);
    await done;
    expect(shadow(chat).querySelector('[part="conversation-group"]')!.textContent).toBe('Today');
    const open = rows(chat)[0]!.querySelector('button')!;
    expect(open.title).toBe(title);
    expect(open.querySelector('time')!.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(open.querySelector('time')!.textContent).toMatch(/\d/);
  });

  test('an imported conversation is named so it can be told apart from the original', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await chat.send('Export me');
    await done;
    await chat.session.saved();
    const text = await chat.chatStore!.exportConversation(chat.session.conversation!.id);
    chat.panel = 'conversations';
    await chat.updateComplete;
    const input = shadow(chat).querySelector<HTMLInputElement>('input.import')!;
    const files = new DataTransfer();
    files.items.add(new File([text], 'export.json', { type: 'application/json' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change'));
    await expect.poll(() => rows(chat).length).toBe(2);
    const titles = rows(chat).map((r) => r.querySelector('.conversation-title')!.textContent!.trim());
    expect(titles).toContain('Export me');
    expect(titles.find((t) => t !== 'Export me')).toMatch(/^Export me \(imported .+\)$/);
  });
});
