import axe from 'axe-core';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpAnswerEvent } from '../../src/events/answer.js';
import type { McpFeedbackEvent } from '../../src/events/feedback.js';
import type { McpQuestionEvent } from '../../src/events/question.js';
import { McpConnection } from '../../src/mcp/index.js';
import { mountChat, shadow, typeAndSend } from './chat-helpers.js';

// Feedback under answers and the analytics events (issue 39 items 3 and 4),
// against the demo server's docs search and the fake OpenAI server's script.

afterEach(() => document.body.replaceChildren());

async function script(key: string, replies: unknown[]): Promise<void> {
  const root = inject('openaiUrl').replace(/\/openai\/v1$/, '');
  const res = await fetch(`${root}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
  expect(res.status).toBe(200);
}

function listen<T extends Event>(target: EventTarget, name: string): T[] {
  const seen: T[] = [];
  target.addEventListener(name, (e) => seen.push(e as T));
  return seen;
}

describe('<mcp-chat> feedback and analytics events', () => {
  test('mcp-question and mcp-answer carry the question, the answer, the tools, the sources and the time to the first token', async () => {
    const key = `fb-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [
      { toolCalls: [{ name: 'search-docs', input: { query: 'weather tool structured' } }] },
      { text: 'The weather tool answers with structured content [1].' },
    ]);
    const chat = await mountChat();
    const questions = listen<McpQuestionEvent>(document, 'mcp-question');
    const answers = listen<McpAnswerEvent>(document, 'mcp-answer');
    const question = `[[script:${key}]] How does the weather tool answer?`;
    await typeAndSend(chat, question);
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1);
    expect(questions.map((q) => q.question)).toEqual([question]);
    const a = answers[0]!;
    expect(a.answer.question).toBe(question);
    expect(a.answer.answer).toBe('The weather tool answers with structured content [1].');
    expect(a.answer.tools).toEqual(['search-docs']);
    const chips = [...shadow(chat).querySelectorAll<HTMLAnchorElement>('a[part~="source"]')].map((c) => c.href);
    expect(chips.length).toBeGreaterThan(0);
    expect(a.answer.sources.map((s) => s.url)).toEqual(chips);
    // The stored conversation's id (the chat keeps it in its store).
    expect(a.answer.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(questions[0]!.conversationId).toBe(a.answer.conversationId);
    expect(a.unanswered).toBe(false);
    expect(a.reason).toBe('endTurn');
    expect(a.timeToFirstTokenMs).toBeGreaterThan(0);
    // No feedback row unless the owner asks for it.
    expect(shadow(chat).querySelector('[part~="feedback"]')).toBeNull();
  });

  test('a turn that ends without text is an unanswered answer', async () => {
    const key = `fb-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text: '' }]);
    const chat = await mountChat();
    const answers = listen<McpAnswerEvent>(chat, 'mcp-answer');
    await typeAndSend(chat, `[[script:${key}]] Say nothing`);
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1);
    expect(answers[0]!.unanswered).toBe(true);
    expect(answers[0]!.answer.answer).toBe('');
    expect(answers[0]!.timeToFirstTokenMs).toBeUndefined();
  });

  test('thumbs down with a sentence: one mcp-feedback with the rating, the sentence and the answer; keyboard and axe', async () => {
    const key = `fb-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text: 'Paris is sunny.' }]);
    const chat = await mountChat();
    chat.feedback = true;
    const feedback = listen<McpFeedbackEvent>(document, 'mcp-feedback');
    const answers = listen<McpAnswerEvent>(chat, 'mcp-answer');
    await typeAndSend(chat, `[[script:${key}]] Weather in Paris?`);
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1);
    const row = await expect
      .poll(() => shadow(chat).querySelector<HTMLElement>('[part~="feedback"]'))
      .not.toBeNull()
      .then(() => shadow(chat).querySelector<HTMLElement>('[part~="feedback"]')!);
    expect(row.getAttribute('aria-label')).toBe('Was this answer helpful?');
    // Its style loads with its code (not in the first load): the question and the two buttons are one line.
    expect(getComputedStyle(row).display).toBe('flex');
    const down = row.querySelector<HTMLButtonElement>('[part~="feedback-down"]')!;
    expect(down.getAttribute('aria-label')).toBe('Not helpful');
    await userEvent.click(down);
    await expect.poll(() => down.getAttribute('aria-pressed')).toBe('true');
    // The optional sentence: its box takes the focus; nothing is sent before Send or Skip.
    const box = () => shadow(chat).querySelector<HTMLTextAreaElement>('[part~="feedback-form"] textarea');
    await expect.poll(() => shadow(chat).activeElement).toBe(box());
    expect(feedback).toHaveLength(0);
    expect((await axe.run(shadow(chat).querySelector('[part~="feedback-form"]')!, { resultTypes: ['violations'] })).violations).toEqual([]);
    await userEvent.keyboard('It was raining.');
    await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="feedback-form"] button[type="submit"]')!);
    await expect.poll(() => feedback.length).toBe(1);
    const f = feedback[0]!;
    expect(f.rating).toBe('down');
    expect(f.comment).toBe('It was raining.');
    expect(f.answer).toEqual({
      question: `[[script:${key}]] Weather in Paris?`,
      answer: 'Paris is sunny.',
      tools: [],
      sources: [],
      conversationId: answers[0]!.answer.conversationId,
    });
    expect(f.answer.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => box()).toBeNull();
    await expect.poll(() => row.textContent).toContain('Thanks for your feedback.');
    // Rated once: the buttons no longer send a second event.
    expect(row.querySelector<HTMLButtonElement>('[part~="feedback-up"]')!.disabled).toBe(true);
  });

  test('thumbs up then Skip sends the rating without a sentence', async () => {
    const key = `fb-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text: 'Yes.' }]);
    const chat = await mountChat();
    chat.feedback = true;
    const feedback = listen<McpFeedbackEvent>(chat, 'mcp-feedback');
    const answers = listen<McpAnswerEvent>(chat, 'mcp-answer');
    await typeAndSend(chat, `[[script:${key}]] Is it?`);
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => shadow(chat).querySelector('[part~="feedback-up"]')).not.toBeNull();
    await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="feedback-up"]')!);
    await expect.poll(() => shadow(chat).querySelector('[part~="feedback-form"]')).not.toBeNull();
    const skip = [...shadow(chat).querySelectorAll<HTMLButtonElement>('[part~="feedback-form"] button')].find(
      (b) => b.textContent === 'Skip',
    )!;
    await userEvent.click(skip);
    await expect.poll(() => feedback.length).toBe(1);
    expect(feedback[0]!.rating).toBe('up');
    expect(feedback[0]!.comment).toBeUndefined();
  });

  test('feedback-tool: the named tool of the demo server receives the rating with the question, the answer, the tools and the sources', async () => {
    const key = `fb-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [
      { toolCalls: [{ name: 'search-docs', input: { query: 'weather tool structured' } }] },
      { text: 'The weather tool answers with structured content [1].' },
    ]);
    const chat = await mountChat();
    chat.feedback = true;
    chat.setAttribute('feedback-tool', 'record-feedback');
    const feedback = listen<McpFeedbackEvent>(chat, 'mcp-feedback');
    const answers = listen<McpAnswerEvent>(chat, 'mcp-answer');
    const question = `[[script:${key}]] How does the weather tool answer?`;
    await typeAndSend(chat, question);
    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => shadow(chat).querySelector('[part~="feedback-up"]')).not.toBeNull();
    await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="feedback-up"]')!);
    await expect.poll(() => shadow(chat).querySelector('[part~="feedback-form"] textarea')).not.toBeNull();
    await userEvent.type(shadow(chat).querySelector<HTMLTextAreaElement>('[part~="feedback-form"] textarea')!, 'Clear, thanks.');
    await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="feedback-form"] button[type="submit"]')!);
    await expect.poll(() => feedback.length).toBe(1);
    // What the server received, read back from it.
    const server = new McpConnection({ url: inject('demoUrl') });
    await server.connect();
    const received = async () => {
      const read = await server.readResource('demo://feedback/received');
      const all = JSON.parse((read.contents[0] as { text: string }).text) as Array<Record<string, unknown>>;
      return all.filter((f) => f.question === question);
    };
    await expect.poll(received, { timeout: 10_000 }).toHaveLength(1);
    const [got] = await received();
    await server.close();
    const facts = feedback[0]!.answer;
    expect(got).toMatchObject({
      rating: 'up',
      comment: 'Clear, thanks.',
      question,
      answer: 'The weather tool answers with structured content [1].',
      tools: ['search-docs'],
      conversationId: facts.conversationId,
    });
    expect(got!.sources).toEqual(facts.sources);
    expect(facts.sources.length).toBeGreaterThan(0);
    expect(shadow(chat).querySelector('[part~="feedback-error"]')).toBeNull();
  });

  test('feedback-tool that fails or is missing: said under the answer in words, and the mcp-feedback event still fires', async () => {
    for (const [tool, words] of [
      // echo needs a `message`: the server refuses the call.
      ['echo', /^Your feedback could not be sent to the site: MCP Elements demo server refused it\.$/],
      ['no-such-tool', /^Your feedback could not be sent to the site: the site is not set up to receive it\.$/],
    ] as const) {
      const key = `fb-${Math.random().toString(36).slice(2, 8)}`;
      await script(key, [{ text: 'Yes.' }]);
      const chat = await mountChat();
      chat.feedback = true;
      chat.feedbackTool = tool;
      const feedback = listen<McpFeedbackEvent>(chat, 'mcp-feedback');
      const answers = listen<McpAnswerEvent>(chat, 'mcp-answer');
      await typeAndSend(chat, `[[script:${key}]] Is it?`);
      await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => shadow(chat).querySelector('[part~="feedback-down"]')).not.toBeNull();
      await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="feedback-down"]')!);
      await expect.poll(() => shadow(chat).querySelector('[part~="feedback-form"]')).not.toBeNull();
      await userEvent.keyboard('{Escape}');
      await expect.poll(() => feedback.length).toBe(1);
      expect(feedback[0]!.rating).toBe('down');
      const error = () => shadow(chat).querySelector<HTMLElement>('[part~="feedback-error"]');
      await expect.poll(() => error()?.textContent ?? '', { timeout: 10_000 }).toMatch(words);
      expect(error()!.getAttribute('role')).toBe('alert');
      expect((await axe.run(error()!, { resultTypes: ['violations'] })).violations).toEqual([]);
      chat.remove();
    }
  });
});
