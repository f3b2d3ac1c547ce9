import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpQuestionEvent } from '../../src/events/question.js';
import { questionsOf } from '../../src/elements/mcp-chat/wiring/server-starters.js';
import { mountChat, shadow } from './chat-helpers.js';

// Suggested questions from the site's server (issue 39 item 5): `starters-prompt`
// names a prompt of the server whose text holds the questions, one per line.
// Against server-everything (its `simple-prompt`) over HTTP.

afterEach(() => document.body.replaceChildren());

const starterLabels = (chat: Parameters<typeof shadow>[0]) =>
  [...shadow(chat).querySelectorAll('[part~="starter"] strong')].map((s) => s.textContent);

describe('<mcp-chat starters-prompt>', () => {
  test("the empty state offers the prompt's lines as questions, and a click sends one", async () => {
    const chat = await mountChat({ server: inject('everythingUrl') });
    // Without it: the server's prompts are the suggestions (the control).
    await expect.poll(() => starterLabels(chat).length).toBeGreaterThan(0);
    expect(starterLabels(chat)).not.toContain('This is a simple prompt without arguments.');
    chat.startersPrompt = 'simple-prompt';
    await expect.poll(() => starterLabels(chat)).toEqual(['This is a simple prompt without arguments.']);
    const asked: McpQuestionEvent[] = [];
    chat.addEventListener('mcp-question', (e) => asked.push(e));
    await userEvent.click(shadow(chat).querySelector<HTMLElement>('[part~="starter"]')!);
    await expect.poll(() => asked.map((q) => q.question)).toEqual(['This is a simple prompt without arguments.']);
  });

  test('a prompt the servers do not have leaves the usual suggestions', async () => {
    const chat = await mountChat({ server: inject('everythingUrl') });
    chat.startersPrompt = 'no-such-prompt';
    await expect.poll(() => starterLabels(chat).length).toBeGreaterThan(0);
    expect(starterLabels(chat)).not.toContain('This is a simple prompt without arguments.');
  });

  test('one question per line: list markers off, blank and over-long lines out, at most six', () => {
    const text = [
      '1. How do I sign in?',
      '- What does weather return?',
      '',
      '* Where are the logs?',
      'x'.repeat(201),
      'a',
      'b',
      'c',
      'd',
      'e',
    ].join('\n');
    expect(questionsOf({ messages: [{ role: 'user', content: { type: 'text', text } }] })).toEqual([
      'How do I sign in?',
      'What does weather return?',
      'Where are the logs?',
      'a',
      'b',
      'c',
    ]);
  });
});
