import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createAnthropicProvider, createOpenAICompatibleProvider, type ModelProvider } from '../../src/providers/index.js';
import { createMemoryHistory } from '../../src/history/index.js';
import { SamplingPolicies } from '../../src/elements/mcp-sampling-approval/sampling-policies.js';
import type { SamplingApprovalOptions } from '../../src/elements/mcp-sampling-approval/register-sampling-approval.js';
import { $, lastProviderRequest, setUp, shown, textOf, until, type TestSetup } from './sampling-support.js';

// Approve runs a real provider adapter against the local fake OpenAI and
// Anthropic servers (scripted by directives in the message text, see
// test/fakes/providers.ts); the demo server receives what the person sent.

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const openai = (): ModelProvider => createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'test', model: 'gpt-4o-mini' });
const anthropic = (): ModelProvider =>
  createAnthropicProvider({ baseURL: inject('anthropicUrl'), apiKey: 'test', model: 'claude-haiku-4-5' });

async function open(era: 'legacy' | 'modern', options: SamplingApprovalOptions, url = inject('demoUrl')): Promise<TestSetup> {
  const setup = await setUp(url, era, options);
  cleanups.push(() => setup.close());
  return setup;
}

const click = async (el: HTMLElement, part: string) =>
  userEvent.click(await until(() => $(el as never, `[part~="${part}"]`), 10_000, part));
const review = (el: HTMLElement) =>
  until(() => $(el as never, '#answer-title'), 10_000, 'the review').catch((e: Error) => {
    throw new Error(`${e.message}; the view says: ${textOf(el as never)}`);
  });

for (const era of ['legacy', 'modern'] as const) {
  describe(`approve with a model, ${era} era`, () => {
    test('plain sampling: approve, the answer streams into a live region, review, send', async () => {
      const { element: el, call } = await open(era, { provider: openai(), models: [{ id: 'gpt-4o-mini' }], defaultModel: 'gpt-4o-mini' });
      const result = call('ask-model', { question: `Hello model ${era} [[slow:30]]` });
      await shown(el);
      expect($<HTMLInputElement>(el, 'input[name="model"]')!.value).toBe('gpt-4o-mini'); // the hint matched
      await click(el, 'approve-button');
      const preview = await until(() => $(el, '[part~="preview"]'));
      expect(preview.getAttribute('aria-live')).toBe('polite');
      await until(() => preview.textContent?.includes('Echo:'), 10_000, 'streamed text');
      await review(el);
      const answer = $<HTMLTextAreaElement>(el, 'textarea[name="answerText"]')!;
      expect(answer.value).toBe(`Echo: Hello model ${era}`);
      await click(el, 'send-button');
      const r = await result;
      expect(r.content[0]).toMatchObject({ type: 'text', text: `Echo: Hello model ${era}` });
      expect(r._meta).toMatchObject({ model: 'gpt-4o-mini' });
    });

    test('sampling with tools over two rounds (anthropic): tool_use reviewed, the server runs it, the tool_result comes back', async () => {
      const { element: el, call } = await open(era, { provider: anthropic() });
      const result = call('research', { question: 'What is MCP? [[tool:lookup_fact {"topic":"mcp"}]]' });
      await shown(el);
      expect(textOf(el)).toContain('lookup_fact');
      expect(textOf(el)).toContain('tool choice: auto');
      await click(el, 'approve-button');
      await review(el);
      expect(textOf(el)).toContain('Tool call lookup_fact');
      expect(JSON.parse($<HTMLTextAreaElement>(el, 'textarea[name="toolInput"]')!.value)).toEqual({ topic: 'mcp' });
      await click(el, 'send-button');
      // Round two: the request now carries the tool_use and the server's tool_result.
      await until(() => textOf(el).includes('Tool result') && $(el, '[part~="approve-button"]'), 10_000, 'round two');
      expect(textOf(el)).toContain('published by Anthropic');
      await click(el, 'approve-button');
      await review(el);
      expect($<HTMLTextAreaElement>(el, 'textarea[name="answerText"]')!.value).toContain('Tool results: The Model Context Protocol');
      await click(el, 'send-button');
      const r = await result;
      expect(r.structuredContent).toMatchObject({ rounds: 2, toolsUsed: ['lookup_fact({"topic":"mcp"})'] });
    });

    test('__schema__: review shows the parsed object and the server validates it', async () => {
      const { element: el, call } = await open(era, { provider: openai() });
      const result = call('classify', {
        text: 'Please add dark mode [[json {"category":"feature","confidence":0.8,"summary":"Dark mode"}]]',
      });
      await shown(el);
      expect($(el, '[part~="structured-output"]')).not.toBeNull();
      await click(el, 'approve-button');
      await review(el);
      expect($(el, '#answer-title')!.textContent).toContain('Structured answer');
      expect(textOf(el)).toContain('categoryfeatureconfidence0.8summaryDark mode');
      await click(el, 'send-button');
      expect((await result).structuredContent).toEqual({ category: 'feature', confidence: 0.8, summary: 'Dark mode' });
    });
  });
}

