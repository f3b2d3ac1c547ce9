/**
 * The behaviour every HTTP provider adapter must show against the fake
 * servers, run from Node (test/unit) and from Chromium (test/browser, where
 * CORS is real). Browser-safe: no Node imports.
 */
import { describe, expect, test } from 'vitest';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import {
  createAnthropicProvider,
  createOpenAICompatibleProvider,
  type ModelProvider,
  type ProviderDelta,
} from '../../src/providers/index.js';

/** What the contract needs to know about one adapter. */
export interface ContractSubject {
  name: 'openai' | 'anthropic';
  /** Root of the fake server (for /__script and /__last-request). */
  fakeRoot: string;
  make(options?: {
    apiKey?: string;
    model?: string;
    stream?: boolean;
    maxRetries?: number;
    headers?: Record<string, string>;
  }): ModelProvider;
}

let seq = 0;
/** A unique marker to find this test's request at the fake. */
export const marker = () => `m${Date.now().toString(36)}x${(seq++).toString(36)}`;

const user = (text: string): CreateMessageRequestParams['messages'][number] => ({ role: 'user', content: { type: 'text', text } });

async function lastRequest(root: string, contains: string): Promise<{ headers: Record<string, string>; body: any; path: string }> {
  const res = await fetch(`${root}/__last-request?contains=${encodeURIComponent(contains)}`);
  expect(res.status).toBe(200);
  return res.json();
}

async function requestCount(root: string, contains: string): Promise<number> {
  return ((await (await fetch(`${root}/__requests?contains=${encodeURIComponent(contains)}`)).json()) as unknown[]).length;
}

