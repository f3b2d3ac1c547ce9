import { afterEach, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { NewMessage } from '../../src/history/index.js';

// The first conversation opened on a page: the code that draws messages and
// formats markdown has not been loaded yet (a file of its own, so no other
// test has loaded it in this page).

afterEach(() => document.body.replaceChildren());

test('the first conversation opened on a page is formatted at its first paint, not shown as plain text and reflowed after', async () => {
  const store = createMemoryHistory();
  const c = await store.createConversation({ title: 'first' });
  const messages: NewMessage[] = [];
  for (let i = 0; i < 300; i++) {
    messages.push({ role: 'user', content: [{ type: 'text', text: `Question ${i}?` }] });
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `## Answer ${i}\n\nHere is **item ${i}**:\n\n- one\n- two\n` }] });
  }
  await store.appendMessages(c.id, messages);
  const chat = document.createElement('mcp-chat') as McpChat;
  chat.store = store;
  chat.storageKey = `first-${Math.random()}`;
  document.body.append(chat);
  await chat.updateComplete;

  await chat.openConversation(c.id);
  await chat.updateComplete;
  // The frame that first shows the conversation, before it is painted: the newest answer has its heading and list.
  const first = await new Promise<{ heading: string | undefined; items: number }>((resolve) =>
    requestAnimationFrame(() => {
      const all = chat.shadowRoot!.querySelectorAll('mcp-message');
      const markdown = all[all.length - 1]?.shadowRoot
        ?.querySelector('mcp-content-block')
        ?.shadowRoot?.querySelector('mcp-markdown')?.shadowRoot;
      resolve({ heading: markdown?.querySelector('h2')?.textContent ?? undefined, items: markdown?.querySelectorAll('li').length ?? 0 });
    }),
  );
  expect(first.heading).toBe('Answer 299');
  expect(first.items).toBe(2);
});
