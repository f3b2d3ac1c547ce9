import { afterEach, describe, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChatOn500Tools } from './chat-helpers.js';

// Issue 42 (docs/performance.md, "the palette's first open, third round"): the frame that opens the "/" list
// builds less per entry. The list listens for the pointer once (two listeners, not two per entry), and an
// entry's description line is one text (one layout object, not the server's name and the description as
// two). What a person gets is unchanged: a click on an entry picks that entry, pressing on an entry leaves
// the focus in the message box, a press on the "N more" line picks nothing.

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;
const entries = (chat: McpChat) => [...root(chat).querySelectorAll<HTMLElement>('[part="palette-item"]')];

/** Types "/" as the composer's input event does; the list is drawn in that event. */
function slash(chat: McpChat): HTMLTextAreaElement {
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  input.focus();
  input.value = '/';
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  return input;
}

describe('<mcp-chat> palette, the work of its first frame', () => {
  test('opening the list adds two pointer listeners in all, and one text per entry description', async () => {
    const chat = await mountChatOn500Tools();
    await chat.updateComplete;
    const targets: EventTarget[] = [];
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof add>) {
      targets.push(this);
      return add.apply(this, args);
    };
    try {
      slash(chat);
    } finally {
      EventTarget.prototype.addEventListener = add;
    }
    // The listeners added to the list and its entries (an entry gets its listeners before it is put in the list).
    const added = targets.filter((target) => target instanceof Element && target.closest('[part="palette"]'));
    expect(entries(chat)).toHaveLength(12);
    // Two per entry before (24 in the frame that opens the list, 100 once all 50 are drawn).
    expect(added).toHaveLength(2);
    expect(added.every((target) => target === root(chat).querySelector('[part="palette"]'))).toBe(true);
    const descriptions = entries(chat).map((e) => e.querySelector('.desc')!);
    expect(descriptions.map((d) => [...d.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).length)).toEqual(Array(12).fill(1));
    expect(descriptions[3]!.textContent).toBe('fixturefive-hundred · Works with ticket record number 3.');
  });

  test('a click on an entry picks that entry; pressing on it leaves the focus in the message box; the "N more" line picks nothing', async () => {
    const chat = await mountChatOn500Tools();
    await chat.updateComplete;
    const input = slash(chat);
    await expect.poll(() => entries(chat).length).toBe(50);
    root(chat).querySelector<HTMLElement>('[part="palette-more"]')!.click();
    expect(root(chat).querySelector('[part="palette"]')).not.toBeNull();
    expect(root(chat).querySelector('.run-form')).toBeNull();

    const third = entries(chat)[2]!;
    const pressed = new MouseEvent('mousedown', { bubbles: true, composed: true, cancelable: true });
    third.querySelector('strong')!.dispatchEvent(pressed);
    expect(pressed.defaultPrevented).toBe(true);
    expect(root(chat).activeElement).toBe(input);

    third.querySelector<HTMLElement>('.desc')!.click();
    await expect.poll(() => root(chat).querySelector('.run-form')?.textContent ?? '').toContain('weather-0002');
    expect(root(chat).querySelector('[part="palette"]')).toBeNull();
  });
});
