import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { Message } from '../../src/content/index.js';
import { McpHub } from '../../src/mcp/hub.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';

// The fixture server's huge-result tool returns about 3 MB of text.
const fakeBase = () => inject('openaiUrl').replace(/\/openai\/v1$/, '');
const provider = () =>
  createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0 });
let hub: McpHub;

async function sentToolMessages(contains: string): Promise<string[][]> {
  const all = (await (await fetch(`${fakeBase()}/__requests?contains=${encodeURIComponent(contains)}`)).json()) as Array<{
    body: { messages: Array<{ role: string; content: unknown }> };
  }>;
  return all.map((r) =>
    r.body.messages.filter((m) => m.role === 'tool').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))),
  );
}

beforeAll(async () => {
  hub = new McpHub();
  hub.add({ url: `${inject('fixtureUrl')}/mixed/mcp` });
  await hub.connectAll();
});
afterAll(() => hub.close());

test('a 3 MB tool result: the model gets a bounded form with a note, this turn and the next; the history keeps it whole', async () => {
  const marker = `h-${crypto.randomUUID()}`;
  const first: Message = { role: 'user', content: [{ type: 'text', text: `[[tool:huge-result]] ${marker}` }] };
  const turn = await runTurn({ provider: provider(), tools: hubToolHost(hub), messages: [first] });
  expect(turn.error).toBeUndefined();
  const kept = JSON.stringify(turn.messages[1]!.content);
  expect(kept.length).toBeGreaterThan(3 * 1024 * 1024);
  expect(kept).toContain(' END');

  const next: Message = { role: 'user', content: [{ type: 'text', text: `and again ${marker}` }] };
  const again = await runTurn({ provider: provider(), messages: [first, ...turn.messages, next], maxToolResultChars: 20_000 });
  expect(again.error).toBeUndefined();
  const requests = await sentToolMessages(marker);
  expect(requests).toHaveLength(3);
  const [before, afterCall, nextTurn] = requests;
  expect(before).toEqual([]);
  expect(afterCall![0]!.length).toBeLessThan(100_000 + 500);
  expect(afterCall![0]).toMatch(/characters of this result were left out/);
  expect(afterCall![0]).toMatch(/^START/);
  expect(nextTurn![0]!.length).toBeLessThan(20_000 + 500);
});
