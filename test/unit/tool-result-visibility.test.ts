import { expect, inject, test } from 'vitest';
import { runTurn } from '../../src/agent/run-turn.js';
import type { Message } from '../../src/content/index.js';
import { createAnthropicProvider } from '../../src/providers/anthropic/anthropic-provider.js';
import { convertToLanguageModelMessages } from '../../src/providers/browser/convert-to-language-model-prompts.js';
import { convertToOnDeviceMessages } from '../../src/providers/on-device/convert-to-on-device-messages.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';

// Issue 41 item 5, SEP-2200 (tool-result visibility): a result's `content` is
// for the model, its `structuredContent` for machines (an app view, a page's
// code); a client should not forward both verbatim. What each provider
// receives for a result with both: the text only. With no text, the
// structured content stands in for it (a tool that returns only data).

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const STRUCTURED_ONLY = 'raw-rows-for-the-view';

/** A past call whose result has both: a sentence for the model and data for the view. */
function history(marker: string, structuredOnly = false): Message[] {
  return [
    user(`weather in Oslo? ${marker}`),
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'get-weather', input: { city: 'Oslo' } }] },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          toolUseId: 't1',
          content: structuredOnly ? [] : [{ type: 'text', text: `Oslo: 4 °C, light rain ${marker}` }],
          structuredContent: { city: 'Oslo', celsius: 4, rows: [STRUCTURED_ONLY] },
        },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: 'Take a coat.' }] },
    user(`and tomorrow? ${marker}`),
  ];
}

async function received(base: string, marker: string): Promise<string> {
  const all = (await (await fetch(`${base}/__requests?contains=${encodeURIComponent(marker)}`)).json()) as Array<{ body: unknown }>;
  expect(all).toHaveLength(1);
  return JSON.stringify(all[0]!.body);
}

const providers = {
  'OpenAI-compatible': () => ({
    url: inject('openaiUrl'),
    provider: createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'k', model: 'gpt-4o-mini', maxRetries: 0 }),
  }),
  Anthropic: () => ({
    url: inject('anthropicUrl'),
    provider: createAnthropicProvider({ baseURL: inject('anthropicUrl'), apiKey: 'k', model: 'claude-sonnet-4-5', maxRetries: 0 }),
  }),
};

for (const [name, make] of Object.entries(providers)) {
  test(`${name}: a result with content and structuredContent reaches the model as its content only`, async () => {
    const { url, provider } = make();
    const base = url.replace(/\/(openai|anthropic)\/v1$/, '');
    const marker = `vis-${crypto.randomUUID()}`;
    const turn = await runTurn({ provider, messages: history(marker) });
    expect(turn.error).toBeUndefined();
    const body = await received(base, marker);
    expect(body).toContain(`Oslo: 4 °C, light rain ${marker}`);
    expect(body).not.toContain(STRUCTURED_ONLY);
  });

  test(`${name}: a result with structuredContent only reaches the model as its JSON`, async () => {
    const { url, provider } = make();
    const base = url.replace(/\/(openai|anthropic)\/v1$/, '');
    const marker = `vis-${crypto.randomUUID()}`;
    const turn = await runTurn({ provider, messages: history(marker, true) });
    expect(turn.error).toBeUndefined();
    expect(await received(base, marker)).toContain(STRUCTURED_ONLY);
  });
}

test("the browser's model (Prompt API messages) and the on-device model get the content only, or the JSON when there is no text", () => {
  for (const structuredOnly of [false, true]) {
    const messages = history('m', structuredOnly) as Parameters<typeof convertToLanguageModelMessages>[0];
    const browser = JSON.stringify(convertToLanguageModelMessages(messages));
    const onDevice = JSON.stringify(convertToOnDeviceMessages({ messages }, [], 'none'));
    for (const sent of [browser, onDevice]) {
      expect(sent.includes(STRUCTURED_ONLY)).toBe(structuredOnly);
      expect(sent.includes('light rain')).toBe(!structuredOnly);
    }
  }
});
