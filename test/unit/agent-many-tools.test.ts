import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { ToolSelection } from '../../src/agent/tool-selection.js';
import { McpHub } from '../../src/mcp/hub.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';
import type { FakeReply } from '../fakes/providers.js';

// The fixture server's /many/mcp lists 5,000 tools (invoice-0000 …
// contract-4999); the fake OpenAI provider refuses more than 128 tools in a
// request, with OpenAI's own error.
const openaiUrl = () => inject('openaiUrl');
const fakeBase = () => openaiUrl().replace(/\/openai\/v1$/, '');
const provider = () => createOpenAICompatibleProvider({ baseURL: openaiUrl(), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0 });
let hub: McpHub;

async function requests(
  contains: string,
): Promise<Array<{ body: { tools?: Array<{ function: { name: string; description?: string } }> } }>> {
  const res = await fetch(`${fakeBase()}/__requests?contains=${encodeURIComponent(contains)}`);
  return res.json();
}
async function script(key: string, replies: FakeReply[]): Promise<void> {
  await fetch(`${fakeBase()}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
}

beforeAll(async () => {
  hub = new McpHub();
  hub.add({ url: `${inject('fixtureUrl')}/many/mcp` });
  hub.add({ url: `${inject('fixtureUrl')}/mixed/mcp` });
  await hub.connectAll();
  expect(hub.tools.length).toBeGreaterThan(5000);
});
afterAll(() => hub.close());

test('5,000 tools: the turn works; the request carries at most 128, the best matches of the message among them, and says what was left out', async () => {
  const selections: ToolSelection[] = [];
  const marker = `m-${crypto.randomUUID()}`;
  const result = await runTurn({
    provider: provider(),
    tools: hubToolHost(hub),
    messages: [{ role: 'user', content: [{ type: 'text', text: `What does the weather record number 42 say? ${marker}` }] }],
    onToolSelection: (s) => selections.push(s),
  });
  expect(result.error).toBeUndefined();
  expect(result.reason).toBe('endTurn');
  const [sent] = await requests(marker);
  const names = sent!.body.tools!.map((t) => t.function.name);
  expect(names.length).toBeLessThanOrEqual(128);
  expect(names).toContain('weather-0042');
  expect(names).toContain('search_tools');
  expect(selections[0]!.omitted.length).toBe(hub.tools.length - (names.length - 1));
});

test('the model finds a tool that was left out through search_tools, and calls it in the next round', async () => {
  const key = `s-${crypto.randomUUID().slice(0, 8)}`;
  await script(key, [
    { toolCalls: [{ name: 'search_tools', input: { query: 'payroll record 4444' } }] },
    { toolCalls: [{ name: 'payroll-4444', input: { id: 'x' } }] },
    { text: 'Done.' },
  ]);
  const result = await runTurn({
    provider: provider(),
    tools: hubToolHost(hub),
    messages: [{ role: 'user', content: [{ type: 'text', text: `Hello [[script:${key}]]` }] }],
  });
  expect(result.error).toBeUndefined();
  const [, found, , ran] = result.messages;
  expect(JSON.stringify(found!.content)).toContain('payroll-4444');
  expect(JSON.stringify(ran!.content)).toContain('ran payroll-4444');
  const sent = await requests(`[[script:${key}]]`);
  expect(sent.map((r) => r.body.tools!.some((t) => t.function.name === 'payroll-4444'))).toEqual([false, true, true]);
});

test('a tool with a 1 MB description costs at most a few thousand characters of the request', async () => {
  const marker = `v-${crypto.randomUUID()}`;
  await runTurn({
    provider: provider(),
    tools: hubToolHost(hub),
    messages: [{ role: 'user', content: [{ type: 'text', text: `verbose ${marker}` }] }],
    pinnedTools: ['verbose'],
  });
  const [sent] = await requests(marker);
  const verbose = sent!.body.tools!.find((t) => t.function.name === 'verbose')!;
  expect(verbose.function.description!.length).toBeLessThan(4100);
  expect(verbose.function.description).toMatch(/shortened/);
});
