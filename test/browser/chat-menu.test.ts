import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mountChat, shadow } from './chat-helpers.js';

// Issue 21 §4: the header's More menu is a popover: the browser opens it from
// its button, closes it on Escape or a click outside, and gives focus back.

afterEach(() => document.body.replaceChildren());

describe('the More menu', () => {
  test('opens from its button with focus on the first item, arrows move, Escape closes it and focus is back on More', async () => {
    const chat = await mountChat({ provider: false });
    const more = shadow(chat).querySelector<HTMLElement>('[part~="menu-button"]')!;
    const menu = shadow(chat).querySelector<HTMLElement>('[part="menu"]')!;
    more.focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => menu.matches(':popover-open')).toBe(true);
    const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitemcheckbox"]')];
    await expect.poll(() => shadow(chat).activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowDown}');
    expect(shadow(chat).activeElement).toBe(items[1]);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => menu.matches(':popover-open')).toBe(false);
    expect(shadow(chat).activeElement).toBe(more);
    // Escape went to the menu: no panel opened or closed, the chat is as it was.
    expect(chat.panel).toBeUndefined();
  });

  test('a click outside closes it; picking an item closes it and opens that panel', async () => {
    const chat = await mountChat({ provider: false });
    const more = shadow(chat).querySelector<HTMLElement>('[part~="menu-button"]')!;
    const menu = shadow(chat).querySelector<HTMLElement>('[part="menu"]')!;
    await userEvent.click(more);
    await expect.poll(() => menu.matches(':popover-open')).toBe(true);
    await userEvent.click(shadow(chat).querySelector<HTMLElement>('[part="message-list"]')!);
    await expect.poll(() => menu.matches(':popover-open')).toBe(false);
    await userEvent.click(more);
    await expect.poll(() => menu.matches(':popover-open')).toBe(true);
    const servers = [...menu.querySelectorAll<HTMLElement>('[role="menuitemcheckbox"]')].find((b) => b.textContent!.trim() === 'Servers')!;
    await userEvent.click(servers);
    await chat.updateComplete;
    expect(menu.matches(':popover-open')).toBe(false);
    expect(chat.panel).toBe('servers');
    await expect.poll(() => shadow(chat).activeElement?.getAttribute('part')).toBe('panel');
  });

  test('with a panel open, one Escape closes the menu only; the next closes the panel', async () => {
    const chat = await mountChat({ provider: false });
    chat.panel = 'settings';
    await chat.updateComplete;
    const more = shadow(chat).querySelector<HTMLElement>('[part~="menu-button"]')!;
    const menu = shadow(chat).querySelector<HTMLElement>('[part="menu"]')!;
    await userEvent.click(more);
    await expect.poll(() => menu.matches(':popover-open')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => menu.matches(':popover-open')).toBe(false);
    await chat.updateComplete;
    expect(chat.panel).toBe('settings');
    await userEvent.keyboard('{Escape}');
    await chat.updateComplete;
    expect(chat.panel).toBeUndefined();
    await expect.poll(() => shadow(chat).activeElement).toBe(more);
  });

  test('Tab closes it and moves on from the More button', async () => {
    const chat = await mountChat({ provider: false });
    const more = shadow(chat).querySelector<HTMLElement>('[part~="menu-button"]')!;
    const menu = shadow(chat).querySelector<HTMLElement>('[part="menu"]')!;
    await userEvent.click(more);
    await expect.poll(() => shadow(chat).activeElement?.getAttribute('role')).toBe('menuitemcheckbox');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await expect.poll(() => menu.matches(':popover-open')).toBe(false);
    // Backwards from More: New conversation, the button before it.
    expect(shadow(chat).activeElement?.getAttribute('part')).toBe('header-button new-button');
  });
});
