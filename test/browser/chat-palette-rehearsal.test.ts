import { afterEach, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChatOn500Tools } from './chat-helpers.js';

// Issue 42 (docs/performance.md, "the palette's first open, third round"): the palette's idle warm-up draws
// the frame that opens the "/" list once where the list goes, has it styled and laid out, and takes it away
// in the same task. What a page's first list costs only the first time (its words' text shaping, its rules'
// style, the code's first run) is paid before the key. Nobody sees or hears it: it is hidden and inert while
// it is there, gone before anything is painted, and the message box says nothing of it.

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;

test('the idle warm-up lays out the first frame of the list where it goes, hidden, and takes it away before any paint', async () => {
  const measure = Element.prototype.getBoundingClientRect;
  const laidOut: { entries: number; height: number; visibility: string; inert: boolean; inChat: boolean }[] = [];
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const box = measure.call(this);
    if (this.matches('ul[part="palette"]'))
      laidOut.push({
        entries: this.querySelectorAll('[part="palette-item"]').length,
        height: box.height,
        visibility: getComputedStyle(this).visibility,
        inert: !!this.closest('[inert]'),
        inChat: this.getRootNode() instanceof ShadowRoot,
      });
    return box;
  };
  let chat: McpChat;
  try {
    chat = await mountChatOn500Tools();
    // The warm-up runs a quarter second after the tools are shown, when the page is idle: an idle callback asked for later runs after it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await new Promise((resolve) => requestIdleCallback(resolve));
  } finally {
    Element.prototype.getBoundingClientRect = measure;
  }
  // Laid out once, in the chat, with the 12 entries of the frame that opens the list (none on the code before).
  expect(laidOut).toHaveLength(1);
  expect(laidOut[0]).toMatchObject({ entries: 12, visibility: 'hidden', inert: true, inChat: true });
  expect(laidOut[0]!.height).toBeGreaterThan(100);
  // Gone again: nothing of the list in the chat, and the message box names no list.
  expect(root(chat).querySelector('[part="palette"]')).toBeNull();
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  expect(input.hasAttribute('aria-controls')).toBe(false);
  expect(input.hasAttribute('aria-activedescendant')).toBe(false);

  // The first "/" then opens the list as before.
  input.focus();
  input.value = '/';
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  expect(root(chat).querySelectorAll('[part="palette-item"]')).toHaveLength(12);
  expect(input.getAttribute('aria-activedescendant')).toBe('palette-0');
  expect(getComputedStyle(root(chat).querySelector('[part="palette"]')!).visibility).toBe('visible');
});
