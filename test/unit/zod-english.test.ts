import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/v4';
import english from '../../src/bundle-zod-english.js';

/** Each schema with an input it rejects: together they raise every issue code zod has. */
const cases: [string, z.ZodType, unknown][] = [
  ['a string given a number', z.string(), 42],
  ['a number given NaN', z.number(), Number.NaN],
  ['a number given Infinity', z.number(), Number.POSITIVE_INFINITY],
  ['an object given null', z.object({ a: z.string() }), null],
  ['a missing key', z.object({ name: z.string() }), {}],
  ['a literal', z.literal('object'), 'array'],
  ['an enum', z.enum(['user', 'assistant']), 'system'],
  ['a long string', z.string().max(3), 'abcdef'],
  ['an exact length', z.string().length(2), 'abc'],
  ['a big number', z.number().lt(10), 12],
  ['a big number, inclusive', z.number().max(10), 12],
  ['a short array', z.array(z.string()).min(2), ['a']],
  ['a small number', z.number().gt(0), -1],
  ['a URL', z.url(), 'not a url'],
  ['an email', z.email(), 'nobody'],
  ['a date-time', z.iso.datetime(), 'yesterday'],
  ['base64', z.base64(), '***'],
  ['a format with no English name', z.cuid2(), '!!'],
  ['a prefix', z.string().startsWith('ui://'), 'https://x'],
  ['a suffix', z.string().endsWith('.md'), 'x.txt'],
  ['an infix', z.string().includes('@'), 'x'],
  ['a pattern', z.string().regex(/^[a-z]+$/), 'ABC'],
  ['a multiple', z.number().multipleOf(5), 7],
  ['unknown keys', z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }],
  ['an unknown key', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }],
  ['a record key', z.record(z.string().max(1), z.number()), { long: 1 }],
  ['a union', z.union([z.string(), z.number()]), true],
  [
    'a discriminated union',
    z.discriminatedUnion('type', [z.object({ type: z.literal('text') }), z.object({ type: z.literal('image') })]),
    { type: 'audio' },
  ],
  ['an exclusive union', z.xor([z.string(), z.string().min(1)]), 'ab'],
  ['a map value', z.map(z.string(), z.number()), new Map([['a', 'b']])],
  ['a map value under an object key', z.map(z.object({}), z.number()), new Map([[{}, 'b']])],
  ['a map key', z.map(z.string().max(1), z.number()), new Map([['long', 1]])],
  ['a set element', z.set(z.number()), new Set(['x'])],
  ['a set size', z.set(z.number()).max(1), new Set([1, 2])],
];

const messages = (schema: z.ZodType, input: unknown) => (schema.safeParse(input).error?.issues ?? []).map((i) => i.message);

afterEach(() => {
  z.config(z.locales.en());
});

describe("the bundle's compact English for zod (src/bundle-zod-english.ts)", () => {
  it.each(cases)('says what zod says: %s', (_name, schema, input) => {
    const zods = messages(schema, input);
    expect(zods.length).toBeGreaterThan(0);
    z.config(english());
    expect(messages(schema, input)).toEqual(zods);
  });

  it('every issue code is among the cases', () => {
    const codes = new Set<string>();
    const collect = (issues: readonly z.core.$ZodIssue[]) => {
      for (const issue of issues) {
        codes.add(issue.code);
        if (issue.code === 'invalid_union') for (const inner of issue.errors) collect(inner);
        if (issue.code === 'invalid_key' || issue.code === 'invalid_element') collect(issue.issues);
      }
    };
    for (const [, schema, input] of cases) collect(schema.safeParse(input).error?.issues ?? []);
    for (const code of [
      'invalid_type',
      'invalid_value',
      'too_big',
      'too_small',
      'invalid_format',
      'not_multiple_of',
      'unrecognized_keys',
      'invalid_key',
      'invalid_union',
      'invalid_element',
    ])
      expect(codes, code).toContain(code);
  });

  it('names formats the MCP schemas use in words, and others by their name', () => {
    z.config(english());
    expect(messages(z.url(), 'x')).toEqual(['Invalid URL']);
    expect(messages(z.cuid2(), '!!')).toEqual(['Invalid cuid2']);
  });
});
