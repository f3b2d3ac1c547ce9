import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { allowAll } from '../../src/agent/approval.js';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import { SEARCH_TOOLS_NAME, selectTools, toolChars, type ToolSelection } from '../../src/agent/tool-selection.js';
import type { AgentTool } from '../../src/agent/types.js';
import type { ToolResultBlock } from '../../src/content/index.js';
import { McpHub } from '../../src/mcp/hub.js';
import { createBrowserModelProvider } from '../../src/providers/browser/browser-model-provider.js';
import { createFakeLanguageModel, type FakeTurn } from '../fakes/fake-language-model.js';

// Item 3 of issue 22: when the tools' definitions do not fit a small model's
// context, the model gets the tools that fit and `search_tools`. The browser
// provider states its budget as `maxToolChars` (from its context window);
// the agent keeps each request within it. The model is the Prompt API
// stand-in (no on-device model on this machine); the tools are the real demo server's.

let hub: McpHub;
beforeAll(async () => {
  hub = new McpHub();
  hub.add({ url: inject('demoUrl') });
  const [outcome] = await hub.connectAll();
  expect(outcome!.status).toBe('fulfilled');
});
afterAll(() => hub.close());

/** The tool names a constrained prompt offered (its anyOf alternatives). */
const offered = (turn: FakeTurn) =>
  ((turn.responseConstraint?.anyOf ?? []) as Array<{ properties: { tool?: { const: string } } }>)
    .map((a) => a.properties.tool?.const)
    .filter(Boolean);

describe('a small context gets search_tools instead of every schema', () => {
  test('selectTools: past maxToolChars it carries what fits plus search_tools; under it, every tool', () => {
    const tool = (name: string, description: string): AgentTool => ({
      name,
      description,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    });
    const catalog = [tool('weather', 'Weather of a city.'), tool('echo', 'x'.repeat(600)), tool('notes', 'y'.repeat(600))];
    const total = catalog.reduce((n, t) => n + toolChars(t), 0);
    expect(selectTools(catalog, { messages: [], maxToolChars: total }).tools.map((t) => t.name)).toEqual(['weather', 'echo', 'notes']);
    const small = selectTools(catalog, {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'weather in Paris' }] }],
      maxToolChars: 1000,
    });
    expect(small.tools.map((t) => t.name)).toEqual(['weather', SEARCH_TOOLS_NAME]);
    expect(small.tools.reduce((n, t) => n + toolChars(t), 0)).toBeLessThanOrEqual(1000);
    expect(small.omitted.map((o) => o.tool.name)).toEqual(['echo', 'notes']);
  });

  test('a whole turn with a 1,024-token model: search_tools first, then the found tool runs on the demo server, then the answer', async () => {
    const lm = createFakeLanguageModel({
      contextWindow: 1024,
      replies: [
        () => ({ json: { tool: SEARCH_TOOLS_NAME, arguments: { query: 'weather forecast of a city' } } }),
        (turn) =>
          offered(turn).includes('weather')
            ? { json: { tool: 'weather', arguments: { city: 'Paris' } } }
            : { json: { type: 'text', text: 'weather was not offered' } },
        () => ({ json: { type: 'text', text: 'It is mild in Paris.' } }),
      ],
    });
    const provider = createBrowserModelProvider({ languageModel: lm, maxTools: 100 });
    expect((await provider.status()).state).toBe('available');
    expect(provider.maxToolChars).toBe(1024);
    const selections: ToolSelection[] = [];
    const result = await runTurn({
      provider,
      tools: hubToolHost(hub),
      policy: allowAll,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Is it cold outside in Paris?' }] }],
      onToolSelection: (s) => selections.push(s),
    });
    expect(result.reason).toBe('endTurn');
    expect(result.rounds).toBe(3);
    // The first request did not carry all the demo tools: the ones that fit, then search_tools.
    expect(selections[0]!.total).toBeGreaterThan(15);
    expect(selections[0]!.tools.at(-1)!.name).toBe(SEARCH_TOOLS_NAME);
    expect(selections[0]!.omitted.length).toBeGreaterThan(5);
    expect(selections[0]!.tools.reduce((n, t) => n + toolChars(t), 0)).toBeLessThanOrEqual(1024);
    expect(offered(lm.turns[0]!)).toContain(SEARCH_TOOLS_NAME);
    // The model found the weather tool, called it, the demo server answered.
    expect(offered(lm.turns[1]!)).toContain('weather');
    const [search, , call, results, answer] = result.messages;
    expect(search!.content[0]).toMatchObject({ type: 'tool_use', name: SEARCH_TOOLS_NAME });
    expect(call!.content[0]).toMatchObject({ type: 'tool_use', name: 'weather', input: { city: 'Paris' } });
    expect((results!.content[0] as ToolResultBlock).structuredContent).toMatchObject({ city: 'Paris' });
    expect(answer!.content).toEqual([{ type: 'text', text: 'It is mild in Paris.' }]);
    expect(lm.live.size).toBe(0);
  });

  test('a large context with room for every tool: all offered, no search_tools', async () => {
    const lm = createFakeLanguageModel({ contextWindow: 32_768, replies: [{ json: { type: 'text', text: 'Hello.' } }] });
    const provider = createBrowserModelProvider({ languageModel: lm, maxTools: 100 });
    await provider.status();
    const selections: ToolSelection[] = [];
    const result = await runTurn({
      provider,
      tools: hubToolHost(hub),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      onToolSelection: (s) => selections.push(s),
    });
    expect(result.reason).toBe('endTurn');
    expect(selections[0]!.omitted).toEqual([]);
    expect(offered(lm.turns[0]!)).not.toContain(SEARCH_TOOLS_NAME);
    expect(offered(lm.turns[0]!).length).toBe(selections[0]!.total);
  });
});
