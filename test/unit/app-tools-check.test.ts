import { describe, expect, test } from 'vitest';
import { APP_TOOLS_MAX, checkedAppTools } from '../../src/elements/mcp-app-view/app-tools-check.js';

// Issue 41 item 2: an app's tools/list is untrusted; the host offers only well-formed tools.
describe('checkedAppTools', () => {
  const schema = { type: 'object', properties: {} };

  test('keeps well-formed tools, with their title, description and hints', () => {
    expect(
      checkedAppTools([
        {
          name: 'read_count',
          title: 'Read the count',
          description: 'Says the count.',
          inputSchema: schema,
          annotations: { readOnlyHint: true },
        },
        { name: 'no.schema.type', inputSchema: { properties: { a: { type: 'string' } } } },
      ]),
    ).toEqual([
      {
        name: 'read_count',
        title: 'Read the count',
        description: 'Says the count.',
        inputSchema: schema,
        annotations: { readOnlyHint: true },
      },
      { name: 'no.schema.type', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
    ]);
  });

  test('drops bad names, non-object schemas and repeated names; keeps at most 32', () => {
    const listed = [
      { name: '', inputSchema: schema },
      { name: 'has space', inputSchema: schema },
      { name: 'x'.repeat(65), inputSchema: schema },
      { name: 'arr', inputSchema: { type: 'array' } },
      { name: 'none' },
      null,
      'text',
      { name: 'twice', inputSchema: schema, description: 'first' },
      { name: 'twice', inputSchema: schema, description: 'second' },
    ];
    expect(checkedAppTools(listed).map((t) => [t.name, t.description])).toEqual([['twice', 'first']]);
    expect(checkedAppTools('not a list')).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => ({ name: `t${i}`, inputSchema: schema }));
    expect(checkedAppTools(many)).toHaveLength(APP_TOOLS_MAX);
  });

  test('cuts long texts and keeps only the spec hints: an app cannot smuggle other annotations', () => {
    const [tool] = checkedAppTools([
      {
        name: 'big',
        title: 't'.repeat(500),
        description: 'd'.repeat(5000),
        inputSchema: schema,
        annotations: { readOnlyHint: 'yes', destructiveHint: false, title: 'Big', other: { a: 1 } },
      },
    ]);
    expect(tool!.title).toHaveLength(200);
    expect(tool!.description).toHaveLength(1000);
    expect(tool!.annotations).toEqual({ destructiveHint: false, title: 'Big' });
  });
});
