import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpToolCard } from '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import { deepAll, mountChat, shadow, typeAndSend } from './chat-helpers.js';

/**
 * Issue 11: the card of a call the person started from the "/" palette is
 * open while it runs (arguments, progress, Stop) and stays open when it ends,
 * showing the result the person asked for. The model's calls are one row each,
 * opened on demand.
 */

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

const cards = (chat: McpChat) => deepAll<McpToolCard>(shadow(chat), 'mcp-tool-card');
const detailsOpen = (card: McpToolCard) => card.shadowRoot!.querySelector('details')!.open;
/** The result text a person can read in the card (hidden text of a closed card does not count). */
const visibleResult = (card: McpToolCard) =>
  deepAll<HTMLElement>(card.shadowRoot!, 'mcp-markdown')
    .filter((m) => m.checkVisibility())
    .map((m) => m.shadowRoot!.textContent)
    .join(' ');

describe('a tool run from the palette', () => {
  test('its card is open while it runs, with progress, and stays open with the result when done; a click closes it', async () => {
    const chat = await mountChat({ provider: false });
    const input = shadow(chat).querySelector('textarea')!;
    await userEvent.click(input);
    await userEvent.keyboard('/long');
    await expect.poll(() => shadow(chat).querySelector('[part="palette-item"] strong')?.textContent).toBe('Long task');
    await userEvent.keyboard('{Enter}');
    const form = await expect
      .poll(() => shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]'))
      .toBeTruthy()
      .then(() => shadow(chat).querySelector<HTMLFormElement>('[part="run-form"]')!);
    await userEvent.fill(form.querySelector<HTMLInputElement>('[name="steps"]')!, '4');
    await userEvent.fill(form.querySelector<HTMLInputElement>('[name="delayMs"]')!, '400');
    await userEvent.click(form.querySelector('button[type="submit"]')!);

    await expect.poll(() => cards(chat).length, { timeout: 10_000 }).toBe(1);
    const card = cards(chat)[0]!;
    await expect.poll(() => card.shadowRoot!.querySelector('[part="progress"]') !== null, { timeout: 10_000 }).toBe(true);
    expect(card.effectiveStatus).toBe('running');
    expect(detailsOpen(card)).toBe(true);
    expect(card.shadowRoot!.querySelector('[part="arguments"]')!.checkVisibility()).toBe(true);

    // Done: the person sees the result without a click.
    await expect.poll(() => card.effectiveStatus, { timeout: 15_000 }).toBe('done');
    await expect.poll(() => visibleResult(card)).toContain('Finished 4 steps.');
    expect(detailsOpen(card)).toBe(true);
    expect(card.shadowRoot!.querySelector('[part="status"]')!.textContent).toBe('Done');
    // It stays open when the chat draws again.
    chat.requestUpdate();
    await chat.updateComplete;
    expect(detailsOpen(card)).toBe(true);

    // A click on its row closes it, and it stays as the person left it.
    await userEvent.click(card.shadowRoot!.querySelector('summary')!);
    expect(detailsOpen(card)).toBe(false);
    expect(visibleResult(card)).not.toContain('Finished 4 steps.');
    chat.requestUpdate();
    await chat.updateComplete;
    expect(detailsOpen(card)).toBe(false);
  });

  test('a call the person stopped stays open and says it was stopped', async () => {
    const chat = await mountChat({ provider: false });
    void chat.runTool('long-task', { steps: 100, delayMs: 500 });
    await expect
      .poll(() => cards(chat)[0]?.shadowRoot!.querySelector<HTMLButtonElement>('[part="stop-button"]') ?? null, { timeout: 10_000 })
      .not.toBeNull();
    const card = cards(chat)[0]!;
    await userEvent.click(card.shadowRoot!.querySelector<HTMLButtonElement>('[part="stop-button"]')!);
    await expect.poll(() => card.effectiveStatus, { timeout: 10_000 }).toBe('cancelled');
    await expect.poll(() => visibleResult(card)).toContain('The person stopped this tool call.');
    expect(detailsOpen(card)).toBe(true);
  });

  test("the model's calls are rows that open on a click", async () => {
    const chat = await mountChat();
    await typeAndSend(chat, '[[tool:echo {"message":"from the model"}]]');
    await expect.poll(() => cards(chat)[0]?.effectiveStatus, { timeout: 15_000 }).toBe('done');
    await expect.poll(() => chat.busy, { timeout: 15_000 }).toBe(false);
    const card = cards(chat)[0]!;
    expect(detailsOpen(card)).toBe(false);
    expect(visibleResult(card)).not.toContain('from the model');
    await userEvent.click(card.shadowRoot!.querySelector('summary')!);
    await expect.poll(() => visibleResult(card)).toContain('from the model');
  });
});
