import { expect, inject, test } from 'vitest';
import { createAnthropicProvider, createOpenAICompatibleProvider, createPersonProvider } from '../../src/providers/index.js';
import { httpProviderContracts } from '../fakes/provider-contract.js';

const openaiUrl = inject('openaiUrl');
const anthropicUrl = inject('anthropicUrl');
const root = new URL(openaiUrl).origin;

httpProviderContracts(openaiUrl, anthropicUrl);

test('modelPreferences hints pick among the configured models', async () => {
  const provider = createOpenAICompatibleProvider({
    baseURL: openaiUrl,
    apiKey: 'k',
    model: 'gpt-4o-mini',
    models: [{ id: 'gpt-4o-mini' }, { id: 'gpt-4o' }, { id: 'llama3.2' }],
  });
  const result = await provider.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
    maxTokens: 5,
    modelPreferences: { hints: [{ name: 'llama' }] },
  });
  expect(result.model).toBe('llama3.2');
  const forced = await provider.createMessage(
    { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5, modelPreferences: { hints: [{ name: 'llama' }] } },
    { model: 'gpt-4o' },
  );
  expect(forced.model).toBe('gpt-4o');
});

test('structured output that does not match the schema is an invalid-output error', async () => {
  const provider = createOpenAICompatibleProvider({ baseURL: openaiUrl, apiKey: 'k', model: 'gpt-4o-mini' });
  const error = await provider
    .createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'move [[json {"move":"nine"}]]' } }],
      maxTokens: 50,
      tools: [{ name: '__schema__', inputSchema: { type: 'object', properties: { move: { type: 'integer' } }, required: ['move'] } }],
      toolChoice: { mode: 'required' },
    })
    .catch((e) => e);
  expect(error).toMatchObject({ kind: 'invalid-output' });
  expect(error.message).toMatch(/move/);
});

test("Ollama-style structured output also sends Ollama's format field", async () => {
  const provider = createOpenAICompatibleProvider({ baseURL: openaiUrl, apiKey: 'k', model: 'llama3.2', structuredOutput: 'ollama' });
  const schema = { type: 'object' as const, properties: { ok: { type: 'boolean' } }, required: ['ok'] };
  const result = await provider.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'ollama-format-check' } }],
    maxTokens: 50,
    tools: [{ name: '__schema__', inputSchema: schema }],
    toolChoice: { mode: 'required' },
  });
  expect(result.content).toEqual([{ type: 'tool_use', id: expect.any(String), name: '__schema__', input: { ok: false } }]);
  const seen = await (await fetch(`${root}/__last-request?contains=ollama-format-check`)).json();
  expect(seen.body.format).toEqual(schema);
});

test('a server that cannot be reached is a network error', async () => {
  const provider = createOpenAICompatibleProvider({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
  await expect(
    provider.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 }),
  ).rejects.toMatchObject({
    kind: 'network',
    message: expect.stringMatching(/Could not reach .*127\.0\.0\.1:9/),
  });
});

test('the person provider returns what the person wrote, as an array of blocks', async () => {
  const provider = createPersonProvider(async (params) => ({
    role: 'assistant',
    model: '',
    content: { type: 'text', text: `You asked: ${(params.messages[0]!.content as { text: string }).text}` },
  }));
  const result = await provider.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'why?' } }], maxTokens: 5 });
  expect(result).toEqual({
    role: 'assistant',
    model: 'person',
    stopReason: 'endTurn',
    content: [{ type: 'text', text: 'You asked: why?' }],
  });
  const controller = new AbortController();
  const never = createPersonProvider(() => new Promise(() => undefined)).createMessage(
    { messages: [], maxTokens: 5 },
    { signal: controller.signal },
  );
  controller.abort();
  await expect(never).rejects.toMatchObject({ kind: 'aborted' });
});
