import { afterEach, describe, expect, inject, test } from 'vitest';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { CHAT_STRINGS_AR } from '../../src/elements/mcp-chat/strings-ar.js';
import { mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';

// Issue 11 §3: all interface text in one table, overridable by `strings`; `lang` and `dir` honoured.

afterEach(() => document.body.replaceChildren());

const sendButton = (chat: HTMLElement) => chat.shadowRoot!.querySelector('[part~="send-button"]')!.getAttribute('aria-label');

describe('<mcp-chat> strings, lang and dir', () => {
  test('a partial strings object overrides only the keys it names', async () => {
    const chat = await mountChat({ provider: false });
    chat.strings = { send: 'Go', placeholder: 'Ask me' };
    await chat.updateComplete;
    expect(sendButton(chat)).toBe('Go');
    expect(shadow(chat).querySelector('textarea')!.placeholder).toBe('Ask me');
    await expect.poll(() => shadow(chat).querySelector('[part~="notice"]')?.textContent).toContain('An open model can answer you here');
    chat.strings = { send: 'Go', placeholder: 'Ask me', openModelEmpty: 'A model on your device can answer.' };
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part~="notice"]')!.textContent).toBe('A model on your device can answer.');
  });

  test("with `strings` set before a panel is first opened, the panel's own English text is there (it loads with the panels)", async () => {
    const chat = await mountChat({ provider: false });
    chat.strings = { send: 'Go' };
    await chat.updateComplete;
    await openPanelFromMenu(chat, 'Servers');
    const panel = () => shadow(chat).querySelector('[part="panel"]');
    await expect.poll(() => panel()?.textContent ?? '', { timeout: 20_000 }).toContain('Server address');
    expect(panel()!.textContent).not.toContain('undefined');
    expect(sendButton(chat)).toBe('Go');
  });

  test('lang="ar" on an ancestor: Arabic text, laid out right to left', async () => {
    const wrapper = document.createElement('section');
    wrapper.lang = 'ar';
    const chat = document.createElement('mcp-chat');
    chat.server = inject('demoUrl');
    chat.store = createMemoryHistory();
    wrapper.append(chat);
    // Every label the send button shows, from the first render on: the Arabic table is
    // loaded when first used (issue 17), and the chat waits for it rather than show English.
    const labels: (string | null)[] = [];
    const seen = new MutationObserver(() =>
      labels.push(chat.shadowRoot!.querySelector('[part~="send-button"]')?.getAttribute('aria-label') ?? null),
    );
    document.body.append(wrapper);
    seen.observe(chat.shadowRoot!, { childList: true, subtree: true, attributes: true });
    await chat.updateComplete;
    seen.disconnect();
    expect(labels.filter(Boolean).length).toBeGreaterThan(0);
    expect(labels.filter((label) => label !== null && label !== CHAT_STRINGS_AR.send)).toEqual([]);
    expect(sendButton(chat)).toBe(CHAT_STRINGS_AR.send);
    expect(chat.shadowRoot!.querySelector('textarea')!.placeholder).toBe(CHAT_STRINGS_AR.placeholder);
    const base = chat.shadowRoot!.querySelector<HTMLElement>('[part="base"]')!;
    expect(base.getAttribute('dir')).toBe('rtl');
    expect(getComputedStyle(chat.shadowRoot!.querySelector('textarea')!).direction).toBe('rtl');
    // dir set by the page wins; lang changes on the element apply at once.
    chat.setAttribute('lang', 'en');
    chat.setAttribute('dir', 'ltr');
    await chat.updateComplete;
    expect(sendButton(chat)).toBe('Send');
    expect(base.getAttribute('dir')).toBe('ltr');
  });
});
