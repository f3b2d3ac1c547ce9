import { afterEach, describe, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { HistoryStore, NewMessage } from '../../src/history/index.js';
import { markdownStats } from '../../src/elements/markdown/render-markdown.js';
import { FIRST_PAGE, WINDOW_PAGE } from '../../src/elements/mcp-chat/conversation/chat-scroll.js';
import { openPanelFromMenu } from './chat-helpers.js';
import { userEvent } from 'vitest/browser';

// Long conversations: what a person sees when opening one, scrolling back
// through it and jumping to a message found by search.

afterEach(async () => {
  // A chat taken off the page still reads the rest of its conversation and renders it: let it finish, so it does not run into the next test.
  for (const chat of document.querySelectorAll('mcp-chat')) await chat.session.whenLoaded();
  document.body.replaceChildren();
});

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
const settle = async () => {
  for (let i = 0; i < 4; i++) await frame();
  await new Promise((r) => setTimeout(r, 50));
  await frame();
};

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** `count` messages: questions, markdown answers, now and then a tool call with its result. */
function conversation(count: number): NewMessage[] {
  const messages: NewMessage[] = [];
  for (let i = 0; messages.length < count; i++) {
    messages.push({ role: 'user', content: [{ type: 'text', text: `Question ${i}: what about item ${i}?` }] });
    if (i % 4 === 0 && messages.length + 3 <= count) {
      messages.push({
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool_use', id: `t${i}`, name: 'weather', input: { city: `City ${i}` } },
        ],
      });
      messages.push({
        role: 'user',
        content: [
          {
            type: 'tool_result',
            toolUseId: `t${i}`,
            content: [
              { type: 'text', text: `{"city":"City ${i}"}` },
              { type: 'image', data: PNG, mimeType: 'image/png' },
            ],
            structuredContent: { city: `City ${i}`, temperatureC: i % 30 },
          },
        ],
      });
    }
    if (messages.length < count)
      messages.push({ role: 'assistant', content: [{ type: 'text', text: `## Answer ${i}\n\nHere is **item ${i}**:\n\n- one\n- two\n` }] });
  }
  return messages;
}

async function storeWith(count: number): Promise<{ store: HistoryStore; id: string; messages: NewMessage[] }> {
  const store = createMemoryHistory();
  const c = await store.createConversation({ title: `${count} messages` });
  const messages = conversation(count);
  for (let i = 0; i < messages.length; i += 500) await store.appendMessages(c.id, messages.slice(i, i + 500));
  return { store, id: c.id, messages };
}

async function mount(store: HistoryStore): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.store = store;
  chat.storageKey = `long-${Math.random()}`;
  chat.style.setProperty('--mcp-chat-height', '600px');
  document.body.append(chat);
  await chat.updateComplete;
  return chat;
}

/** Opens a short conversation once, so the message and markdown code is loaded (as it is after the first conversation a person opens). */
async function warmUp(): Promise<void> {
  const { store, id } = await storeWith(10);
  const chat = await mount(store);
  await chat.openConversation(id);
  await chat.updateComplete;
  await settle();
  chat.remove();
}

const list = (chat: McpChat) => chat.shadowRoot!.querySelector<HTMLElement>('[part="message-list"]')!;
const shownMessages = (chat: McpChat) => [...chat.shadowRoot!.querySelectorAll<HTMLElement>('mcp-message')];
/** The text a message element shows (through its shadow roots). */
function textOf(el: Element): string {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    const root = (node as Element).shadowRoot;
    if (root) walk(root);
    for (const child of node.childNodes) walk(child);
  };
  walk(el);
  return text.replace(/\s+/g, ' ');
}
/** True when `el` is inside the visible part of the message list. */
function inView(chat: McpChat, el: Element): boolean {
  const box = list(chat).getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return r.bottom > box.top + 1 && r.top < box.bottom - 1;
}

/** A conversation of `count` messages opened (after a warm-up), shown at its bottom. */
async function openedAtBottom(count: number): Promise<{ chat: McpChat; l: HTMLElement }> {
  await warmUp();
  const { store, id } = await storeWith(count);
  const chat = await mount(store);
  await chat.openConversation(id);
  await settle();
  const l = list(chat);
  expect(l.scrollHeight - l.scrollTop - l.clientHeight).toBeLessThan(2);
  return { chat, l };
}

