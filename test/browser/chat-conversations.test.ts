import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { openHistory } from '../../src/history/idb-store.js';
import type { HistoryStore } from '../../src/history/index.js';
import { mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';

// The Conversations panel against real IndexedDB (a fresh database per test).

afterEach(() => document.body.replaceChildren());

async function storeWith(titles: Record<string, string>): Promise<{ store: HistoryStore; ids: Record<string, string> }> {
  const store = await openHistory({ name: `chat-list-${Math.random()}` });
  const ids: Record<string, string> = {};
  for (const [title, text] of Object.entries(titles)) {
    const c = await store.createConversation({ title });
    await store.appendMessages(c.id, [{ role: 'user', content: [{ type: 'text', text }] }]);
    ids[title] = c.id;
  }
  return { store, ids };
}

async function openPanel(chat: McpChat): Promise<void> {
  await openPanelFromMenu(chat, 'Conversations');
}

const titles = (chat: McpChat) =>
  [...shadow(chat).querySelectorAll('[part="conversation"] > button:first-child .conversation-title')].map((b) => b.textContent!.trim());
const byLabel = <T extends HTMLElement>(chat: McpChat, label: string) => shadow(chat).querySelector<T>(`[aria-label="${label}"]`);
const focused = (chat: McpChat) => shadow(chat).activeElement;

describe('<mcp-chat> conversation list', () => {
  test('rename with the keyboard: Enter saves to the store, Escape cancels and gives focus back', async () => {
    const { store, ids } = await storeWith({ 'Trip plans': 'Where to go in May', Recipes: 'Soup' });
    const chat = await mountChat({ store });
    await openPanel(chat);
    await expect.poll(() => titles(chat).sort()).toEqual(['Recipes', 'Trip plans']);

    byLabel(chat, 'Rename Trip plans')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => (focused(chat) as HTMLInputElement | null)?.getAttribute('aria-label')).toBe('New title for Trip plans');
    await userEvent.keyboard('{Control>}a{/Control}Lisbon in May{Enter}');
    await expect.poll(() => titles(chat).sort()).toEqual(['Lisbon in May', 'Recipes']);
    expect((await store.getConversation(ids['Trip plans']!))?.title).toBe('Lisbon in May');

    byLabel(chat, 'Rename Recipes')!.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => focused(chat)?.getAttribute('aria-label')).toBe('New title for Recipes');
    await userEvent.keyboard('{Control>}a{/Control}Nope{Escape}');
    await expect.poll(() => focused(chat)?.getAttribute('aria-label')).toBe('Rename Recipes');
    expect(titles(chat).sort()).toEqual(['Lisbon in May', 'Recipes']);
    expect((await store.getConversation(ids.Recipes!))?.title).toBe('Recipes');
  });

  test('delete asks inside the widget (no confirm()); Cancel keeps it, Delete removes it from IndexedDB', async () => {
    const { store, ids } = await storeWith({ Keep: 'one', 'Old notes': 'two' });
    const chat = await mountChat({ store });
    await chat.openConversation(ids['Old notes']!);
    await openPanel(chat);
    await expect.poll(() => titles(chat).length).toBe(2);
    const realConfirm = window.confirm;
    window.confirm = () => {
      throw new Error('confirm() must not be used');
    };
    try {
      byLabel(chat, 'Delete Old notes')!.focus();
      await userEvent.keyboard('{Enter}');
      const question = () => shadow(chat).querySelector('[part="confirm"]');
      await expect.poll(() => question()?.textContent).toContain('Delete “Old notes”?');
      expect(question()!.getAttribute('role')).toBe('group');
      // Focus starts on the safe answer; Escape cancels and returns to the Delete button.
      expect(focused(chat)?.textContent?.trim()).toBe('Cancel');
      await userEvent.keyboard('{Escape}');
      await expect.poll(() => focused(chat)?.getAttribute('aria-label')).toBe('Delete Old notes');
      expect(question()).toBeNull();
      expect(await store.getConversation(ids['Old notes']!)).toBeDefined();

      await userEvent.keyboard('{Enter}');
      await expect.poll(() => focused(chat)?.textContent?.trim()).toBe('Cancel');
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(focused(chat)?.textContent?.trim()).toBe('Delete');
      await userEvent.keyboard('{Enter}');
      await expect.poll(() => titles(chat)).toEqual(['Keep']);
      expect(await store.getConversation(ids['Old notes']!)).toBeUndefined();
      // The open conversation was the deleted one: the chat starts afresh.
      expect(chat.messages).toEqual([]);
      await expect.poll(() => focused(chat)?.getAttribute('part')).toBe('search');
    } finally {
      window.confirm = realConfirm;
    }
  });

  test('search finds conversations by title and by message text; no match says so', async () => {
    const { store } = await storeWith({ Garden: 'When to plant tomatoes', Taxes: 'Deadline in April', 'Tomato sauce': 'Simmer slowly' });
    const chat = await mountChat({ store });
    await openPanel(chat);
    await expect.poll(() => titles(chat).length).toBe(3);
    const search = shadow(chat).querySelector<HTMLInputElement>('[part="search"]')!;
    await userEvent.type(search, 'tomat');
    await expect.poll(() => titles(chat).sort()).toEqual(['Garden', 'Tomato sauce']);
    await userEvent.clear(search);
    await userEvent.type(search, 'april');
    await expect.poll(() => titles(chat)).toEqual(['Taxes']);
    await userEvent.clear(search);
    await userEvent.type(search, 'zebra');
    await expect.poll(() => titles(chat)).toEqual([]);
    await expect.poll(() => shadow(chat).querySelector('[role="status"].hint')?.textContent).toContain('No conversation matches “zebra”');
    await userEvent.clear(search);
    await expect.poll(() => titles(chat).length).toBe(3);
  });
});
