/**
 * Tool lists for the fixture server (test/servers/fixture-server.ts): raw
 * JSON as a server would send it, including what a hostile or careless
 * server sends (thousands of tools, an invalid inputSchema, a 1 MB
 * description, no annotations, a huge result).
 */

/** A tool as listed by `tools/list`, untyped on purpose: the fixtures send what servers really send. */
export type RawTool = Record<string, unknown> & { name: string };

const objectSchema = (properties: Record<string, unknown> = {}) => ({ type: 'object', properties });

/** `count` tools named `tool-0000` …, each about one topic, so a search can find them. */
export function manyTools(count: number): RawTool[] {
  const topics = ['invoice', 'calendar', 'weather', 'ticket', 'payroll', 'inventory', 'shipping', 'contract'];
  return Array.from({ length: count }, (_, i) => {
    const topic = topics[i % topics.length]!;
    return {
      name: `${topic}-${String(i).padStart(4, '0')}`,
      description: `Works with ${topic} record number ${i}.`,
      inputSchema: objectSchema({ id: { type: 'string' } }),
      annotations: { readOnlyHint: true },
    };
  });
}

/** One tool per approval case, one with an invalid schema, one with a 1 MB description, one with a huge result. */
export function mixedTools(): RawTool[] {
  return [
    { name: 'plain', description: 'No annotations at all.', inputSchema: objectSchema() },
    {
      name: 'writes',
      description: 'readOnlyHint false, destructiveHint absent.',
      inputSchema: objectSchema(),
      annotations: { readOnlyHint: false },
    },
    {
      name: 'adds',
      description: 'Additive: not read-only, not destructive.',
      inputSchema: objectSchema(),
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    { name: 'reads', description: 'Read-only.', inputSchema: objectSchema(), annotations: { readOnlyHint: true } },
    {
      name: 'contradicts',
      description: 'Read-only and destructive.',
      inputSchema: objectSchema(),
      annotations: { readOnlyHint: true, destructiveHint: true },
    },
    { name: 'broken-schema', description: 'Its inputSchema is not an object schema.', inputSchema: { type: 'string' } },
    { name: 'no-schema', description: 'No inputSchema at all.' },
    {
      name: 'verbose',
      description: `A very long description. ${'blah '.repeat(200_000)}`,
      inputSchema: objectSchema(),
      annotations: { readOnlyHint: true },
    },
    { name: 'huge-result', description: 'Returns about 3 MB of text.', inputSchema: objectSchema(), annotations: { readOnlyHint: true } },
  ];
}

/**
 * A usable tool, and one whose `annotations.title` is a number: only the MCP
 * schema (zod, in the SDK) catches it, so the reason the chat gives is zod's sentence.
 */
export function malformedTools(): RawTool[] {
  return [
    { name: 'lookup', description: 'A usable tool.', inputSchema: objectSchema(), annotations: { readOnlyHint: true } },
    { name: 'numbered-title', description: 'Its title is a number.', inputSchema: objectSchema(), annotations: { title: 42 } as never },
  ];
}

/** Tools whose string arguments are text of several lines (the run form draws a multi-line box; issue 27). */
export function textTools(): RawTool[] {
  return [
    {
      name: 'engrave',
      description: 'A score in ABC notation (its default has line breaks), and a one-line title.',
      inputSchema: {
        type: 'object',
        properties: {
          title: { type: 'string', default: 'Scale' },
          score: { type: 'string', default: 'X:1\nT:Scale\nK:C\nCDEF GABc|' },
          notes: { type: 'string', format: 'textarea' },
        },
      },
      annotations: { readOnlyHint: true },
    },
  ];
}

/** What calling a fixture tool returns. */
export function fixtureResult(name: string): { content: Array<{ type: 'text'; text: string }>; isError?: boolean } {
  if (name === 'huge-result') return { content: [{ type: 'text', text: `START ${'x'.repeat(3 * 1024 * 1024)} END` }] };
  return { content: [{ type: 'text', text: `ran ${name}` }] };
}
