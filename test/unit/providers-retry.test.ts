import { expect, test } from 'vitest';
import { createAnthropicProvider, createOpenAICompatibleProvider } from '../../src/providers/index.js';

const ask = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }], maxTokens: 10 };
const tooMany = (headers: Record<string, string>) =>
  new Response(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } }), {
    status: 429,
    headers,
  });

test('a Retry-After longer than maxRetryDelay fails at once, saying how long to wait', async () => {
  let calls = 0;
  const provider = createOpenAICompatibleProvider({
    baseURL: 'https://x.invalid/v1',
    model: 'm',
    maxRetryDelay: 10,
    fetch: async () => (calls++, tooMany({ 'retry-after': '120' })),
  });
  const error = await provider.createMessage(ask).catch((e) => e);
  expect(error).toMatchObject({ kind: 'rate-limit', retryAfter: 120, code: 'rate_limit_exceeded' });
  expect(error.message).toMatch(/wait 120 s/);
  expect(calls).toBe(1);
});

test('without Retry-After the waits back off, and aborting during a wait stops at once', async () => {
  const times: number[] = [];
  const controller = new AbortController();
  const provider = createAnthropicProvider({
    apiKey: 'k',
    model: 'm',
    maxRetries: 5,
    fetch: async () => {
      times.push(Date.now());
      if (times.length === 2) setTimeout(() => controller.abort(), 50);
      return new Response(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }), { status: 529 });
    },
  });
  const started = Date.now();
  await expect(provider.createMessage(ask, { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
  expect(times).toHaveLength(2);
  expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(450);
  // The second wait (1 s) was cut short by the abort.
  expect(Date.now() - started).toBeLessThan(1200);
});

test('an error body that is plain text still reaches the message', async () => {
  const provider = createOpenAICompatibleProvider({
    baseURL: 'https://x.invalid/v1',
    model: 'm',
    fetch: async () => new Response('upstream connect error', { status: 502 }),
  });
  await expect(provider.createMessage(ask)).rejects.toMatchObject({
    kind: 'server',
    status: 502,
    message: expect.stringContaining('upstream connect error'),
  });
});
