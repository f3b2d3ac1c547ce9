import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe('<mcp-chat> model settings and attachments', () => {
  test('the person picks an endpoint, lists its models, and the chat then answers', async () => {
    const chat = await mountChat({ provider: false });
    await openPanelFromMenu(chat, 'Settings');
    const panel = shadow(chat).querySelector('[part="panel"]')!;
    const field = (name: string) => panel.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    await userEvent.fill(field('baseUrl'), inject('openaiUrl'));
    await userEvent.fill(field('apiKey'), 'test-key');
    expect(field('apiKey').type).toBe('password');
    await userEvent.click([...panel.querySelectorAll('button')].find((b) => b.textContent === 'List models')!);
    await expect
      .poll(() => [...panel.querySelectorAll('#model-list option')].map((o) => (o as HTMLOptionElement).value))
      .toContain('gpt-4o-mini');
    await userEvent.fill(field('model'), 'gpt-4o-mini');
    await userEvent.click([...panel.querySelectorAll('button')].find((b) => b.textContent === 'Use this model')!);
    await chat.updateComplete;
    expect(chat.chatProvider).toBeDefined();
    expect(shadow(chat).querySelector('[part="notice"]')).toBeNull();
    // The key is not remembered unless the page allows it.
    expect(JSON.stringify({ ...localStorage })).not.toContain('test-key');
    const done = ended(chat);
    await chat.send('hello');
    expect((await done).reason).toBe('endTurn');
    expect(chat.messages[1]!.content[0]).toEqual({ type: 'text', text: 'Echo: hello' });
  });

  test('an image picked with the file picker is sent as an image block', async () => {
    const chat = await mountChat();
    const picker = shadow(chat).querySelector<HTMLInputElement>('input.files')!;
    const files = new DataTransfer();
    files.items.add(new File([Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0))], 'dot.png', { type: 'image/png' }));
    picker.files = files.files;
    picker.dispatchEvent(new Event('change'));
    await expect.poll(() => chat.attachments.length).toBe(1);
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part="attachments"] img')).not.toBeNull();
    const input = shadow(chat).querySelector('textarea')!;
    input.value = 'what is this';
    const done = ended(chat);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await done;
    expect(chat.messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'what is this' },
        { type: 'image', data: PNG, mimeType: 'image/png', _meta: { name: 'dot.png', size: atob(PNG).length } },
      ],
    });
    const fake = inject('openaiUrl').replace(/\/openai\/v1$/, '');
    const last = await (await fetch(`${fake}/__last-request?contains=what%20is%20this`)).json();
    expect(JSON.stringify(last.body)).toContain(`data:image/png;base64,${PNG}`);
    expect(chat.attachments).toEqual([]);
  });
});
