import { describe, expect, test } from 'vitest';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import {
  applySamplingEdits,
  editableUserText,
  samplingRequestProblem,
  samplingResult,
  SamplingErrorCode,
  declinedError,
  structuredOutputSchema,
} from '../../src/elements/mcp-sampling-approval/sampling-request.js';
import { fieldsFromSchema, readFields } from '../../src/elements/shared/schema-fields.js';
import { selectModel } from '../../src/providers/select-model.js';
import { SamplingPolicies } from '../../src/elements/mcp-sampling-approval/sampling-policies.js';

const tool = { name: 'lookup', inputSchema: { type: 'object' as const, properties: { topic: { type: 'string' } }, required: ['topic'] } };
const base: CreateMessageRequestParams = { messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }], maxTokens: 100 };

describe('samplingRequestProblem', () => {
  test('accepts a plain request and a closed tool round', () => {
    expect(samplingRequestProblem(base)).toBeUndefined();
    expect(
      samplingRequestProblem({
        ...base,
        tools: [tool],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'q' }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'lookup', input: { topic: 'x' } }] },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: 'a', content: [] }] },
        ],
      }),
    ).toBeUndefined();
  });

  test('names the broken pairing', () => {
    const problem = samplingRequestProblem({
      ...base,
      tools: [tool],
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'lookup', input: {} }] },
        { role: 'user', content: [{ type: 'text', text: 'no result' }] },
      ],
    });
    expect(problem).toMatch(/tool_use\/tool_result rule: message 1 must be a user message made only of tool_result blocks answering a/);
  });

  test('names a tool whose schema is not an object schema, and a duplicate tool', () => {
    expect(samplingRequestProblem({ ...base, tools: [{ name: 'bad', inputSchema: { type: 'string' } as never }] })).toMatch(
      /tool "bad": inputSchema.type must be "object"/,
    );
    expect(samplingRequestProblem({ ...base, tools: [tool, tool] })).toMatch(/offered twice/);
    expect(samplingRequestProblem({ ...base, toolChoice: { mode: 'required' } })).toMatch(/no tools/);
  });
});

test('edits change only what the person changed', () => {
  const edited = applySamplingEdits(
    { ...base, systemPrompt: 'be brief', temperature: 0.5 },
    { systemPrompt: 'be kind', userText: 'hi!', maxTokens: 42, temperature: null },
  );
  expect(edited).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'hi!' } }], maxTokens: 42, systemPrompt: 'be kind' });
  expect(editableUserText(base)).toBe('hello');
});

test('answers: a single block without tools, an array with tools; structured output is detected', () => {
  expect(samplingResult(base, [{ type: 'text', text: 'x' }], 'm').content).toEqual({ type: 'text', text: 'x' });
  const withTools = { ...base, tools: [{ ...tool, name: '__schema__' }], toolChoice: { mode: 'required' as const } };
  const result = samplingResult(withTools, [{ type: 'tool_use', id: '1', name: '__schema__', input: { topic: 't' } }], 'm');
  expect(result).toMatchObject({ stopReason: 'toolUse', content: [{ type: 'tool_use', name: '__schema__' }] });
  expect(structuredOutputSchema(withTools)).toEqual(tool.inputSchema);
  expect(structuredOutputSchema({ ...base, tools: [tool] })).toBeUndefined();
  expect(declinedError().code).toBe(SamplingErrorCode.Declined);
  expect(declinedError().kind).toBe('declined');
});

test('schema fields read typed values and say what is wrong', () => {
  const fields = fieldsFromSchema({
    type: 'object',
    properties: { cell: { type: 'integer', enum: [0, 4, 8] }, n: { type: 'number', minimum: 0, maximum: 1 }, ok: { type: 'boolean' } },
    required: ['cell'],
  });
  expect(readFields(fields, { cell: '4', n: '0.5', ok: true })).toEqual({ ok: true, value: { cell: 4, n: 0.5, ok: true } });
  expect(readFields(fields, { cell: '' })).toEqual({ ok: false, error: 'cell is required', field: 'cell' });
  expect(readFields(fields, { cell: '4', n: '2' })).toEqual({ ok: false, error: 'n must be at most 1', field: 'n' });
  // The same reader as the chat's Run form: an unchecked optional boolean is left out, a numeric enum stays a number.
  expect(readFields(fields, { cell: '8', ok: false })).toEqual({ ok: true, value: { cell: 8 } });
  expect(fieldsFromSchema({ properties: { note: { type: ['string', 'null'] } } })[0]?.kind).toBe('string');
});

test('model choice: hints, then priorities, then the default', () => {
  const models = [
    { id: 'gpt-4o-mini', scores: { cost: 0.9, speed: 0.9, intelligence: 0.4 } },
    { id: 'claude-opus', scores: { cost: 0.1, speed: 0.3, intelligence: 1 } },
  ];
  expect(selectModel({ hints: [{ name: 'opus' }] }, models, 'x')).toBe('claude-opus');
  expect(selectModel({ intelligencePriority: 1 }, models, 'x')).toBe('claude-opus');
  expect(selectModel({ costPriority: 1 }, models, 'x')).toBe('gpt-4o-mini');
  expect(selectModel(undefined, models, 'x')).toBe('x');
  expect(selectModel(undefined, [])).toBeUndefined();
});

test('policies default to ask and survive in storage', () => {
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) } as Storage;
  const a = new SamplingPolicies({ storage });
  const server = 'https://tools.example.com/mcp';
  expect(a.get(server)).toBe('ask');
  a.set(server, 'auto');
  expect(new SamplingPolicies({ storage }).get(server)).toBe('auto');
  expect(() => a.set(server, 'sometimes' as never)).toThrow(/unknown sampling policy/);
  // Policies are kept per server address: a per-page id would follow the connection order.
  expect(() => a.set('s1', 'auto')).toThrow(/per server URL/);
});
