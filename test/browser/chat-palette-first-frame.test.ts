import { afterEach, describe, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChatOn500Tools } from './chat-helpers.js';

// Issue 28: the "/" palette's first frame draws only the entries its height can
// show (12 of the 50 listed), the rest once that frame is painted; what a person
// or a screen reader is told does not change (the count of the others, the
// highlighted entry, the keyboard).

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;
const entries = (chat: McpChat) => [...root(chat).querySelectorAll<HTMLElement>('[part="palette-item"]')];
const more = (chat: McpChat) => root(chat).querySelector<HTMLElement>('[part="palette-more"]')?.textContent?.trim();

/** Types "/" as the composer's input event does, and waits for the update that opens the list (microtasks: no frame yet). */
async function slash(chat: McpChat): Promise<HTMLTextAreaElement> {
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  input.focus();
  input.value = '/';
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await chat.updateComplete;
  return input;
}

describe('<mcp-chat> palette, the frame that opens it', () => {
  test('draws 12 entries and the whole count first, then all 50 after that frame', async () => {
    const chat = await mountChatOn500Tools();
    const input = await slash(chat);
    expect(entries(chat)).toHaveLength(12);
    expect(more(chat)).toBe('450 more: type to narrow the list.');
    expect(input.getAttribute('aria-activedescendant')).toBe('palette-0');
    expect(root(chat).getElementById('palette-0')?.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => entries(chat).length).toBe(50);
    expect(more(chat)).toBe('450 more: type to narrow the list.');
    expect(entries(chat).map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, i) => `palette-${i}`));
  });

  test('a key before the rest is drawn draws it at once (Up wraps to the 50th entry)', async () => {
    const chat = await mountChatOn500Tools();
    const input = await slash(chat);
    expect(entries(chat)).toHaveLength(12);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, composed: true, cancelable: true }));
    await chat.updateComplete;
    expect(entries(chat)).toHaveLength(50);
    expect(input.getAttribute('aria-activedescendant')).toBe('palette-49');
    expect(root(chat).getElementById('palette-49')?.getAttribute('aria-selected')).toBe('true');
  });
});
