import { afterEach, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChatOn500Tools } from './chat-helpers.js';

// Issue 42: what the page's first "/" does not do again. The servers' merged
// catalog (every tool named for the model, `combineToolHosts`) and the
// palette's entries are built once per tool list, in idle time before the key;
// a chat whose page has registered no tools of its own listed a new empty list
// for them at every read, so every read of the catalog (the palette's first
// open, each render) named all 500 tools again and built 500 entries again.

afterEach(() => document.body.replaceChildren());

const root = (chat: McpChat) => chat.shadowRoot!;

test('the first "/" reads the catalog the chat already has: the same list before and after, with nothing added', async () => {
  const chat = await mountChatOn500Tools();
  const before = chat.serverSet.listTools();
  expect(chat.serverSet.listTools()).toBe(before);
  const input = root(chat).querySelector<HTMLTextAreaElement>('textarea')!;
  input.focus();
  input.value = '/';
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await chat.updateComplete;
  expect(root(chat).querySelectorAll('[part="palette-item"]').length).toBeGreaterThan(0);
  expect(chat.serverSet.listTools()).toBe(before);
  expect(before).toHaveLength(500);
});