describe('<mcp-chat> long conversations', () => {
  test('after openConversation() of 1,000 messages the last message is in view, at the bottom', async () => {
    const { store, id } = await storeWith(1000);
    const chat = await mount(store);
    await chat.openConversation(id);
    await chat.updateComplete;
    await settle();
    const all = shownMessages(chat);
    const last = all[all.length - 1]!;
    expect(textOf(last)).toContain('Answer');
    expect(inView(chat, last)).toBe(true);
    const l = list(chat);
    expect(l.scrollHeight - l.scrollTop - l.clientHeight).toBeLessThan(2);
  });

  test('opening paints the newest messages first, filling the view; more are rendered above in idle time without moving what is shown', async () => {
    await warmUp();
    const { store, id, messages } = await storeWith(1000);
    const chat = await mount(store);
    await chat.openConversation(id);
    await chat.updateComplete;
    // The frame after opening, before it is painted: a first page of the newest messages, more than the view holds.
    const first = await new Promise<{ shown: number; overflow: number; last: string }>((resolve) =>
      requestAnimationFrame(() => {
        const l = list(chat);
        resolve({
          shown: shownMessages(chat).length,
          overflow: l.scrollHeight - l.clientHeight,
          last: textOf(shownMessages(chat).at(-1)!),
        });
      }),
    );
    expect(first.shown).toBeGreaterThan(0);
    expect(first.shown).toBeLessThanOrEqual(FIRST_PAGE);
    expect(first.overflow).toBeGreaterThan(100);
    const newest = messages.at(-1)!.content[0] as { text: string };
    expect(first.last).toContain(newest.text.split('\n')[0]!.replace(/#+ /, ''));
    await settle();
    const last = shownMessages(chat).at(-1)!;
    expect(inView(chat, last)).toBe(true);
    const top = last.getBoundingClientRect().top;
    // Then, while the page is idle, the window grows to a full page above; the newest message stays where it is.
    await expect.poll(() => shownMessages(chat).length, { timeout: 5000 }).toBeGreaterThanOrEqual(WINDOW_PAGE);
    await settle();
    expect(shownMessages(chat).at(-1)).toBe(last);
    expect(Math.abs(last.getBoundingClientRect().top - top)).toBeLessThan(2);
    const l = list(chat);
    expect(l.scrollHeight - l.scrollTop - l.clientHeight).toBeLessThan(2);
  });

  test('a person who scrolls up right after opening keeps reading the same message while older ones are added above', async () => {
    await warmUp();
    const { store, id } = await storeWith(1000);
    const chat = await mount(store);
    await chat.openConversation(id);
    await chat.updateComplete;
    await frame();
    const l = list(chat);
    l.scrollTop -= 120;
    await frame();
    const top = shownMessages(chat).find((m) => m.getBoundingClientRect().bottom > l.getBoundingClientRect().top + 1)!;
    const offset = top.getBoundingClientRect().top;
    // Older messages are added above (the window grows, the rest of the conversation is read): the same message stays put.
    await expect.poll(() => shownMessages(chat).length, { timeout: 5000 }).toBeGreaterThanOrEqual(WINDOW_PAGE);
    await expect.poll(() => chat.messages.length, { timeout: 5000 }).toBe(1000);
    await settle();
    expect(top.isConnected).toBe(true);
    expect(Math.abs(top.getBoundingClientRect().top - offset)).toBeLessThan(3);
    expect(shownMessages(chat).indexOf(top)).toBeGreaterThan(FIRST_PAGE);
  });

  test('a person who scrolls up while an update is under way is not pulled back to the bottom', async () => {
    const { chat, l } = await openedAtBottom(1000);
    // The person scrolls up in the same moment as the chat updates (more messages read, a card's status): before the scroll event.
    l.scrollTop -= 200;
    chat.requestUpdate();
    await chat.updateComplete;
    await settle();
    expect(l.scrollHeight - l.scrollTop - l.clientHeight).toBeGreaterThan(150);
  });

  test('a person who scrolls up in the frame where a message grows is not pulled back to the bottom', async () => {
    const { chat, l } = await openedAtBottom(200);
    // In one frame, before its scroll event: the person scrolls up 150 px, and a message
    // grows (an image that loaded, a card's result), which the chat hears of before the scroll.
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        l.scrollTop -= 150;
        shownMessages(chat).at(-3)!.style.paddingBottom = '40px';
        resolve();
      }),
    );
    await settle();
    expect(l.scrollHeight - l.scrollTop - l.clientHeight).toBeGreaterThan(150);
  });

  test('a view taller than the first page is filled before it is painted', async () => {
    await warmUp();
    const { store, id } = await storeWith(1000);
    const chat = await mount(store);
    chat.style.setProperty('--mcp-chat-height', '2400px');
    await chat.updateComplete;
    await chat.openConversation(id);
    await chat.updateComplete;
    const first = await new Promise<{ shown: number; overflow: number }>((resolve) =>
      requestAnimationFrame(() => {
        const l = list(chat);
        resolve({ shown: shownMessages(chat).length, overflow: l.scrollHeight - l.clientHeight });
      }),
    );
    expect(first.shown).toBeGreaterThan(FIRST_PAGE);
    expect(first.overflow).toBeGreaterThan(0);
    await settle();
    expect(inView(chat, shownMessages(chat).at(-1)!)).toBe(true);
  });

  test('scrolling up shows older messages in order, and the message at the top stays where it was', async () => {
    await warmUp();
    const { store, id } = await storeWith(1000);
    const chat = await mount(store);
    await chat.openConversation(id);
    // Indexes count from the conversation's start once all of it is read: until then they count from
    // the first message read, and on a busy machine the rest arrived mid-scroll (42 became 660).
    await chat.session.whenLoaded();
    await settle();
    const l = list(chat);
    const firstShown = () => Number(shownMessages(chat)[0]!.dataset.index);
    const before = firstShown();
    expect(before).toBeGreaterThan(0);
    // The person scrolls up step by step, as a wheel does, past several pages.
    let steps = 0;
    while (firstShown() > before - 100 && steps++ < 200) {
      const top = shownMessages(chat).find((m) => m.getBoundingClientRect().bottom > l.getBoundingClientRect().top + 1)!;
      const offset = top.getBoundingClientRect().top;
      l.scrollTop -= 150;
      await settle();
      // The message the person was reading (the same element: its index changes when the rest of the
      // conversation has been read meanwhile) moved by the scroll (150 px) only: no jump when older ones were added above.
      expect(top.isConnected).toBe(true);
      expect(Math.abs(top.getBoundingClientRect().top - offset - 150)).toBeLessThan(3);
    }
    expect(firstShown()).toBeLessThanOrEqual(before - 100);
    // In order: each shown message follows the one before it.
    const indexes = shownMessages(chat).map((m) => Number(m.dataset.index));
    expect(indexes).toEqual(indexes.map((_, i) => indexes[0]! + i));
    const texts = shownMessages(chat)
      .map(textOf)
      .filter((t) => t.includes('Question'));
    const numbers = texts.map((t) => Number(/Question (\d+)/.exec(t)![1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  test('with 10,000 messages the page holds a bounded number of them, also after scrolling far back', async () => {
    const { store, id } = await storeWith(10_000);
    const chat = await mount(store);
    await chat.openConversation(id);
    await settle();
    // The newest messages are shown first; the rest are read in pieces after that (slower on a busy machine).
    await expect.poll(() => chat.messages.length, { timeout: 15_000 }).toBe(10_000);
    expect(shownMessages(chat).length).toBeLessThan(200);
    const last = shownMessages(chat).at(-1)!;
    expect(inView(chat, last)).toBe(true);
    const l = list(chat);
    const first = Number(shownMessages(chat)[0]!.dataset.index);
    for (let i = 0; i < 40; i++) {
      l.scrollTop = 0;
      await settle();
    }
    expect(Number(shownMessages(chat)[0]!.dataset.index)).toBeLessThan(first - 1000);
    expect(shownMessages(chat).length).toBeLessThan(200);
  });

  test('showMessage() and a search hit show a message among 10,000 that was never rendered', async () => {
    const { store, id } = await storeWith(10_000);
    const chat = await mount(store);
    await chat.openConversation(id);
    await settle();
    await expect.poll(() => chat.messages.length, { timeout: 15_000 }).toBe(10_000);
    const target = chat.messages.findIndex((m) => m.content.some((b) => b.type === 'text' && b.text.startsWith('Question 120:')));
    expect(target).toBeGreaterThan(0);
    expect(shownMessages(chat).some((m) => textOf(m).includes('Question 120:'))).toBe(false);
    await chat.showMessage(target);
    await settle();
    const shown = shownMessages(chat).find((m) => textOf(m).includes('Question 120:'))!;
    expect(shown).toBeDefined();
    expect(inView(chat, shown)).toBe(true);
    expect(shownMessages(chat).length).toBeLessThan(200);

    // The person searches the saved conversations for a text deep inside it and opens the hit.
    chat.newConversation();
    await openPanelFromMenu(chat, 'Conversations');
    const search = chat.shadowRoot!.querySelector<HTMLInputElement>('input[part="search"]')!;
    await userEvent.fill(search, 'Question 3210:');
    const open = () => chat.shadowRoot!.querySelector<HTMLButtonElement>(`[data-open="${id}"]`);
    await expect.poll(() => open()).toBeTruthy();
    await userEvent.click(open()!);
    await expect.poll(() => shownMessages(chat).find((m) => textOf(m).includes('Question 3210:')), { timeout: 10_000 }).toBeTruthy();
    await settle();
    const hit = shownMessages(chat).find((m) => textOf(m).includes('Question 3210:'))!;
    expect(inView(chat, hit)).toBe(true);
    expect(chat.shadowRoot!.querySelector('[role="status"]')!.textContent).toMatch(/Message \d+ of/);
  });

  test('the markdown of a message is parsed once: re-renders, panel switches and reopening do not parse it again', async () => {
    const { store, id } = await storeWith(60);
    const chat = await mount(store);
    await chat.openConversation(id);
    await settle();
    // The window grows from its first page in idle time (later on a busy machine): every message it will show is parsed once it has.
    await expect.poll(() => shownMessages(chat).length, { timeout: 5000 }).toBeGreaterThanOrEqual(WINDOW_PAGE);
    await settle();
    const after = markdownStats.parses;
    expect(after).toBeGreaterThan(0);
    chat.requestUpdate();
    await settle();
    await openPanelFromMenu(chat, 'Settings');
    await settle();
    await openPanelFromMenu(chat, 'Conversations');
    await settle();
    chat.newConversation();
    await settle();
    await chat.openConversation(id);
    await settle();
    expect(shownMessages(chat).some((m) => textOf(m).includes('Answer'))).toBe(true);
    expect(markdownStats.parses).toBe(after);
    // A changed text is parsed (once).
    const { renderMarkdown } = await import('../../src/elements/markdown/render-markdown.js');
    renderMarkdown(`a new text ${Math.random()}`);
    expect(markdownStats.parses).toBe(after + 1);
  });

  test('a message sent right after opening a long conversation joins it whole (its older messages are still being read)', async () => {
    const { store, id } = await storeWith(3000);
    const chat = await mount(store);
    await chat.openConversation(id);
    await chat.send('One more question');
    expect(chat.messages.length).toBe(3001);
    expect(chat.messages[0]!.content[0]).toMatchObject({ type: 'text', text: 'Question 0: what about item 0?' });
    expect(chat.messages.at(-1)!.content[0]).toMatchObject({ type: 'text', text: 'One more question' });
    await chat.session.saved();
    const conversation = await store.getConversation(id);
    expect(conversation!.messageCount).toBe(3001);
    await settle();
    const last = shownMessages(chat).at(-1)!;
    expect(textOf(last)).toContain('One more question');
    expect(inView(chat, last)).toBe(true);
  });
});