test('edit then approve: the provider receives the edited request', async () => {
  const { element: el, call } = await open('modern', { provider: openai() });
  const result = call('ask-model', { question: 'original question' });
  await shown(el);
  await userEvent.fill($<HTMLTextAreaElement>(el, 'textarea[name="systemPrompt"]')!, 'Edited system prompt');
  await userEvent.fill($<HTMLTextAreaElement>(el, 'textarea[name="userText"]')!, 'edited question xq17');
  await userEvent.fill($<HTMLInputElement>(el, 'input[name="maxTokens"]')!, '77');
  await userEvent.fill($<HTMLInputElement>(el, 'input[name="temperature"]')!, '0.9');
  await userEvent.fill($<HTMLInputElement>(el, 'input[name="model"]')!, 'gpt-4o');
  await click(el, 'approve-button');
  await review(el);
  const sent = await lastProviderRequest(inject('openaiUrl'), 'xq17');
  expect(sent.body).toMatchObject({ model: 'gpt-4o', max_tokens: 77, temperature: 0.9 });
  expect(sent.body.messages).toEqual([
    { role: 'system', content: 'Edited system prompt' },
    { role: 'user', content: 'edited question xq17' },
  ]);
  expect(JSON.stringify(sent.body)).not.toContain('original question');
  await click(el, 'send-button');
  expect((await result).content[0]).toMatchObject({ text: 'Echo: edited question xq17' });
});

test('review then edit: the server receives the edited answer; Stop keeps what streamed so far', async () => {
  const { element: el, call } = await open('legacy', { provider: anthropic() });
  const first = call('ask-model', { question: 'Say something [[say:The model said this]]' });
  await shown(el);
  await click(el, 'approve-button');
  await review(el);
  await userEvent.fill($<HTMLTextAreaElement>(el, 'textarea[name="answerText"]')!, 'The person changed this');
  await click(el, 'send-button');
  expect((await first).content[0]).toMatchObject({ text: 'The person changed this' });

  const second = call('ask-model', { question: 'one two three four five six seven eight nine ten [[slow:300]]' });
  await shown(el);
  await click(el, 'approve-button');
  await until(() => $(el, '[part~="preview"]')?.textContent?.includes('one'), 10_000, 'the first words');
  await click(el, 'stop-button');
  await review(el);
  const partial = $<HTMLTextAreaElement>(el, 'textarea[name="answerText"]')!.value;
  expect(partial.startsWith('Echo:')).toBe(true);
  expect(partial).not.toContain('ten');
  await click(el, 'send-button');
  expect((await second).content[0]).toMatchObject({ text: partial });
});

test('auto-approve policy: no view, the provider answers, the exchange is in the activity log', async () => {
  const store = createMemoryHistory();
  const conversation = await store.createConversation({ title: 'chat' });
  const policies = new SamplingPolicies();
  const setup = await open('legacy', { provider: openai(), policies, store, conversationId: conversation.id });
  policies.set(setup.connection.url, 'auto');
  const r = await setup.call('ask-model', { question: 'automatic please' }, 'toolu_auto_1');
  expect(r.content[0]).toMatchObject({ text: 'Echo: automatic please' });
  expect(setup.element.hidden).toBe(true);
  const [activity] = await store.listActivity({ toolUseId: 'toolu_auto_1' });
  expect(activity).toMatchObject({
    kind: 'sampling',
    conversationId: conversation.id,
    decidedBy: 'policy',
    request: {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: [{ type: 'text', text: 'automatic please' }] }] },
    },
    response: { result: { role: 'assistant', content: { type: 'text', text: 'Echo: automatic please' } } },
  });

  // The person picks "never" in the view: later requests are refused without asking.
  policies.set(setup.connection.url, 'ask');
  const asked = setup.call('ask-model', { question: 'ask me' });
  await shown(setup.element);
  await userEvent.selectOptions($<HTMLSelectElement>(setup.element, 'select[part~="policy"]')!, 'never');
  expect(policies.get(setup.connection.url)).toBe('never');
  await click(setup.element, 'reject-button');
  await asked.catch(() => undefined);
  const refused = await setup.call('ask-model', { question: 'refused' }).then(
    (res) => JSON.stringify(res.content),
    (e: Error) => e.message,
  );
  expect(refused).toMatch(/User rejected sampling request: sampling is turned off/);
});
