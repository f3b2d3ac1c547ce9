import { afterEach, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';

// The fixture server (test/servers/fixture-server.ts) lists, at /mixed/mcp,
// valid tools beside one whose inputSchema is `{ "type": "string" }` and one
// with no inputSchema at all.
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

test('one invalid tool does not hide the valid ones; the invalid ones are named with the reason', async () => {
  const c = new McpConnection({ url: `${inject('fixtureUrl')}/mixed/mcp` });
  open.push(c);
  await c.connect();
  expect(c.tools.map((t) => t.name)).toEqual(['plain', 'writes', 'adds', 'reads', 'contradicts', 'verbose', 'huge-result']);
  expect(c.invalidTools).toEqual([
    { name: 'broken-schema', reason: 'Its inputSchema must be a JSON Schema with "type": "object" (it has "string").' },
    { name: 'no-schema', reason: 'Its inputSchema is missing; a tool must describe its arguments as a JSON Schema object.' },
  ]);
  await expect(c.callTool('plain')).resolves.toMatchObject({ content: [{ text: 'ran plain' }] });
});

test('a server whose tools are all valid has no invalid tools', async () => {
  const c = new McpConnection({ url: inject('demoUrl') });
  open.push(c);
  await c.connect();
  expect(c.tools.length).toBeGreaterThan(5);
  expect(c.invalidTools).toEqual([]);
});
