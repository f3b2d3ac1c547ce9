import { axeFindings } from './axe-findings.js';
import { afterEach, describe, expect, test } from 'vitest';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { deepAll, mountChat, shadow, typeAndSend } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));

describe('<mcp-chat> theming and accessibility', () => {
  test('outside CSS styles parts (including re-exported inner parts) and custom properties', async () => {
    const style = document.createElement('style');
    style.textContent = `
      mcp-chat.themed { --mcp-chat-accent: rgb(200, 10, 90); --mcp-chat-radius: 14px; --mcp-color-bg: rgb(250, 240, 230); }
      mcp-chat.themed::part(send-button) { text-transform: uppercase; }
      mcp-chat.themed::part(tool-card) { border-width: 3px; }
      mcp-chat.themed::part(user-message) { font-style: italic; }
    `;
    document.head.append(style);
    const chat = await mountChat();
    chat.classList.add('themed');
    const done = ended(chat);
    await typeAndSend(chat, '[[tool:echo {"message":"styled"}]]');
    await done;
    await chat.updateComplete;
    const send = shadow(chat).querySelector('[part="send-button"]')!;
    expect(getComputedStyle(send).backgroundColor).toBe('rgb(200, 10, 90)');
    expect(getComputedStyle(send).textTransform).toBe('uppercase');
    expect(getComputedStyle(shadow(chat).querySelector('[part="base"]')!).borderRadius).toBe('14px');
    expect(getComputedStyle(shadow(chat).querySelector('[part="base"]')!).backgroundColor).toBe('rgb(250, 240, 230)');
    const card = deepAll(shadow(chat), '[part="card"]')[0]!;
    expect(getComputedStyle(card).borderTopWidth).toBe('3px');
    const userMessage = deepAll(shadow(chat), '[part~="user-message"]')[0]!;
    expect(getComputedStyle(userMessage).fontStyle).toBe('italic');
    style.remove();
  });

  test('light and dark follow the theme attribute', async () => {
    const chat = await mountChat({ provider: false });
    const base = shadow(chat).querySelector('[part="base"]')!;
    chat.theme = 'light';
    await chat.updateComplete;
    const light = getComputedStyle(base).backgroundColor;
    chat.theme = 'dark';
    await chat.updateComplete;
    const dark = getComputedStyle(base).backgroundColor;
    expect(light).toBe('rgb(255, 255, 255)');
    expect(dark).toBe('rgb(21, 21, 24)');
  });

  test('axe finds no violations in a conversation with tool cards, in light and dark', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, '[[tool:rich-content]] [[tool:weather {"city":"Rome"}]]');
    await done;
    await chat.updateComplete;
    for (const theme of ['light', 'dark'] as const) {
      chat.theme = theme;
      await chat.updateComplete;
      expect(await axeFindings(chat)).toEqual([]);
    }
    const live = shadow(chat).querySelector('[role="status"][aria-live="polite"]')!;
    expect(live.textContent).toMatch(/Assistant: |weather/);
  });
});
