import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import axe from 'axe-core';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';

// The "/" palette on a server with 5,000 tools (the fixture server's /many/mcp).

afterEach(() => document.body.replaceChildren());

async function chatOnManyTools(): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.server = `${inject('fixtureUrl')}/many/mcp`;
  chat.store = null;
  document.body.append(chat);
  await expect.poll(() => chat.serverSet.listTools().length, { timeout: 20_000 }).toBe(5000);
  await chat.updateComplete;
  return chat;
}

const root = (chat: McpChat) => chat.shadowRoot!;
const entries = (chat: McpChat) => [...root(chat).querySelectorAll<HTMLElement>('[part="palette-item"]')];
const more = (chat: McpChat) => root(chat).querySelector<HTMLElement>('[part="palette-more"]')?.textContent?.trim();
const selected = (chat: McpChat) => root(chat).querySelector('[part="palette-item"][aria-selected="true"] strong')?.textContent;

describe('<mcp-chat> palette with thousands of tools', () => {
  test('lists the best 50 and counts the rest; typing narrows the list with prefix matches first', async () => {
    const chat = await chatOnManyTools();
    const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
    input.focus();
    await userEvent.keyboard('/');
    await expect.poll(() => entries(chat).length).toBe(50);
    expect(more(chat)).toBe('4,950 more: type to narrow the list.');

    // The keyboard moves among the listed entries (Up from the first wraps to the 50th).
    await userEvent.keyboard('{ArrowUp}');
    await chat.updateComplete;
    expect(selected(chat)).toBe(entries(chat)[49]!.querySelector('strong')!.textContent);
    // ... and it is scrolled into the list's view.
    const list = root(chat).querySelector<HTMLElement>('[part="palette"]')!.getBoundingClientRect();
    const last = entries(chat)[49]!.getBoundingClientRect();
    expect(last.top >= list.top - 1 && last.bottom <= list.bottom + 1).toBe(true);
    await userEvent.keyboard('{ArrowDown}');
    await chat.updateComplete;

    // 625 tools are about weather (every 8th): the first 50 of them, all starting with the query.
    await userEvent.keyboard('weather');
    await expect.poll(() => more(chat)).toBe('575 more: type to narrow the list.');
    expect(entries(chat).every((e) => e.querySelector('strong')!.textContent!.startsWith('weather-'))).toBe(true);
    expect(selected(chat)).toBe('weather-0002');

    await userEvent.keyboard('-01');
    await expect.poll(() => entries(chat).length).toBe(12);
    expect(entries(chat).map((e) => e.querySelector('strong')!.textContent)).toEqual(
      Array.from({ length: 12 }, (_, k) => `weather-0${106 + 8 * k}`),
    );
    expect(more(chat)).toBeUndefined();

    // The list is a combobox's popup: operated from the composer (aria-activedescendant), never focused itself,
    // so axe's "scrollable region must be focusable" does not apply; the highlighted entry is kept in view (below).
    const results = await axe.run(root(chat).querySelector('[part="palette"]')!, {
      runOnly: ['wcag2a', 'wcag2aa'],
      rules: { 'scrollable-region-focusable': { enabled: false } },
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
