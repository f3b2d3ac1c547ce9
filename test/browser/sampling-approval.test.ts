import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpSamplingResponseEvent } from '../../src/events/sampling-response.js';
import { $, setUp, shown, textOf as text, until, type TestSetup } from './sampling-support.js';

// No model configured: the person reads each request and writes the answer
// by hand. The connection layer and its input router, the real demo server
// over HTTP in both eras, and server-everything.

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function open(era: 'legacy' | 'modern', url = inject('demoUrl')): Promise<TestSetup> {
  const setup = await setUp(url, era);
  cleanups.push(() => setup.close());
  return setup;
}

for (const era of ['legacy', 'modern'] as const) {
  describe(`sampling by hand, ${era} era`, () => {
    test('ask-model: the request is shown, the person writes the answer, the server gets it', async () => {
      const events: McpSamplingResponseEvent[] = [];
      document.addEventListener('mcp-sampling-response', (e) => events.push(e), { once: true });
      const connection = await open(era);
      const el = connection.element;
      const call = connection.call('ask-model', { question: 'What is <b>MCP</b>?' }, 'toolu_ask_1');
      await shown(el);
      // Focus moves into the view when it appears.
      await until(() => el.shadowRoot!.activeElement?.id === 'title', 2000, 'focus on the title');
      const view = text(el);
      expect(view).toContain('asks to run a language model');
      expect(view).toContain('ask-model');
      // The tool that asked is named; its internal call id (toolu_…, manual_5e8d…) is not shown (issue 21).
      expect(view).not.toContain('toolu_ask_1');
      expect(view).toContain('claude-3-5-haiku, gpt-4o-mini');
      expect(view).toContain('cost 0.7');
      // Untrusted text stays text.
      expect($(el, 'b')).toBeNull();
      expect($<HTMLTextAreaElement>(el, 'textarea[name="userText"]')!.value).toBe('What is <b>MCP</b>?');
      expect($<HTMLTextAreaElement>(el, 'textarea[name="systemPrompt"]')!.value).toContain('concise assistant');
      expect($<HTMLInputElement>(el, 'input[name="maxTokens"]')!.value).toBe('300');
      expect($<HTMLInputElement>(el, 'input[name="temperature"]')!.value).toBe('0.2');
      expect($(el, '[part~="approve-button"]')).toBeNull(); // no model configured

      await userEvent.click($(el, '[part~="write-button"]')!);
      const answer = await until(() => $<HTMLTextAreaElement>(el, 'textarea[name="answerText"]'));
      await userEvent.fill(answer, 'MCP connects models to tools.');
      await userEvent.click($(el, '[part~="send-button"]')!);
      const result = await call;
      expect(result.isError).toBeFalsy();
      expect(result.content[0]).toMatchObject({ type: 'text', text: 'MCP connects models to tools.' });
      expect(events[0]).toMatchObject({ toolUseId: 'toolu_ask_1', result: { model: 'person', role: 'assistant' } });
      await until(() => el.hidden && !$(el, '[part~="base"]'), 2000, 'the view to close');
    });

    test('reject: the server gets an error saying the person declined', async () => {
      const connection = await open(era);
      const el = connection.element;
      const call = connection.call('ask-model', { question: 'Anything' }).then(
        (r) => ({ ok: true as const, r }),
        (e: Error) => ({ ok: false as const, e }),
      );
      await shown(el);
      await userEvent.click($(el, '[part~="reject-button"]')!);
      const outcome = await call;
      // Either the tool reports the refusal as its error result, or the call fails with it.
      const message = outcome.ok ? JSON.stringify(outcome.r.content) : outcome.e.message;
      if (outcome.ok) expect(outcome.r.isError).toBe(true);
      expect(message).toMatch(/User rejected sampling request/);
    });

    test('classify (__schema__): the view says structured output is wanted, the person fills the schema form', async () => {
      const connection = await open(era);
      const el = connection.element;
      const call = connection.call('classify', { text: 'The app crashes when I click save.' });
      await shown(el);
      expect($(el, '[part~="structured-output"]')!.textContent).toContain('structured output');
      expect($(el, '[part~="structured-output"]')!.textContent).toContain('"category"');
      await userEvent.click($(el, '[part~="write-button"]')!);
      await until(() => $(el, 'select[name="category"]'));
      await userEvent.selectOptions($<HTMLSelectElement>(el, 'select[name="category"]')!, 'bug');
      await userEvent.fill($<HTMLInputElement>(el, 'input[name="confidence"]')!, '0.9');
      await userEvent.fill($<HTMLInputElement>(el, 'input[name="summary"]')!, 'Crash on save');
      await userEvent.click($(el, '[part~="send-button"]')!);
      const result = await call;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ category: 'bug', confidence: 0.9, summary: 'Crash on save' });
    });
  });
}

test("server-everything's trigger-sampling-request, answered by hand", async () => {
  const connection = await open('legacy', inject('everythingUrl'));
  const el = connection.element;
  const call = connection.call('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 50 });
  await shown(el);
  expect($<HTMLTextAreaElement>(el, 'textarea[name="userText"]')!.value).toBe('Resource trigger-sampling-request context: Say hi');
  expect($<HTMLTextAreaElement>(el, 'textarea[name="systemPrompt"]')!.value).toBe('You are a helpful test server.');
  await userEvent.click($(el, '[part~="write-button"]')!);
  await userEvent.fill((await until(() => $<HTMLTextAreaElement>(el, 'textarea[name="answerText"]')))!, 'Hi there');
  await userEvent.click($(el, '[part~="send-button"]')!);
  const result = await call;
  const reply = (result.content[0] as { text: string }).text;
  expect(reply).toContain('"text": "Hi there"');
  expect(reply).toContain('"model": "person"');
});
