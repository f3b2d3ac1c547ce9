import { describe, expect, test } from 'vitest';
import { contextUsageOf, contextWindowOf, measurerOf } from '../../src/providers/browser/browser-model-session.js';
import { availabilityOf } from '../../src/providers/browser/browser-model-status.js';
import { convertToLanguageModelMessages } from '../../src/providers/browser/convert-to-language-model-prompts.js';
import { contextNotice, fitHistory } from '../../src/providers/browser/fit-context.js';
import { TextFieldReader } from '../../src/providers/browser/text-field-reader.js';
import { buildToolConstraint, parseConstrainedAnswer, toolInstructions } from '../../src/providers/browser/tool-call-schema.js';
import { isProviderError } from '../../src/providers/provider-error.js';

const echo = {
  name: 'echo',
  description: 'Echoes a message.',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { message: { type: 'string' } },
    required: ['message'],
  },
};
const add = {
  name: 'add',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};

describe('constrained tool calls: the schema', () => {
  test('one text alternative and one alternative per tool, arguments = the tool input schema without meta keys', () => {
    expect(buildToolConstraint([echo, add])).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { type: { type: 'string', const: 'text' }, text: { type: 'string' } },
          required: ['type', 'text'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            tool: { type: 'string', const: 'echo' },
            arguments: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
          },
          required: ['tool', 'arguments'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            tool: { type: 'string', const: 'add' },
            arguments: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
          },
          required: ['tool', 'arguments'],
          additionalProperties: false,
        },
      ],
    });
  });

  test('toolChoice required with one tool: that tool alone, no anyOf, no text', () => {
    expect(buildToolConstraint([add], { required: true })).toEqual({
      type: 'object',
      properties: {
        tool: { type: 'string', const: 'add' },
        arguments: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      },
      required: ['tool', 'arguments'],
      additionalProperties: false,
    });
  });

  test('the instructions name each tool with its description and arguments', () => {
    expect(toolInstructions([echo])).toBe(
      'Answer with one JSON object. To answer the person: {"type": "text", "text": "<your answer>"}. To call one of the tools below: {"tool": "<tool name>", "arguments": {<arguments>}}; you then get its result and answer again.\n' +
        'Tools:\n- echo: Echoes a message. Arguments (JSON schema): {"type":"object","properties":{"message":{"type":"string"}},"required":["message"]}',
    );
  });
});

describe('constrained tool calls: reading the answer', () => {
  test('text and tool answers', () => {
    expect(parseConstrainedAnswer('{"type":"text","text":"Hello"}', ['echo'])).toEqual({ type: 'text', text: 'Hello' });
    expect(parseConstrainedAnswer(' {"tool":"echo","arguments":{"message":"hi"}} ', ['echo'])).toEqual({
      type: 'tool',
      name: 'echo',
      arguments: { message: 'hi' },
    });
    expect(parseConstrainedAnswer('```json\n{"tool":"add","arguments":{"a":1,"b":2}}\n```', ['add'])).toEqual({
      type: 'tool',
      name: 'add',
      arguments: { a: 1, b: 2 },
    });
  });

  test('not JSON, an unknown tool, arguments not an object: invalid-output a person can read', () => {
    const fail = (raw: string) => {
      try {
        parseConstrainedAnswer(raw, ['echo']);
      } catch (error) {
        expect(isProviderError(error, 'invalid-output')).toBe(true);
        return (error as Error).message;
      }
      throw new Error('expected a failure');
    };
    expect(fail('Sure! I will call echo.')).toBe(
      "The browser's model answered with text that is not the JSON it was asked for: Sure! I will call echo.",
    );
    expect(fail('{"tool":"rm","arguments":{}}')).toBe('The browser\'s model called "rm", which is not one of the tools offered.');
    expect(fail('{"tool":"echo","arguments":[1]}')).toBe(
      'The browser\'s model called the tool "echo" with arguments that are not a JSON object.',
    );
    expect(fail('{"answer":"x"}')).toBe("The browser's model answered with JSON that is neither text nor a tool call.");
  });
});

describe('TextFieldReader streams the text alternative', () => {
  test('decodes escapes split across chunks and stops at the closing quote', () => {
    const reader = new TextFieldReader();
    const chunks = ['{"ty', 'pe": "text", "te', 'xt":"Hel', 'lo\\', 'n\\"wor', 'ld\\u00', 'e9"', '}'];
    expect(chunks.map((c) => reader.push(c))).toEqual(['', '', 'Hel', 'lo', '\n"wor', 'ld', 'é', '']);
  });

  test('a tool call gives no text', () => {
    const reader = new TextFieldReader();
    expect(['{"tool":"echo",', '"arguments":{"message":"x"}}'].map((c) => reader.push(c))).toEqual(['', '']);
  });
});

