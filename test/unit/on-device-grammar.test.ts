import { describe, expect, test } from 'vitest';
import { replyGrammar } from '../../src/providers/on-device/reply-grammar.js';
import { gbnfLiteral, SchemaGrammar } from '../../src/providers/on-device/schema-grammar.js';

// The grammars the on-device provider constrains replies with (GBNF, llama.cpp's
// format). That llama.cpp accepts them and that replies follow them is proven in
// Chromium on a real model (test/browser/on-device-model.test.ts); here: their text,
// and the property that matters for a model that never stops: nothing unbounded
// except the answer's text.

const grammarOf = (schema: unknown, bounds = {}) => {
  const g = new SchemaGrammar(bounds);
  return g.rules(g.value(schema, 'args'));
};

describe('schema -> GBNF', () => {
  test('an object with required and optional properties, in declared order, compact', () => {
    expect(
      grammarOf(
        {
          type: 'object',
          properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1 }, units: { enum: ['c', 'f'] } },
          required: ['city'],
        },
        { maxString: 40 },
      ),
    ).toBe(
      [
        'root ::= args',
        'char ::= [^"\\\\\\x00-\\x1f] | "\\\\" (["\\\\/bfnrt] | "u" [0-9a-fA-F]{4})',
        'string-1-40 ::= "\\"" char{1,40} "\\""',
        'integer-unsigned ::= "0" | [1-9] [0-9]{0,15}',
        'args ::= "{" "\\"city\\"" ":" string-1-40 ("," "\\"days\\"" ":" integer-unsigned)? ("," "\\"units\\"" ":" ("\\"c\\"" | "\\"f\\""))? "}"',
      ].join('\n'),
    );
  });

  test('only optional properties: any subset in order, never a leading comma', () => {
    const out = grammarOf({ type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'null' } } });
    expect(out).toContain('args ::= "{" ("\\"a\\"" ":" boolean ("," "\\"b\\"" ":" null)? | "\\"b\\"" ":" null)? "}"');
  });

  test('arrays are bounded by the smaller of the schema and the bounds; minItems is kept', () => {
    expect(grammarOf({ type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 100 }, { maxItems: 5 })).toContain(
      'args ::= "[" number ("," number){1,4} "]"',
    );
    expect(grammarOf({ type: 'array', items: { type: 'boolean' } }, { maxItems: 3 })).toContain(
      'args ::= "[" (boolean ("," boolean){0,2})? "]"',
    );
  });

  test('anyOf, type lists, const, $ref into $defs and allOf', () => {
    const out = grammarOf({
      type: 'object',
      properties: {
        v: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
        t: { type: ['integer', 'boolean'] },
        k: { const: 'x"y' },
        p: { $ref: '#/$defs/point' },
        m: { allOf: [{ properties: { x: { type: 'integer' } }, required: ['x'] }, { properties: { y: { type: 'integer' } } }] },
      },
      required: ['v', 't', 'k', 'p', 'm'],
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    });
    expect(out).toContain('args-v ::= string-0-3 | null');
    expect(out).toContain('args-t ::= integer | boolean');
    expect(out).toContain('"\\"k\\"" ":" "\\"x\\\\\\"y\\""');
    expect(out).toContain('args-p ::= "{" "\\"x\\"" ":" number "}"');
    expect(out).toContain('args-m ::= "{" "\\"x\\"" ":" integer ("," "\\"y\\"" ":" integer)? "}"');
  });

  test('a recursive $ref ends in a scalar at the depth bound', () => {
    const out = grammarOf(
      { $ref: '#/$defs/node', $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } } },
      { maxDepth: 4 },
    );
    expect(out).toMatch(/scalar ::= string-0-256 \| number \| boolean \| null/);
    expect(out.split('\n').length).toBeLessThan(20);
  });

  test('an empty schema is any bounded JSON value; extra keys of an object are never generated', () => {
    expect(grammarOf({}, { maxItems: 4 })).toContain(
      'args-any ::= scalar | "[" (scalar ("," scalar){0,3})? "]" | "{" (string-0-32 ":" scalar ("," string-0-32 ":" scalar){0,3})? "}"',
    );
    expect(grammarOf({ type: 'object', additionalProperties: true })).toBe('root ::= "{}"');
  });

  test('literals escape quotes, backslashes and control characters', () => {
    expect(gbnfLiteral('a"b\\c\nd\u0001')).toBe('"a\\"b\\\\c\\nd\\x01"');
  });
});

describe('reply grammar', () => {
  const tools = [
    {
      name: 'echo',
      description: 'Repeats',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    { name: 'now', inputSchema: { type: 'object' } },
  ];

  test('auto: an answer or one call per offered tool', () => {
    const g = replyGrammar(tools, 'auto', { maxString: 10 });
    expect(g.split('\n')[0]).toBe('root ::= text | tool-echo | tool-now');
    expect(g).toContain('text ::= "{\\"type\\":\\"text\\",\\"text\\":\\"" char* "\\"}"');
    expect(g).toContain('tool-echo ::= "{\\"tool\\":" "\\"echo\\"" ",\\"arguments\\":" echo-args "}"');
    expect(g).toContain('echo-args ::= "{" "\\"message\\"" ":" string-0-10 "}"');
    expect(g).toContain('tool-now ::= "{\\"tool\\":" "\\"now\\"" ",\\"arguments\\":" "{}" "}"');
  });

  test('required leaves out the answer; none (or no tools) leaves out the calls', () => {
    expect(replyGrammar(tools, 'required').split('\n')[0]).toBe('root ::= tool-echo | tool-now');
    expect(replyGrammar(tools, 'none').split('\n')[0]).toBe('root ::= text');
    expect(replyGrammar([], 'required').split('\n')[0]).toBe('root ::= text');
  });

  test('nothing but the answer text is unbounded, whatever the schemas', () => {
    const wild = [
      {
        name: 'wild',
        inputSchema: {
          type: 'object',
          properties: {
            a: { type: 'array', items: {} },
            s: { type: 'string' },
            o: { type: 'object', additionalProperties: { type: 'string' } },
            n: { $ref: '#' },
          },
        },
      },
    ];
    const rules = replyGrammar(wild, 'auto').split('\n');
    const unbounded = rules.filter((r) => /[*+]|\{\d+,\}/.test(r.replace(/\[[^\]]*\]/g, '[]')));
    expect(unbounded).toEqual(['text ::= "{\\"type\\":\\"text\\",\\"text\\":\\"" char* "\\"}"']);
  });
});
