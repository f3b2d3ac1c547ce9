import { afterEach, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChatOn500Tools } from './chat-helpers.js';

// Issue 42: the "/" list is drawn by the palette in its own place, not by an
// update of the whole chat (header, conversation, composer): opening it,
// narrowing it, moving through it and closing it update the list alone. What a
// person and a screen reader get is unchanged: the entries, the highlighted one
// (aria-activedescendant on the message box), the list closed by Escape.

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;
const entries = (chat: McpChat) => [...root(chat).querySelectorAll<HTMLElement>('[part="palette-item"]')];
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Counts the chat's own updates (Lit's `update`: its whole template rendered) from now on, and which of them the
 * palette asked for (a `requestUpdate` of the chat, or a property set on it, from the palette's code).
 */
function countUpdates(chat: McpChat): { count: number; byPalette: number } {
  const counted = { count: 0, byPalette: 0 };
  const host = chat as unknown as { update(changed: unknown): void; requestUpdate(...args: unknown[]): void };
  const update = host.update.bind(chat);
  host.update = (changed) => {
    counted.count++;
    update(changed);
  };
  const request = host.requestUpdate.bind(chat);
  host.requestUpdate = (...args) => {
    if (/\/palette\//.test(new Error().stack ?? '')) counted.byPalette++;
    request(...args);
  };
  return counted;
}

test('opening, narrowing, moving through and closing the list update the list alone, not the whole chat', async () => {
  const chat = await mountChatOn500Tools();
  // Counted once the server is wholly connected (its other lists in too): on a busy machine the
  // header's "connected" landed among the keys and counted as one update (CI, load 6).
  await expect.poll(() => chat.serverSet.connections[0]!.state, { timeout: 20_000 }).toBe('connected');
  await chat.updateComplete;
  await frame();
  await frame();
  const updates = countUpdates(chat);
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  input.focus();
  const type = (value: string) => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  };
  const key = (name: string) =>
    input.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true, cancelable: true }));

  // Drawn in the input event itself: no update to wait for.
  type('/');
  expect(entries(chat)).toHaveLength(12);
  expect(input.getAttribute('aria-controls')).toBe('palette');
  expect(input.getAttribute('aria-activedescendant')).toBe('palette-0');
  await frame();
  expect(entries(chat)).toHaveLength(50);

  type('/weather-01');
  expect(entries(chat).length).toBeGreaterThan(1);
  expect(entries(chat).every((e) => e.textContent!.includes('weather-01'))).toBe(true);
  key('ArrowDown');
  expect(input.getAttribute('aria-activedescendant')).toBe('palette-1');
  expect(root(chat).getElementById('palette-1')?.getAttribute('aria-selected')).toBe('true');

  key('Escape');
  expect(root(chat).querySelector('[part="palette"]')).toBeNull();
  expect(input.hasAttribute('aria-controls')).toBe(false);
  expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  await frame();
  await chat.updateComplete;
  // None asked for by the palette. Other work of a loaded machine may still update the chat meanwhile (a server's late
  // list: one in a CI run at load 12), so the count of all updates is only bounded by what the palette did not ask.
  expect(updates.byPalette).toBe(0);
  expect(updates.count).toBeLessThanOrEqual(1);
});

test('the list still follows the chat: an update of the chat for something else leaves the open list as it is', async () => {
  const chat = await mountChatOn500Tools();
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  input.focus();
  input.value = '/weather';
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await chat.updateComplete;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true, cancelable: true }));
  await chat.updateComplete;
  const before = entries(chat).map((e) => e.textContent);
  chat.placeholder = 'Ask me';
  await chat.updateComplete;
  expect(input.placeholder).toBe('Ask me');
  expect(entries(chat).map((e) => e.textContent)).toEqual(before);
  expect(input.getAttribute('aria-activedescendant')).toBe('palette-1');
});
