import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { openHistory } from '../../src/history/idb-store.js';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { deepAll, mountChat, openPanelFromMenu, rowsOf, shadow, typeAndSend } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));

describe('<mcp-chat> history', () => {
  test('a new chat on the same store and key restores the open conversation (reload)', async () => {
    const name = `chat-reload-${Math.random()}`;
    const storageKey = `k-${Math.random()}`;
    const first = await mountChat({ store: await openHistory({ name }), storageKey });
    const done = ended(first);
    await typeAndSend(first, 'Remember me [[tool:weather {"city":"Oslo"}]]');
    await done;
    await first.session.saved();
    const before = first.messages;
    first.remove();
    const second = await mountChat({ store: await openHistory({ name }), storageKey });
    await expect.poll(() => second.messages.length, { timeout: 5000 }).toBe(before.length);
    expect(second.messages).toEqual(before);
    await second.updateComplete;
    const card = deepAll(shadow(second), 'mcp-tool-card')[0]!;
    expect(card.shadowRoot!.querySelector('[part="status"]')!.textContent).toBe('Done');
    expect(rowsOf(card.shadowRoot!.querySelector('[part="structured"]')!)).toMatchObject({ city: 'Oslo' });
  });

  test('export a conversation to a file, then import it as a new one', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, 'Export this [[say:Sure, exported.]]');
    await done;
    await chat.session.saved();
    const originalId = chat.session.conversation!.id;
    await openPanelFromMenu(chat, 'Conversations');
    await expect.poll(() => shadow(chat).querySelectorAll('[part="conversation"]').length).toBe(1);
    let saved: HTMLAnchorElement | undefined;
    shadow(chat).addEventListener(
      'click',
      (e) => {
        if (e.target instanceof HTMLAnchorElement) {
          saved = e.target;
          e.preventDefault();
        }
      },
      true,
    );
    await userEvent.click(shadow(chat).querySelector('[aria-label^="Export"]')!);
    await expect.poll(() => saved).toBeTruthy();
    expect(saved!.download).toMatch(/\.json$/);
    const text = await (await fetch(saved!.href)).text();
    expect(text).toContain('Sure, exported.');

    const input = shadow(chat).querySelector<HTMLInputElement>('input.import')!;
    const files = new DataTransfer();
    files.items.add(new File([text], 'conversation.json', { type: 'application/json' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change'));
    await expect.poll(() => chat.session.conversation?.id).not.toBe(originalId);
    expect(chat.messages.map((m) => m.content)).toEqual([
      [{ type: 'text', text: 'Export this [[say:Sure, exported.]]' }],
      [{ type: 'text', text: 'Sure, exported.' }],
    ]);
    await expect.poll(() => shadow(chat).querySelectorAll('[part="conversation"]').length).toBe(2);
  });

  test('a bad import file is refused with a message', async () => {
    const chat = await mountChat();
    const errors: string[] = [];
    chat.addEventListener('mcp-chat-error', (e) => errors.push(e.message));
    chat.panel = 'conversations';
    await chat.updateComplete;
    const input = shadow(chat).querySelector<HTMLInputElement>('input.import')!;
    const files = new DataTransfer();
    files.items.add(new File(['{"not":"an export"}'], 'bad.json'));
    input.files = files.files;
    input.dispatchEvent(new Event('change'));
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]).toMatch(/could not be imported/);
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part="error"]')!.textContent).toContain('could not be imported');
  });
});
