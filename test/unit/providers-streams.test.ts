import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createAnthropicProvider, createOpenAICompatibleProvider, type ProviderDelta } from '../../src/providers/index.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/streams/${name}`, import.meta.url));

/** A fetch that answers with a recorded stream, delivered in `slice`-byte pieces (to split lines and characters). */
function replayFetch(bytes: Uint8Array, slice = 7, seen: { url?: string; init?: RequestInit } = {}) {
  return async (url: string | URL | Request, init?: RequestInit) => {
    seen.url = String(url);
    seen.init = init;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += slice) controller.enqueue(bytes.subarray(i, i + slice));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

const ask = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }], maxTokens: 100 };

describe('OpenAI chat-completions streams', () => {
  test('text deltas and the usage chunk become one text block, endTurn, usage in _meta', async () => {
    const deltas: ProviderDelta[] = [];
    const seen: { url?: string; init?: RequestInit } = {};
    const provider = createOpenAICompatibleProvider({
      baseURL: 'https://api.example/v1/',
      apiKey: 'k',
      model: 'gpt-4o-mini',
      fetch: replayFetch(fixture('openai-text.sse'), 7, seen),
    });
    const result = await provider.createMessage(ask, { onDelta: (d) => deltas.push(d) });
    expect(result).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello! How can I help?' }],
      model: 'gpt-4o-mini-2024-07-18',
      stopReason: 'endTurn',
      _meta: { usage: { inputTokens: 12, outputTokens: 7 } },
    });
    expect(deltas).toEqual([
      { type: 'text', index: 0, text: 'Hello' },
      { type: 'text', index: 0, text: '! How' },
      { type: 'text', index: 0, text: ' can I help?' },
      { type: 'usage', usage: { inputTokens: 12, outputTokens: 7 } },
    ]);
    expect(seen.url).toBe('https://api.example/v1/chat/completions');
    expect(JSON.parse(String(seen.init?.body))).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  test('tool-call argument fragments are assembled by index into tool_use blocks', async () => {
    const deltas: ProviderDelta[] = [];
    const provider = createOpenAICompatibleProvider({
      baseURL: 'https://api.example/v1',
      model: 'gpt-4o',
      fetch: replayFetch(fixture('openai-tools.sse'), 5),
    });
    const result = await provider.createMessage(ask, { onDelta: (d) => deltas.push(d) });
    expect(result.content).toEqual([
      { type: 'tool_use', id: 'call_weather_1', name: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'call_time_2', name: 'get_time', input: { tz: 'Europe/Paris' } },
    ]);
    expect(result.stopReason).toBe('toolUse');
    expect(result._meta).toBeUndefined();
    expect(
      deltas
        .filter((d) => d.type === 'tool-call-delta')
        .map((d) => (d as { argumentsDelta: string }).argumentsDelta)
        .join(''),
    ).toBe('{"city": "Paris"}{"tz":"Europe/Paris"}');
    expect(deltas.filter((d) => d.type === 'tool-call-end')).toHaveLength(2);
  });

  test('a stream that stops before [DONE] and before any finish_reason is a stream-cut error', async () => {
    const provider = createOpenAICompatibleProvider({
      baseURL: 'https://api.example/v1',
      model: 'm',
      fetch: replayFetch(fixture('openai-cut.sse'), 3),
    });
    await expect(provider.createMessage(ask)).rejects.toMatchObject({ kind: 'stream-cut' });
  });
});

describe('Anthropic message streams', () => {
  test('text_delta events become one text block; usage from message_start and message_delta', async () => {
    const deltas: ProviderDelta[] = [];
    const seen: { url?: string; init?: RequestInit } = {};
    const provider = createAnthropicProvider({
      apiKey: 'sk-ant',
      model: 'claude-sonnet-4-5',
      fetch: replayFetch(fixture('anthropic-text.sse'), 11, seen),
    });
    const result = await provider.createMessage(ask, { onDelta: (d) => deltas.push(d) });
    expect(result).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello! How can I help?' }],
      model: 'claude-sonnet-4-5-20250929',
      stopReason: 'endTurn',
      _meta: { usage: { inputTokens: 25, outputTokens: 15 } },
    });
    expect(deltas[0]).toEqual({ type: 'text', index: 0, text: 'Hello' });
    expect(seen.url).toBe('https://api.anthropic.com/v1/messages');
    expect(seen.init?.headers).toMatchObject({
      'x-api-key': 'sk-ant',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
  });

  test('thinking blocks are skipped; input_json_delta fragments become the tool input', async () => {
    const deltas: ProviderDelta[] = [];
    const provider = createAnthropicProvider({
      apiKey: 'k',
      model: 'claude-sonnet-4-5',
      fetch: replayFetch(fixture('anthropic-tools.sse'), 4),
    });
    const result = await provider.createMessage(ask, { onDelta: (d) => deltas.push(d) });
    expect(result.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', input: { location: 'San Francisco, CA' } },
    ]);
    expect(result.stopReason).toBe('toolUse');
    expect(deltas).toContainEqual({ type: 'tool-call-start', index: 1, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather' });
    expect(deltas).toContainEqual({
      type: 'tool-call-end',
      index: 1,
      id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      name: 'get_weather',
      input: { location: 'San Francisco, CA' },
    });
  });

  test('an error event mid-stream rejects with the kind it stands for', async () => {
    const provider = createAnthropicProvider({
      apiKey: 'k',
      model: 'claude-sonnet-4-5',
      fetch: replayFetch(fixture('anthropic-error.sse')),
    });
    await expect(provider.createMessage(ask)).rejects.toMatchObject({ kind: 'rate-limit', code: 'overloaded_error' });
  });

  test('a stream without message_stop is a stream-cut error', async () => {
    const text = fixture('anthropic-text.sse').toString('utf8');
    const cut = new TextEncoder().encode(text.slice(0, text.indexOf('event: message_delta')));
    const provider = createAnthropicProvider({ apiKey: 'k', model: 'claude-sonnet-4-5', fetch: replayFetch(cut) });
    await expect(provider.createMessage(ask)).rejects.toMatchObject({ kind: 'stream-cut' });
  });
});

test('OpenAI-compatible servers that send whole tool calls without an index still give one block per call', async () => {
  const chunk = (calls: unknown[], finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'llama3.2', choices: [{ index: 0, delta: { tool_calls: calls }, finish_reason: finish }] })}\n\n`;
  const stream =
    chunk([{ id: 'call_a', type: 'function', function: { name: 'one', arguments: '{"x":1}' } }]) +
    chunk([{ id: 'call_b', type: 'function', function: { name: 'two', arguments: '{}' } }]) +
    chunk([], 'stop') +
    'data: [DONE]\n\n';
  const provider = createOpenAICompatibleProvider({
    baseURL: 'http://localhost:11434/v1',
    model: 'llama3.2',
    fetch: replayFetch(new TextEncoder().encode(stream)),
  });
  const result = await provider.createMessage(ask);
  expect(result.content).toEqual([
    { type: 'tool_use', id: 'call_a', name: 'one', input: { x: 1 } },
    { type: 'tool_use', id: 'call_b', name: 'two', input: {} },
  ]);
  // Ollama says "stop" even when it calls tools.
  expect(result.stopReason).toBe('toolUse');
});
