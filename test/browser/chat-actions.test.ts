import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { openHistory } from '../../src/history/idb-store.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';

// Issue 11 §3: per message copy, regenerate, edit and resend; Escape closes the open panel.

afterEach(() => document.body.replaceChildren());

const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
const texts = (chat: McpChat) =>
  chat.messages.map((m) => `${m.role}: ${m.content.map((b) => (b.type === 'text' ? b.text : b.type)).join(' ')}`);
const button = (chat: McpChat, part: string) => [...shadow(chat).querySelectorAll<HTMLButtonElement>(`[part~="${part}"]`)];

async function say(chat: McpChat, text: string): Promise<void> {
  const done = ended(chat);
  await chat.send(text);
  await done;
}

describe('<mcp-chat> message actions', () => {
  test('edit and resend replaces what followed; the old turn stays in the store', async () => {
    const store = await openHistory({ name: `actions-${Math.random()}` });
    const storageKey = `k-${Math.random()}`;
    const chat = await mountChat({ store, storageKey });
    await say(chat, 'first question');
    await say(chat, 'second question');
    await chat.updateComplete;
    expect(button(chat, 'edit-button')).toHaveLength(2);
    await userEvent.click(button(chat, 'edit-button')[0]!);
    const field = await expect
      .poll(() => shadow(chat).querySelector('[part~="edit-form"] textarea'))
      .not.toBeNull()
      .then(() => shadow(chat).querySelector<HTMLTextAreaElement>('[part~="edit-form"] textarea')!);
    expect(field.value).toBe('first question');
    expect(shadow(chat).activeElement).toBe(field);
    const done = ended(chat);
    await userEvent.fill(field, 'changed question');
    await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="edit-form"] button[type="submit"]')!);
    await done;
    expect(texts(chat)).toEqual(['user: changed question', 'assistant: Echo: changed question']);
    await chat.session.saved();
    // Nothing lost: the store holds the old turns too, and a reload shows the edited conversation.
    const id = chat.session.conversation!.id;
    const stored = await store.loadLast(id, 100);
    expect(stored.map((m) => (m.content[0] as { text: string }).text)).toEqual([
      'first question',
      'Echo: first question',
      'second question',
      'Echo: second question',
      'changed question',
      'Echo: changed question',
    ]);
    chat.remove();
    const again = document.createElement('mcp-chat');
    again.store = store;
    again.storageKey = storageKey;
    document.body.append(again);
    await expect.poll(() => texts(again), { timeout: 5000 }).toEqual(['user: changed question', 'assistant: Echo: changed question']);
  });

  test('regenerate answers the last question again, only on the last answer', async () => {
    const chat = await mountChat();
    await say(chat, 'one');
    await say(chat, 'two');
    await chat.updateComplete;
    expect(button(chat, 'regenerate-button')).toHaveLength(1);
    const done = ended(chat);
    await userEvent.click(button(chat, 'regenerate-button')[0]!);
    await done;
    expect(texts(chat)).toEqual(['user: one', 'assistant: Echo: one', 'user: two', 'assistant: Echo: two']);
    await chat.session.saved();
    expect((await chat.chatStore!.loadLast(chat.session.conversation!.id, 100)).length).toBe(6);
  });

  test('a tool the person ran from the palette is never removed by Regenerate (issue 36 item 10)', async () => {
    const chat = await mountChat();
    await say(chat, 'one');
    await chat.runTool('echo', { message: 'my own run' });
    await chat.updateComplete;
    const before = texts(chat);
    expect(before.slice(2)).toEqual(['assistant: tool_use', 'user: tool_result']);
    // Regenerate is offered on the model's answers only: the person's own run is not one.
    expect(button(chat, 'regenerate-button')).toHaveLength(0);
    // Nothing removes it: the conversation is what it was.
    expect(texts(chat)).toEqual(before);
    // The next question's answer can be regenerated, and the run before it stays.
    await say(chat, 'two');
    await chat.updateComplete;
    const answered = texts(chat);
    expect(answered.slice(0, -1)).toEqual([...before, 'user: two']);
    expect(button(chat, 'regenerate-button')).toHaveLength(1);
    const done = ended(chat);
    await userEvent.click(button(chat, 'regenerate-button')[0]!);
    await done;
    expect(texts(chat)).toEqual(answered);
    expect(JSON.stringify(chat.messages)).toContain('my own run');
  });

  test('copy puts the message text on the clipboard', async () => {
    const chat = await mountChat();
    await say(chat, 'copy me');
    await chat.updateComplete;
    let copied = '';
    const original = navigator.clipboard.writeText;
    // The headless browser has no clipboard permission: read what the chat hands to the real API.
    navigator.clipboard.writeText = async (text: string) => void (copied = text);
    try {
      await userEvent.click(button(chat, 'copy-button').at(-1)!);
      await expect.poll(() => copied).toBe('Echo: copy me');
    } finally {
      navigator.clipboard.writeText = original;
    }
  });

  test('Escape closes the open panel and gives focus back to the menu button', async () => {
    const chat = await mountChat({ provider: false });
    await openPanelFromMenu(chat, 'Settings');
    await expect.poll(() => shadow(chat).querySelector('[part="panel"]')).not.toBeNull();
    shadow(chat).querySelector<HTMLInputElement>('[part="panel"] input')!.focus();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => shadow(chat).querySelector('[part="panel"]')).toBeNull();
    expect(shadow(chat).activeElement).toBe(shadow(chat).querySelector('[part~="menu-button"]'));
  });
});
