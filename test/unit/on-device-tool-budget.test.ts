import { describe, expect, test } from 'vitest';
import type { AgentTool } from '../../src/agent/types.js';
import { SEARCH_TOOLS_NAME, selectTools, toolChars } from '../../src/agent/tool-selection.js';
import { createOnDeviceProvider } from '../../src/providers/on-device/on-device-provider.js';

// Issue 22 item 3 for the open model on the visitor's device: every offered tool's schema
// goes into its prompt (and its grammar), so the provider says how many characters of tool
// definitions fit its context (`maxToolChars`); past that the chat's turn offers the tools
// that fit and `search_tools` to find the rest, instead of a request the model refuses
// (`context-overflow`).

/** A tool whose definition is about `chars` characters long, as a server's tool with a real schema. */
function tool(name: string, description: string, chars: number): AgentTool {
  const base = {
    name,
    description,
    inputSchema: { type: 'object' as const, properties: { text: { type: 'string', description: '' } }, required: ['text'] },
  };
  base.inputSchema.properties.text.description = 'x'.repeat(Math.max(0, chars - toolChars(base)));
  return base as AgentTool;
}

const catalog = [
  tool('weather_forecast', 'The weather forecast for a city.', 900),
  ...Array.from({ length: 11 }, (_, i) => tool(`tool_${i}`, `Does thing number ${i}.`, 900)),
];

describe('on-device provider: the tools it is offered fit its context', () => {
  test('declares a budget of tool definitions from its context size (1.5 characters per token: half the window)', () => {
    const small = createOnDeviceProvider({ modelUrl: 'https://models.example/tiny.gguf', contextSize: 2048 });
    expect(small.maxToolChars).toBe(3072);
    const byDefault = createOnDeviceProvider({ modelUrl: 'https://models.example/tiny.gguf' });
    expect(byDefault.maxToolChars).toBe(6144);
  });

  test("a catalog larger than that budget is offered as the tools that fit and search_tools; the person's subject comes first", () => {
    const provider = createOnDeviceProvider({ modelUrl: 'https://models.example/tiny.gguf', contextSize: 2048 });
    const total = catalog.reduce((sum, t) => sum + toolChars(t), 0);
    expect(total).toBeGreaterThan(provider.maxToolChars!);
    const selection = selectTools(catalog, {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the weather forecast in Oslo?' }] }],
      maxTools: provider.maxTools,
      maxToolChars: provider.maxToolChars,
    });
    const names = selection.tools.map((t) => t.name);
    expect(names).toContain(SEARCH_TOOLS_NAME);
    expect(names[0]).toBe('weather_forecast');
    expect(selection.tools.reduce((sum, t) => sum + toolChars(t), 0)).toBeLessThanOrEqual(provider.maxToolChars!);
    expect(selection.omitted.length).toBe(catalog.length - (names.length - 1));
  });

  test('a catalog that fits is offered whole, without search_tools', () => {
    const provider = createOnDeviceProvider({ modelUrl: 'https://models.example/tiny.gguf', contextSize: 8192 });
    const selection = selectTools(catalog.slice(0, 6), { messages: [], maxTools: provider.maxTools, maxToolChars: provider.maxToolChars });
    expect(selection.tools.map((t) => t.name)).not.toContain(SEARCH_TOOLS_NAME);
    expect(selection.tools).toHaveLength(6);
  });
});