async function script(root: string, key: string, replies: unknown[]): Promise<void> {
  const res = await fetch(`${root}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
  expect(res.status).toBe(200);
}

/** Defines the contract tests for one adapter. */
export function providerContract(subject: ContractSubject): void {
  const { fakeRoot: root } = subject;

  describe(`${subject.name} adapter against the fake server`, () => {
    test('streams text deltas and returns the text, stop reason, model and usage', async () => {
      const m = marker();
      const deltas: ProviderDelta[] = [];
      const result = await subject
        .make()
        .createMessage(
          { messages: [user(`Hello ${m}`)], systemPrompt: 'Be kind.', maxTokens: 50, temperature: 0.3, stopSequences: ['STOP'] },
          { onDelta: (d) => deltas.push(d) },
        );
      expect(result.content).toEqual([{ type: 'text', text: `Echo: Hello ${m}` }]);
      expect(result.stopReason).toBe('endTurn');
      expect(result.role).toBe('assistant');
      expect(result.model).toMatch(subject.name === 'openai' ? /gpt-4o-mini/ : /claude-sonnet-4-5/);
      expect(result._meta?.usage?.outputTokens).toBeGreaterThan(0);
      expect(
        deltas
          .filter((d) => d.type === 'text')
          .map((d) => (d as { text: string }).text)
          .join(''),
      ).toBe(`Echo: Hello ${m}`);
      const seen = await lastRequest(root, m);
      if (subject.name === 'openai') {
        expect(seen.body).toMatchObject({
          messages: [
            { role: 'system', content: 'Be kind.' },
            { role: 'user', content: `Hello ${m}` },
          ],
          max_tokens: 50,
          temperature: 0.3,
          stop: ['STOP'],
          stream: true,
        });
        expect(seen.headers.authorization).toBe('Bearer sk-test-key');
      } else {
        expect(seen.body).toMatchObject({
          system: 'Be kind.',
          messages: [{ role: 'user', content: [{ type: 'text', text: `Hello ${m}` }] }],
          max_tokens: 50,
          temperature: 0.3,
          stop_sequences: ['STOP'],
          stream: true,
        });
        expect(seen.headers['x-api-key']).toBe('sk-test-key');
        expect(seen.headers['anthropic-version']).toBe('2023-06-01');
      }
    });

    test('answers without streaming too, and reports the same deltas', async () => {
      const m = marker();
      const deltas: ProviderDelta[] = [];
      const result = await subject
        .make({ stream: false })
        .createMessage({ messages: [user(`Plain ${m}`)], maxTokens: 50 }, { onDelta: (d) => deltas.push(d) });
      expect(result.content).toEqual([{ type: 'text', text: `Echo: Plain ${m}` }]);
      expect(deltas[0]).toEqual({ type: 'text', index: 0, text: `Echo: Plain ${m}` });
      expect((await lastRequest(root, m)).body.stream).toBeUndefined();
    });

    test('a tool call round trip: tool_use with the provider id, then the tool_result goes back', async () => {
      const m = marker();
      const tools = [
        {
          name: 'add',
          description: 'Adds two numbers',
          inputSchema: { type: 'object' as const, properties: { a: { type: 'number' }, b: { type: 'number' } } },
        },
      ];
      const provider = subject.make();
      const first = await provider.createMessage({
        messages: [user(`Add ${m} [[tool:add {"a":1,"b":2}]]`)],
        maxTokens: 50,
        tools,
        toolChoice: { mode: 'auto' },
      });
      expect(first.stopReason).toBe('toolUse');
      expect(first.content).toHaveLength(1);
      const call = first.content[0]!;
      expect(call).toMatchObject({ type: 'tool_use', name: 'add', input: { a: 1, b: 2 } });
      const id = (call as { id: string }).id;
      expect(id).toMatch(subject.name === 'openai' ? /^call_/ : /^toolu_/);
      const second = await provider.createMessage({
        messages: [
          user(`Add ${m} [[tool:add {"a":1,"b":2}]]`),
          { role: 'assistant', content: first.content },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: id, content: [{ type: 'text', text: `3 ${m}-r` }] }] },
        ],
        maxTokens: 50,
        tools,
      });
      expect(second.content).toEqual([{ type: 'text', text: `Tool results: 3 ${m}-r` }]);
      expect(second.stopReason).toBe('endTurn');
      const seen = await lastRequest(root, `${m}-r`);
      if (subject.name === 'openai') expect(seen.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: id, content: `3 ${m}-r` });
      else
        expect(seen.body.messages.at(-1)).toEqual({
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: `3 ${m}-r` }] }],
        });
    });

    test('structured output: a __schema__ request comes back as a __schema__ tool_use', async () => {
      const m = marker();
      const schema = { type: 'object' as const, properties: { move: { type: 'integer', minimum: 0, maximum: 8 } }, required: ['move'] };
      const result = await subject.make().createMessage({
        messages: [user(`Your move ${m} [[json {"move":4}]]`)],
        maxTokens: 50,
        tools: [{ name: '__schema__', inputSchema: schema }],
        toolChoice: { mode: 'required' },
      });
      expect(result.stopReason).toBe('toolUse');
      expect(result.content).toEqual([{ type: 'tool_use', id: expect.any(String), name: '__schema__', input: { move: 4 } }]);
      const seen = await lastRequest(root, m);
      if (subject.name === 'openai') {
        expect(seen.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: '__schema__', schema, strict: false } });
        expect(seen.body.tools).toBeUndefined();
      } else {
        expect(seen.body.tools).toEqual([{ name: '__schema__', input_schema: schema }]);
        expect(seen.body.tool_choice).toEqual({ type: 'any' });
      }
    });

    test('the model stops at maxTokens', async () => {
      const m = marker();
      const result = await subject.make().createMessage({ messages: [user(`one two three four five ${m}`)], maxTokens: 2 });
      expect(result.stopReason).toBe('maxTokens');
      expect(result.content).toEqual([{ type: 'text', text: 'Echo: one' }]);
    });

    test('lists the models', async () => {
      const models = await subject.make().listModels!();
      expect(models.map((x) => x.id)).toContain(subject.name === 'openai' ? 'gpt-4o-mini' : 'claude-haiku-4-5');
    });

    test('a wrong key is an auth error a person can act on', async () => {
      const error = await subject
        .make({ apiKey: 'bad-key' })
        .createMessage({ messages: [user('hi')], maxTokens: 5 })
        .catch((e) => e);
      expect(error).toMatchObject({ name: 'ProviderError', kind: 'auth', status: 401 });
      expect(error.message).toMatch(/API key/);
    });

    test('an unknown model is a not-found error naming the model', async () => {
      const error = await subject
        .make({ model: 'no-such-model' })
        .createMessage({ messages: [user('hi')], maxTokens: 5 })
        .catch((e) => e);
      expect(error).toMatchObject({ kind: 'not-found', status: 404 });
      expect(error.message).toContain('no-such-model');
    });

    test('429 with Retry-After is retried, then succeeds', async () => {
      const m = marker();
      await script(root, m, [{ error: { status: 429, retryAfter: 0 } }, { text: 'after the wait' }]);
      const result = await subject.make().createMessage({ messages: [user(`[[script:${m}]]`)], maxTokens: 20 });
      expect(result.content).toEqual([{ type: 'text', text: 'after the wait' }]);
      expect(await requestCount(root, m)).toBe(2);
    });

    test('429 that persists fails after the bounded retries, with retryAfter', async () => {
      const m = marker();
      const error = await subject
        .make({ maxRetries: 1 })
        .createMessage({ messages: [user(`${m} [[error:429 retry-after=0]]`)], maxTokens: 5 })
        .catch((e) => e);
      expect(error).toMatchObject({ kind: 'rate-limit', status: 429, retryAfter: 0 });
      expect(await requestCount(root, m)).toBe(2);
    });

    test('a 500 is a server error', async () => {
      await expect(subject.make().createMessage({ messages: [user('[[error:500]]')], maxTokens: 5 })).rejects.toMatchObject({
        kind: 'server',
        status: 500,
      });
    });

    test('a malformed stream and a malformed JSON answer are malformed-stream errors', async () => {
      await expect(subject.make().createMessage({ messages: [user('[[malformed]]')], maxTokens: 20 })).rejects.toMatchObject({
        kind: 'malformed-stream',
      });
      await expect(
        subject.make({ stream: false }).createMessage({ messages: [user('[[malformed]]')], maxTokens: 20 }),
      ).rejects.toMatchObject({ kind: 'malformed-stream' });
    });

    test('a stream cut short and a dropped connection are stream-cut errors', async () => {
      await expect(subject.make().createMessage({ messages: [user('a b c d e f g [[cut]]')], maxTokens: 50 })).rejects.toMatchObject({
        kind: 'stream-cut',
      });
      await expect(
        subject.make({ stream: false }).createMessage({ messages: [user('a b c d e f g [[cut]]')], maxTokens: 50 }),
      ).rejects.toMatchObject({ kind: 'stream-cut' });
    });

    test('aborting stops the request at once', async () => {
      const controller = new AbortController();
      let abortedAt = 0;
      const deltas: ProviderDelta[] = [];
      const pending = subject.make().createMessage(
        { messages: [user('w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 [[slow:300]]')], maxTokens: 50 },
        {
          signal: controller.signal,
          onDelta: (d) => {
            deltas.push(d);
            abortedAt = Date.now();
            controller.abort();
          },
        },
      );
      await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
      expect(deltas.length).toBeLessThanOrEqual(1);
      // The next chunk would come 300 ms later: rejecting sooner shows the request stopped at once.
      expect(Date.now() - abortedAt).toBeLessThan(250);
    });

    test('an already aborted signal sends nothing', async () => {
      const m = marker();
      await expect(
        subject.make().createMessage({ messages: [user(m)], maxTokens: 5 }, { signal: AbortSignal.abort() }),
      ).rejects.toMatchObject({ kind: 'aborted' });
      expect(await requestCount(root, m)).toBe(0);
    });
  });
}

/**
 * Defines the contract tests for both HTTP adapters against the fake servers
 * (`inject('openaiUrl')`, `inject('anthropicUrl')`; one fake root serves both).
 */
export function httpProviderContracts(openaiUrl: string, anthropicUrl: string): void {
  const fakeRoot = new URL(openaiUrl).origin;
  providerContract({
    name: 'openai',
    fakeRoot,
    make: (o = {}) =>
      createOpenAICompatibleProvider({
        baseURL: openaiUrl,
        apiKey: o.apiKey ?? 'sk-test-key',
        model: o.model ?? 'gpt-4o-mini',
        stream: o.stream,
        maxRetries: o.maxRetries,
        headers: o.headers,
      }),
  });
  providerContract({
    name: 'anthropic',
    fakeRoot,
    make: (o = {}) =>
      createAnthropicProvider({
        baseURL: anthropicUrl,
        apiKey: o.apiKey ?? 'sk-test-key',
        model: o.model ?? 'claude-sonnet-4-5',
        stream: o.stream,
        maxRetries: o.maxRetries,
        headers: o.headers,
      }),
  });
}
