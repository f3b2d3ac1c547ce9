import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpToolCard } from '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import { deepAll, mountChat, shadow } from './chat-helpers.js';

/**
 * Issue 11: the card of a call started from the "/" palette is open while it
 * runs (the person sees its arguments, progress and Stop), then behaves like
 * the model's calls: one row, opened on demand.
 */

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

const cards = (chat: McpChat) => deepAll<McpToolCard>(shadow(chat), 'mcp-tool-card');
const detailsOpen = (card: McpToolCard) => card.shadowRoot!.querySelector('details')!.open;

describe('a tool run from the palette', () => {
  test('its card is open while it runs, with progress; once done it is a row that opens on a click', async () => {
    const chat = await mountChat({ provider: false });
    const input = shadow(chat).querySelector('textarea')!;
    await userEvent.click(input);
    await userEvent.keyboard('/long');
    await expect.poll(() => shadow(chat).querySelector('[part="palette-item"] strong')?.textContent).toBe('Long task');
    await userEvent.keyboard('{Enter}');
    const form = await expect.poll(() => shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')).toBeTruthy().then(() => shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!);
    await userEvent.fill(form.querySelector<HTMLInputElement>('[name="steps"]')!, '4');
    await userEvent.fill(form.querySelector<HTMLInputElement>('[name="delayMs"]')!, '400');
    await userEvent.click(form.querySelector('button[type="submit"]')!);

    await expect.poll(() => cards(chat).length, { timeout: 10_000 }).toBe(1);
    const card = cards(chat)[0]!;
    await expect.poll(() => card.shadowRoot!.querySelector('[part="progress"]') !== null, { timeout: 10_000 }).toBe(true);
    expect(card.effectiveStatus).toBe('running');
    expect(detailsOpen(card)).toBe(true);
    expect(card.shadowRoot!.querySelector('[part="arguments"]')!.closest('details')!.open).toBe(true);

    await expect.poll(() => card.effectiveStatus, { timeout: 15_000 }).toBe('done');
    await expect.poll(() => detailsOpen(card)).toBe(false);
    await userEvent.click(card.shadowRoot!.querySelector('summary')!);
    expect(detailsOpen(card)).toBe(true);
    await expect.poll(() => deepAll(card.shadowRoot!, 'mcp-markdown').map((m) => m.shadowRoot!.textContent).join(' ')).toContain('Finished 4 steps.');
    // It stays as the person left it when the chat draws again.
    chat.requestUpdate();
    await chat.updateComplete;
    expect(detailsOpen(card)).toBe(true);
  });
});
