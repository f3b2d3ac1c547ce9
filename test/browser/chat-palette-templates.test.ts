import { afterEach, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChatOn500Tools } from './chat-helpers.js';

// Issue 42: the palette's idle warm-up also prepares Lit's templates of the
// list, so the page's first "/" clones them instead of parsing their HTML.
// Its own file: Lit keeps prepared templates for the page's life, so a palette
// opened by an earlier test in the same file would have prepared them.

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;

test('the first "/" after the idle warm-up parses no template: the list, its entries and the "N more" line were prepared before the key', async () => {
  const chat = await mountChatOn500Tools();
  // The warm-up runs a quarter second after the tools are shown, when the page is idle: an idle callback asked for later runs after it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await new Promise((resolve) => requestIdleCallback(resolve));
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  input.focus();
  const create = document.createElement;
  const made: string[] = [];
  document.createElement = function (this: Document, name: string, options?: ElementCreationOptions) {
    made.push(name.toLowerCase());
    return create.call(this, name, options);
  } as typeof document.createElement;
  try {
    input.value = '/';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await chat.updateComplete;
  } finally {
    document.createElement = create;
  }
  expect(root(chat).querySelectorAll('[part="palette-item"]').length).toBe(12);
  expect(root(chat).querySelector('[part="palette-more"]')?.textContent?.trim()).toBe('450 more: type to narrow the list.');
  // Lit makes a <template> for each template it prepares (3 on the code before: the list, an entry, the "N more" line).
  expect(made.filter((name) => name === 'template')).toEqual([]);
});
