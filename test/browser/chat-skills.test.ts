// Issue 27 §3 in the chat: the skills a server offers (the Skills extension) are
// listed in the "/" palette; picking one loads it (checked against the list) into
// the conversation as the server's text, collapsed and marked as such, and the
// next model request carries it. Real demo server (two skills), fake OpenAI wire.
import { afterEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { deepAll, mountChat, shadow, typeAndSend } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

test('"/" lists the server’s skills; picking one puts it in the conversation as the server’s text, and the model gets it with the next message', async () => {
  const chat = await mountChat();
  const input = shadow(chat).querySelector('textarea')!;
  await userEvent.click(input);
  await userEvent.keyboard('/demo-tour');
  const item = () =>
    [...shadow(chat).querySelectorAll<HTMLElement>('[part="palette-item"]')].find((li) => li.textContent?.includes('demo-tour'));
  await expect.poll(() => item()?.querySelector('.kind')?.textContent, { timeout: 15_000 }).toBe('skill');
  expect(item()!.textContent).toContain('Show a person around this demo server');
  await userEvent.keyboard('{Enter}');

  // In the conversation: the server's text, collapsed, named with its server; no model turn of its own.
  await expect.poll(() => chat.messages.length, { timeout: 15_000 }).toBe(1);
  const block = chat.messages[0]!.content[0] as { type: string; text: string; _meta?: Record<string, unknown> };
  expect(block.text).toContain('Skill "demo-tour" from the MCP server');
  expect(block._meta?.['mcp-elements/untrusted']).toBe(true);
  const skill = await expect
    .poll(() => deepAll<HTMLDetailsElement>(shadow(chat), '[part="skill"]')[0])
    .toBeTruthy()
    .then(() => deepAll<HTMLDetailsElement>(shadow(chat), '[part="skill"]')[0]!);
  expect(skill.open).toBe(false);
  expect(skill.querySelector('summary')!.textContent).toMatch(/^Skill demo-tour from .+, for the model \(written by the server\)$/);
  expect(skill.querySelector('.skill-text')!.textContent).toContain('Call `echo`');
  expect(skill.querySelectorAll('a, img, script')).toHaveLength(0);
  await expect
    .poll(() => shadow(chat).querySelector('[role="status"], [aria-live]')?.textContent ?? '')
    .toContain('The skill demo-tour of');

  // The next request carries it (the fake answers with what it saw in the earlier messages).
  const requests: unknown[] = [];
  const origin = new URL(inject('openaiUrl')).origin;
  const fetch0 = window.fetch;
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(origin) && typeof init?.body === 'string') requests.push(JSON.parse(init.body));
    return fetch0(input, init);
  };
  try {
    const ended = new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));
    await typeAndSend(chat, 'What should I try first?');
    await ended;
  } finally {
    window.fetch = fetch0;
  }
  expect(JSON.stringify(requests[0])).toContain('<skill name=\\"demo-tour\\"');
});
