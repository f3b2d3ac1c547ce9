import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { deepAll, mountChat, shadow, typeAndSend, turnEnds } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

/** Queues replies on the fake OpenAI server for requests that carry `[[script:KEY]]`. */
async function script(key: string, replies: unknown[]): Promise<void> {
  const root = inject('openaiUrl').replace(/\/openai\/v1$/, '');
  const res = await fetch(`${root}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
  expect(res.status).toBe(200);
}

describe('<mcp-chat> a failed model turn offers Retry', () => {
  test('the model fails once: the conversation offers Retry, which runs the turn again and the answer comes', async () => {
    const key = `retry-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ error: { status: 500, message: 'The server had an error while processing your request.' } }]);
    const chat = await mountChat();
    const ends = turnEnds(chat);
    await typeAndSend(chat, `[[script:${key}]] [[say:Here is your answer.]]`);
    await ends.reach(1);
    expect(ends.events[0]!.reason).toBe('error');
    await chat.updateComplete;
    const retry = shadow(chat).querySelector<HTMLButtonElement>('[part~="retry-button"]');
    expect(retry?.textContent?.trim()).toBe('Retry');
    await userEvent.click(retry!);
    await ends.reach(2);
    expect(ends.events[1]!.reason).toBe('endTurn');
    await chat.updateComplete;
    expect(deepAll(shadow(chat), 'mcp-markdown').some((m) => m.shadowRoot!.textContent?.includes('Here is your answer.'))).toBe(true);
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    // The offer goes once the turn has answered.
    expect(shadow(chat).querySelector('[part~="retry-button"]')).toBeNull();
  });
});

describe('<mcp-chat> a model that repeats one call', () => {
  test('the same tool with the same input three times in a row: the turn ends there with a plain message, not at the 10-call limit', async () => {
    const key = `loop-${Math.random().toString(36).slice(2, 8)}`;
    const same = { toolCalls: [{ name: 'echo', input: { message: 'again' } }] };
    await script(
      key,
      Array.from({ length: 10 }, () => same),
    );
    const chat = await mountChat();
    const ends = turnEnds(chat);
    await typeAndSend(chat, `[[script:${key}]] go`);
    await ends.reach(1);
    expect(ends.events[0]!.reason).toBe('repeated');
    expect(ends.events[0]!.rounds).toBe(3);
    await chat.updateComplete;
    const alert = shadow(chat).querySelector('[part~="error"][role="alert"]')?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(alert).toContain('The model called Echo 3 times in a row with the same input, so it was stopped there.');
    expect(deepAll(shadow(chat), 'mcp-tool-card')).toHaveLength(3);
  });
});
