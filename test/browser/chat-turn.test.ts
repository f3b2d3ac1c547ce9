import { afterEach, describe, expect, test } from 'vitest';
import type { McpToolCallEvent } from '../../src/events/tool-call.js';
import { deepAll, mountChat, shadow, typeAndSend, turnEnds } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

describe('<mcp-chat> turn', () => {
  test('a full turn with two tool calls, one returning an image, then the answer', async () => {
    const chat = await mountChat();
    const ends = turnEnds(chat);
    const calls: McpToolCallEvent[] = [];
    chat.addEventListener('mcp-tool-call', (e) => calls.push(e));
    await typeAndSend(chat, '[[tool:echo {"message":"hello there"}]] [[tool:rich-content]]');
    await ends.reach(1);
    expect(ends.events[0]!.reason).toBe('endTurn');
    expect(calls.map((c) => [c.toolUse.name, c.status, c.server])).toEqual([
      ['echo', 'done', expect.any(String)],
      ['rich-content', 'done', expect.any(String)],
    ]);
    await chat.updateComplete;
    const cards = deepAll(shadow(chat), 'mcp-tool-card');
    expect(cards).toHaveLength(2);
    const statuses = cards.map((c) => c.shadowRoot!.querySelector('[part="status"]')!.textContent);
    expect(statuses).toEqual(['Done', 'Done']);
    const images = deepAll<HTMLImageElement>(cards[1]!.shadowRoot!, 'img');
    expect(images[0]!.src).toMatch(/^data:image\/png;base64,/);
    await images[0]!.decode();
    expect(images[0]!.naturalWidth).toBeGreaterThan(0);
    const texts = deepAll(shadow(chat), 'mcp-markdown').map((m) => m.shadowRoot!.textContent);
    expect(texts.some((t) => t?.includes('Tool results:'))).toBe(true);
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});
