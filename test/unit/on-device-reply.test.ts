import { describe, expect, test } from 'vitest';
import { isProviderError } from '../../src/providers/provider-error.js';
import { convertToOnDeviceMessages } from '../../src/providers/on-device/convert-to-on-device-messages.js';
import { ReplyReader } from '../../src/providers/on-device/reply-reader.js';
import type { ProviderDelta } from '../../src/providers/types.js';

// Reading a grammar-constrained reply as it streams, whatever the pieces'
// boundaries (the engine sends a token at a time; an escape may be split).

/** Feeds `raw` in pieces of `size` characters; returns the deltas and the result. */
function read(raw: string, size: number, finish = 'stop', tools = ['echo']) {
  const deltas: ProviderDelta[] = [];
  const reader = new ReplyReader(
    new Set(tools),
    () => 'call_1',
    (d) => deltas.push(d),
  );
  for (let i = 0; i < raw.length; i += size) reader.push(raw.slice(i, i + size));
  return { deltas, ...reader.finish(finish) };
}

describe('ReplyReader', () => {
  const answer = '{"type":"text","text":"Caf\\u00e9 \\"ok\\"\\nline\\\\2 \\ud83d\\ude00"}';
  test.each([1, 2, 3, 7, 1000])('an answer in pieces of %i: text deltas decode the JSON string', (size) => {
    const { deltas, content, stopReason } = read(answer, size);
    const text = 'Café "ok"\nline\\2 😀';
    expect(content).toEqual([{ type: 'text', text }]);
    expect(stopReason).toBe('endTurn');
    expect(deltas.every((d) => d.type === 'text' && d.index === 0)).toBe(true);
    expect(deltas.map((d) => (d.type === 'text' ? d.text : '')).join('')).toBe(text);
  });

  test.each([1, 4, 1000])('a tool call in pieces of %i: start, argument text, end', (size) => {
    const raw = '{"tool":"echo","arguments":{"message":"a}\\"{b","n":[1,{"x":2}]}}';
    const { deltas, content, stopReason } = read(raw, size);
    const input = { message: 'a}"{b', n: [1, { x: 2 }] };
    expect(content).toEqual([{ type: 'tool_use', id: 'call_1', name: 'echo', input }]);
    expect(stopReason).toBe('toolUse');
    expect(deltas[0]).toEqual({ type: 'tool-call-start', index: 0, id: 'call_1', name: 'echo' });
    expect(deltas.at(-1)).toEqual({ type: 'tool-call-end', index: 0, id: 'call_1', name: 'echo', input });
    const args = deltas.flatMap((d) => (d.type === 'tool-call-delta' ? [d.argumentsDelta] : [])).join('');
    expect(args).toBe(JSON.stringify(input));
  });

  test('an answer cut by the token limit is the text so far, stopReason maxTokens', () => {
    expect(read('{"type":"text","text":"half an ans', 3, 'length')).toMatchObject({
      content: [{ type: 'text', text: 'half an ans' }],
      stopReason: 'maxTokens',
    });
    expect(read('{"type":"te', 3, 'length')).toMatchObject({ content: [], stopReason: 'maxTokens' });
    // Cut by a stop sequence (the engine's finish is `stop` but the string never closed).
    expect(read('{"type":"text","text":"one, two', 4, 'stop')).toMatchObject({
      content: [{ type: 'text', text: 'one, two' }],
      stopReason: 'stopSequence',
    });
  });

  test('a tool call cut by the token limit is refused with a reason (invalid-output)', () => {
    let error: unknown;
    try {
      read('{"tool":"echo","arguments":{"message":"hal', 5, 'length');
    } catch (e) {
      error = e;
    }
    expect(isProviderError(error, 'invalid-output')).toBe(true);
    expect((error as Error).message).toMatch(/token limit in the middle of a tool call/);
  });

  test('a tool that was not offered, or output off the grammar, is invalid-output', () => {
    expect(() => read('{"tool":"rm","arguments":{}}', 4)).toThrow(/not offered: "rm"/);
    expect(() => read('hello', 1)).toThrow(/does not follow its grammar/);
  });
});

describe('convertToOnDeviceMessages', () => {
  test('the conversation in the reply format: calls and results as JSON lines, images as notes', () => {
    const tools = [{ name: 'echo', description: 'Repeats', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } }];
    const out = convertToOnDeviceMessages(
      {
        systemPrompt: 'Be brief.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Echo hi' },
              { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Sure.' },
              { type: 'tool_use', id: 't1', name: 'echo', input: { message: 'hi' } },
            ],
          },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'hi' }], isError: false }] },
        ] as never,
      },
      tools,
      'auto',
    );
    expect(out.slice(1)).toEqual([
      { role: 'user', content: 'Echo hi\n[image: image/png]' },
      { role: 'assistant', content: '{"type":"text","text":"Sure."}\n{"tool":"echo","arguments":{"message":"hi"}}' },
      { role: 'user', content: '{"tool_result":"echo","content":"hi"}' },
    ]);
    expect(out[0]!.role).toBe('system');
    expect(out[0]!.content).toMatch(/^Be brief\.\n\nAnswer with one JSON object: either \{"type":"text"/);
    expect(out[0]!.content).toContain('- echo: Repeats\n  arguments: {"type":"object","properties":{"message":{"type":"string"}}}');
  });

  test('without tools the system message asks for the answer format only', () => {
    const out = convertToOnDeviceMessages({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] as never }, [], 'none');
    expect(out).toEqual([
      { role: 'system', content: 'Answer with one JSON object: {"type":"text","text":"<your answer>"}.' },
      { role: 'user', content: 'hi' },
    ]);
  });
});
