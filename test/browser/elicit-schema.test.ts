import { describe, expect, test } from 'vitest';
import { readFormSchema } from '../../src/elements/mcp-elicit-form/form-schema.js';
import { buildContentSchema, initialValues, toLocalDateTime, validateValues } from '../../src/elements/mcp-elicit-form/form-values.js';
import { checkUrl } from '../../src/elements/mcp-elicit-form/url-policy.js';

// The pure parts of <mcp-elicit-form>: schema reading, zod validation into
// typed content, and the URL rule. Literal in, literal out.

describe('readFormSchema', () => {
  test('reads every kind the spec allows', () => {
    const { fields, problems } = readFormSchema({
      type: 'object',
      properties: {
        s: { type: 'string', minLength: 1, maxLength: 3, pattern: '^a' },
        d: { type: 'string', format: 'date-time', title: 'When' },
        i: { type: 'integer', minimum: 0 },
        b: { type: 'boolean', default: true },
        u: { type: 'string', enum: ['x', 'y'] },
        l: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'] },
        t: { type: 'string', oneOf: [{ const: 'h1', title: 'Hero' }] },
        mu: { type: 'array', items: { type: 'string', enum: ['g', 'p'] }, minItems: 1 },
        mt: { type: 'array', items: { anyOf: [{ const: 'f1', title: 'Tuna' }] }, maxItems: 2, default: ['f1'] },
      },
      required: ['s'],
    });
    expect(problems).toEqual([]);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['s', 'text', true],
      ['d', 'text', false],
      ['i', 'number', false],
      ['b', 'boolean', false],
      ['u', 'select', false],
      ['l', 'select', false],
      ['t', 'select', false],
      ['mu', 'multi', false],
      ['mt', 'multi', false],
    ]);
    expect(fields[1]).toMatchObject({ label: 'When', format: 'date-time' });
    expect(fields[5]).toMatchObject({
      options: [
        { value: 'p1', label: 'Cats' },
        { value: 'p2', label: 'Dogs' },
      ],
    });
    expect(fields[6]).toMatchObject({ options: [{ value: 'h1', label: 'Hero' }] });
    expect(fields[8]).toMatchObject({ maxItems: 2, default: ['f1'], options: [{ value: 'f1', label: 'Tuna' }] });
  });

  test('names each thing it cannot render', () => {
    expect(readFormSchema(undefined).problems).toEqual(['The request has no requestedSchema object.']);
    expect(
      readFormSchema({
        type: 'object',
        properties: {
          a: { type: 'string', format: 'hostname' },
          b: { type: 'string', pattern: '(' },
          c: { type: 'array' },
          d: { type: 'array', items: { type: 'number' } },
          e: { type: 'string', oneOf: [{ title: 'no const' }] },
          f: {},
          g: 'nope',
        },
      }).problems,
    ).toEqual([
      '"a" has the string format "hostname", which is not one of email, uri, date, date-time.',
      '"b" has a pattern that is not a valid regular expression.',
      '"c" is an array without an items schema.',
      '"d" is an array that is not a list of choices (items need enum or anyOf of { const, title }).',
      '"e" has a oneOf that is not a list of { const, title } choices.',
      '"f" has no type.',
      '"g" has no schema object.',
    ]);
    expect(readFormSchema({ type: 'array', $defs: {} }).problems).toHaveLength(2);
  });
});

describe('validateValues', () => {
  const { fields } = readFormSchema({
    type: 'object',
    properties: {
      when: { type: 'string', format: 'date-time' },
      n: { type: 'number' },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      pick: { type: 'string', enum: ['x'] },
    },
    required: ['n'],
  });
  const schema = buildContentSchema(fields);

  test('types content per the schema and leaves empty optional fields out', () => {
    const values = { ...initialValues(fields, false), when: '2026-03-01T10:30', n: '1e3', tags: ['b'] };
    expect(validateValues(fields, schema, values)).toEqual({
      content: { when: new Date('2026-03-01T10:30').toISOString(), n: 1000, tags: ['b'] },
      errors: {},
    });
  });

  test('says what is wrong, per field', () => {
    expect(validateValues(fields, schema, { ...initialValues(fields, false), n: 'not a number', pick: 'zzz' }).errors).toEqual({
      n: 'Enter a number.',
      pick: 'Choose one of the options.',
    });
    expect(validateValues(fields, schema, initialValues(fields, false)).errors).toEqual({ n: 'This field is required.' });
  });

  test('date-time defaults are shown in local time', () => {
    const local = toLocalDateTime('2026-03-01T10:30:00Z');
    expect(new Date(local).toISOString()).toBe('2026-03-01T10:30:00.000Z');
  });
});

describe('checkUrl', () => {
  test('splits an https URL for display, host in punycode', () => {
    expect(checkUrl('https://bücher.example:8443/a?b=1#c')).toEqual({
      ok: true,
      href: 'https://xn--bcher-kva.example:8443/a?b=1#c',
      prefix: 'https://',
      host: 'xn--bcher-kva.example:8443',
      rest: '/a?b=1#c',
    });
  });

  test('allows http only on localhost and 127.0.0.1', () => {
    expect(checkUrl('http://localhost:3000/').ok).toBe(true);
    expect(checkUrl('http://127.0.0.1/').ok).toBe(true);
    expect(checkUrl('http://127.0.0.2/').ok).toBe(false);
    expect(checkUrl('http://localhost.evil.example/').ok).toBe(false);
    expect(checkUrl('vbscript:x').ok).toBe(false);
  });
});
