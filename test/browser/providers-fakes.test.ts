import { expect, inject, test } from 'vitest';
import { createAnthropicProvider, createOpenAICompatibleProvider } from '../../src/providers/index.js';
import { httpProviderContracts } from '../fakes/provider-contract.js';

// The same contract as in Node, from a Chromium page on another origin: every
// request here goes through a real CORS preflight.
const openaiUrl = inject('openaiUrl');
const anthropicUrl = inject('anthropicUrl');
const root = new URL(openaiUrl).origin;

httpProviderContracts(openaiUrl, anthropicUrl);

test('the page is cross-origin to the fakes (so CORS is exercised)', () => {
  expect(location.origin).not.toBe(root);
});

test('a header the server does not allow fails the preflight: a network error that names CORS', async () => {
  const provider = createOpenAICompatibleProvider({
    baseURL: openaiUrl,
    apiKey: 'k',
    model: 'gpt-4o-mini',
    headers: { 'x-not-allowed': '1' },
  });
  const error = await provider
    .createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 })
    .catch((e) => e);
  expect(error).toMatchObject({ kind: 'network' });
  expect(error.message).toMatch(/CORS/);
});

test('OpenRouter-style extra headers pass the preflight', async () => {
  const provider = createOpenAICompatibleProvider({
    baseURL: openaiUrl,
    apiKey: 'k',
    model: 'gpt-4o-mini',
    headers: { 'HTTP-Referer': 'https://example.org', 'X-Title': 'mcp-elements' },
  });
  const result = await provider.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'openrouter-headers' } }],
    maxTokens: 5,
  });
  expect(result.content[0]).toMatchObject({ type: 'text' });
});

test('Anthropic from a browser without the direct-browser-access header is refused, as the real API does', async () => {
  const provider = createAnthropicProvider({
    baseURL: anthropicUrl,
    apiKey: 'k',
    model: 'claude-sonnet-4-5',
    headers: { 'anthropic-dangerous-direct-browser-access': 'false' },
  });
  const error = await provider
    .createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 })
    .catch((e) => e);
  expect(error).toMatchObject({ kind: 'auth', status: 401 });
  expect(error.message).toMatch(/anthropic-dangerous-direct-browser-access/);
});
