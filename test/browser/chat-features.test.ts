import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { deepAll, mountChat, shadow, typeAndSend } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));

describe('<mcp-chat> streaming and stop', () => {
  test('the answer grows on screen while it streams', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, `[[slow:15]] [[say:${words(60)}]]`);
    const visibleText = () => {
      const el = shadow(chat).querySelector('mcp-message.streaming');
      return el ? deepAll(el.shadowRoot!, 'mcp-markdown').map((m) => m.shadowRoot!.textContent).join('') : '';
    };
    await expect.poll(visibleText, { timeout: 10_000 }).toContain('w3');
    const seenMidway = visibleText();
    expect(seenMidway).not.toContain('w59');
    await done;
    await chat.updateComplete;
    expect(shadow(chat).querySelector('mcp-message.streaming')).toBeNull();
    const last = chat.messages.at(-1)!;
    expect(last.content[0]).toEqual({ type: 'text', text: words(60) });
  });

  test('Escape stops the answer mid-stream and keeps what was shown', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, `[[slow:30]] [[say:${words(200)}]]`);
    await expect.poll(() => shadow(chat).querySelector('[part="stop-button"]'), { timeout: 10_000 }).not.toBeNull();
    await expect.poll(() => (shadow(chat).querySelector('mcp-message.streaming') as { message?: { content: unknown[] } } | null)?.message?.content.length ?? 0).toBeGreaterThan(0);
    const input = shadow(chat).querySelector('textarea')!;
    input.focus();
    await userEvent.keyboard('{Escape}');
    const end = await done;
    expect(end.reason).toBe('stopped');
    const kept = chat.messages.at(-1)!.content[0]!;
    expect(kept.type === 'text' && kept.text.startsWith('w0 w1')).toBe(true);
    expect(kept.type === 'text' && kept.text.length < words(200).length).toBe(true);
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part="send-button"]')).not.toBeNull();
  });
});

describe('<mcp-chat> tools', () => {
  test('a destructive tool asks first; Approve runs it', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, '[[tool:delete-note {"id":"3"}]]');
    const card = await expect.poll(() => deepAll(shadow(chat), 'mcp-tool-card')[0], { timeout: 10_000 }).toBeTruthy().then(() => deepAll(shadow(chat), 'mcp-tool-card')[0]!);
    await expect.poll(() => card.shadowRoot!.querySelector('[part="status"]')?.textContent).toBe('Needs your approval');
    await userEvent.click(card.shadowRoot!.querySelector('[part="approve-button"]')!);
    await done;
    const result = chat.messages.find((m) => m.content[0]?.type === 'tool_result')!.content[0] as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toMatch(/^(Deleted note 3|Note 3 was already gone)/);
  });

  test('an elicitation inside a tool call shows under that call; Decline answers it', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, '[[tool:register-form]]');
    await expect.poll(() => deepAll(shadow(chat), 'mcp-elicit-form').length, { timeout: 10_000 }).toBe(1);
    const form = deepAll(shadow(chat), 'mcp-elicit-form')[0]!;
    const use = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_use') as { id: string };
    expect(form.slot).toBe(`tool-${use.id}`);
    expect(form.assignedSlot).not.toBeNull();
    const decline = await expect.poll(() => form.shadowRoot!.querySelector('[part~="decline-button"]')).not.toBeNull().then(() => form.shadowRoot!.querySelector<HTMLButtonElement>('[part~="decline-button"]')!);
    await userEvent.click(decline);
    await done;
    const result = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result') as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toBe('The form was declined.');
    expect(deepAll(shadow(chat), 'mcp-elicit-form')).toHaveLength(0);
  });

  test('without a model, "/" opens the palette and runs a tool from a generated form', async () => {
    const chat = await mountChat({ provider: false });
    expect(shadow(chat).querySelector('[part="notice"]')!.textContent).toContain('No model');
    const input = shadow(chat).querySelector('textarea')!;
    await userEvent.click(input);
    await userEvent.keyboard('/ech');
    await chat.updateComplete;
    const items = [...shadow(chat).querySelectorAll('[part="palette-item"]')];
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Echo')]);
    await userEvent.keyboard('{Enter}');
    await chat.updateComplete;
    const field = shadow(chat).querySelector<HTMLInputElement>('.run-form input[name="message"]')!;
    expect(field.required).toBe(true);
    expect(shadow(chat).activeElement).toBe(field);
    await userEvent.keyboard('from the palette{Enter}');
    await expect.poll(() => chat.messages.length, { timeout: 10_000 }).toBe(2);
    const result = chat.messages[1]!.content[0] as { type: string; content: unknown[] };
    expect(result.type).toBe('tool_result');
    expect(result.content).toEqual([{ type: 'text', text: 'from the palette' }]);
    await chat.updateComplete;
    const card = deepAll(shadow(chat), 'mcp-tool-card')[0]!;
    expect(card.shadowRoot!.querySelector('[part="status"]')!.textContent).toBe('Done');
  });
});
