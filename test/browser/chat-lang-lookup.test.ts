import { afterEach, expect, test } from 'vitest';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';

// Issue 42: one render reads the chat's language for every string it draws; the element's
// `lang` (or an ancestor's) is looked up once per render, not once per string (work counted),
// and a change of `lang` still shows at the next render.

afterEach(() => document.body.replaceChildren());

test('a render looks the language up once, and a new lang shows at the next render', async () => {
  const chat = document.createElement('mcp-chat');
  chat.store = createMemoryHistory();
  chat.storageKey = `t-${Math.random()}`;
  document.body.append(chat);
  await chat.updateComplete;
  let lookups = 0;
  const closest = chat.closest.bind(chat);
  chat.closest = ((selector: string) => {
    if (selector === '[lang]') lookups++;
    return closest(selector);
  }) as typeof chat.closest;
  chat.requestUpdate();
  await chat.updateComplete;
  expect(lookups).toBe(1);

  const composer = () => chat.shadowRoot!.querySelector('textarea')!.getAttribute('aria-label');
  const english = composer();
  chat.setAttribute('lang', 'ar');
  await expect.poll(() => composer()).not.toBe(english);
});
