import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpQuestionEvent } from '../../src/events/question.js';
import { questionsOf, questionsOfToolResult } from '../../src/elements/mcp-chat/wiring/server-starters.js';
import { mountChat, shadow } from './chat-helpers.js';

// Suggested questions from the site's server (issue 39 item 5): `starters-prompt`
// names a prompt of the server whose text holds the questions, one per line.
// Against server-everything (its `simple-prompt`) over HTTP.

afterEach(() => document.body.replaceChildren());

/** What the demo server's `suggested-questions` returns (SUGGESTED_QUESTIONS in demo/server/tools-docs.ts; that module is Node's). */
const SUGGESTED_QUESTIONS = [
  'How do I try a tool from the docs?',
  'What does the weather tool return?',
  'How does the chat find a site’s MCP server?',
];

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

  test("starters-tool: the demo server's suggested-questions tool gives the starters; a click sends one; a tool no server has leaves the usual ones", async () => {
    const chat = await mountChat();
    await expect.poll(() => starterLabels(chat).length).toBeGreaterThan(0);
    // The control: the server's prompts, not the tool's questions.
    expect(starterLabels(chat)).not.toContain(SUGGESTED_QUESTIONS[0]);
    chat.setAttribute('starters-tool', 'suggested-questions');
    await expect.poll(() => starterLabels(chat)).toEqual(SUGGESTED_QUESTIONS);
    const asked: McpQuestionEvent[] = [];
    chat.addEventListener('mcp-question', (e) => asked.push(e));
    await userEvent.click(shadow(chat).querySelector<HTMLElement>('[part~="starter"]')!);
    await expect.poll(() => asked.map((q) => q.question)).toEqual([SUGGESTED_QUESTIONS[0]]);

    const other = await mountChat();
    other.startersTool = 'no-such-tool';
    await expect.poll(() => starterLabels(other).length).toBeGreaterThan(0);
    expect(starterLabels(other)).not.toContain(SUGGESTED_QUESTIONS[0]);
  });

  test("a tool's questions: structuredContent's strings (else its text's lines), markers off, at most six; an error gives none; markup stays text", async () => {
    expect(
      questionsOfToolResult({
        content: [{ type: 'text', text: 'ignored' }],
        structuredContent: { questions: ['1. How?', 42, '<img src=x onerror=alert(1)>', 'x'.repeat(201)] },
      }),
    ).toEqual(['How?', '<img src=x onerror=alert(1)>']);
    expect(questionsOfToolResult({ content: [{ type: 'text', text: '- One?\n- Two?' }] })).toEqual(['One?', 'Two?']);
    expect(questionsOfToolResult({ content: [{ type: 'text', text: 'Failed' }], isError: true })).toEqual([]);
  });
});