describe('MCP messages -> Prompt API messages', () => {
  test('text, tool calls as the model writes them, tool results by tool name, images as text without image input', () => {
    const out = convertToLanguageModelMessages([
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
          { type: 'text', text: 'Calling.' },
          { type: 'tool_use', id: 'c1', name: 'echo', input: { message: 'hi' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 'c1', content: [{ type: 'text', text: 'hi' }] }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c2', name: 'weather', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 'c2', content: [], structuredContent: { t: 20 }, isError: true }] },
    ] as never);
    expect(out).toEqual([
      { role: 'user', content: 'Echo hi\n\n[image (image/png) not shown]' },
      { role: 'assistant', content: 'Calling.\n\n{"tool":"echo","arguments":{"message":"hi"}}' },
      { role: 'user', content: 'Result of the tool "echo": hi' },
      { role: 'assistant', content: '{"tool":"weather","arguments":{}}' },
      { role: 'user', content: 'Error from the tool "weather": {"t":20}' },
    ]);
  });

  test('with image input allowed, an image travels as a Blob of its bytes', async () => {
    const [message] = convertToLanguageModelMessages(
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', data: btoa('PNG!'), mimeType: 'image/png' },
          ],
        },
      ] as never,
      { images: true },
    );
    const parts = message!.content as Array<{ type: string; value: unknown }>;
    expect(parts[0]).toEqual({ type: 'text', value: 'What is this?' });
    expect(parts[1]!.type).toBe('image');
    expect(await (parts[1]!.value as Blob).text()).toBe('PNG!');
    expect((parts[1]!.value as Blob).type).toBe('image/png');
  });
});

describe('fitHistory keeps the newest whole turns within the budget', () => {
  const sizes = [50, 10, 10, 30, 20];
  // Turns start at 0 and 3; 1-2 are a tool call and its result.
  const starts = [true, false, false, true, false];
  const measure = (i: number) => Promise.resolve(sizes[i]!);

  test('all fit', async () => expect(await fitHistory(5, starts, 120, measure)).toEqual({ start: 0, used: 120 }));
  test('the oldest turn does not fit: it goes whole, not half a tool call', async () => {
    // 20 + 30 + 10 = 60 fits, but message 2 is a tool result whose turn starts at 0: start moves to 3.
    expect(await fitHistory(5, starts, 65, measure)).toEqual({ start: 3, used: 50 });
  });
  test('nothing fits', async () => expect(await fitHistory(5, starts, 5, measure)).toEqual({ start: 5, used: 0 }));
  test('an infinite budget measures nothing', async () =>
    expect(await fitHistory(5, starts, Infinity, () => Promise.reject(new Error('measured')))).toEqual({ start: 0, used: 0 }));
  test('the notice says how many messages the model did not see', () => {
    expect(contextNotice(3, 6144)).toEqual({
      droppedMessages: 3,
      contextWindow: 6144,
      notice: "The browser's model holds about 6144 tokens, so it did not see the 3 oldest messages of this conversation.",
    });
  });
});

describe('older Chrome names are read too', () => {
  test('availability words of Chrome 128-137 (capabilities().available) and of today', async () => {
    const old = (available: string) => ({ create: () => Promise.reject(new Error('unused')), capabilities: async () => ({ available }) });
    expect(await availabilityOf(old('readily'), {})).toBe('available');
    expect(await availabilityOf(old('after-download'), {})).toBe('downloadable');
    expect(await availabilityOf(old('no'), {})).toBe('unavailable');
    expect(await availabilityOf({ create: () => Promise.reject(new Error('unused')), availability: async () => 'downloading' }, {})).toBe(
      'downloading',
    );
  });

  test('context window, usage and measuring under their three names', async () => {
    const current = { contextWindow: 9216, contextUsage: 10, measureContextUsage: async () => 1 };
    const chrome138 = { inputQuota: 6144, inputUsage: 20, measureInputUsage: async () => 2 };
    const chrome128 = { maxTokens: 4096, tokensSoFar: 30, countPromptTokens: async () => 3 };
    const read = async (s: object) => {
      const session = s as never;
      return [contextWindowOf(session), contextUsageOf(session), await measurerOf(session)!('x')];
    };
    expect(await read(current)).toEqual([9216, 10, 1]);
    expect(await read(chrome138)).toEqual([6144, 20, 2]);
    expect(await read(chrome128)).toEqual([4096, 30, 3]);
    expect(measurerOf({} as never)).toBeUndefined();
  });
});
