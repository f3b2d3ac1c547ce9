import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { defaultApprovalPolicy, ToolApprovals } from '../../src/agent/approval.js';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { AgentTool } from '../../src/agent/types.js';
import { McpHub } from '../../src/mcp/hub.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';

// The fixture server's /mixed/mcp lists one tool per annotation case:
// plain (none), writes (readOnlyHint false), adds (readOnly false, destructive
// false), reads (readOnlyHint true), contradicts (readOnly and destructive).
let hub: McpHub;
let tools: AgentTool[];
const mixedUrl = () => `${inject('fixtureUrl')}/mixed/mcp`;
const tool = (name: string) => tools.find((t) => t.name === name)!;

beforeAll(async () => {
  hub = new McpHub();
  hub.add({ url: mixedUrl() });
  await hub.connectAll();
  tools = [...(await hubToolHost(hub).listTools())];
});
afterAll(() => hub.close());

test('the default policy follows the spec defaults: destructiveHint is true unless a tool says otherwise', () => {
  const decisions = Object.fromEntries(
    ['plain', 'writes', 'adds', 'reads', 'contradicts'].map((n) => [n, defaultApprovalPolicy(tool(n), {})]),
  );
  expect(decisions).toEqual({ plain: 'ask', writes: 'ask', adds: 'allow', reads: 'allow', contradicts: 'ask' });
});

test('a tool with no annotations waits for the person before it runs', async () => {
  const provider = createOpenAICompatibleProvider({
    baseURL: inject('openaiUrl'),
    apiKey: 'test-key',
    model: 'gpt-4o-mini',
    maxRetries: 0,
  });
  const asked: string[] = [];
  const result = await runTurn({
    provider,
    tools: hubToolHost(hub),
    messages: [{ role: 'user', content: [{ type: 'text', text: '[[tool:plain]]' }] }],
    approve: async ({ toolUse }) => {
      asked.push(toolUse.name);
      return false;
    },
  });
  expect(asked).toEqual(['plain']);
  expect(JSON.stringify(result.messages[1]!.content)).toContain('did not allow');
});

test('per-tool choices are keyed by the server address and the tool name; any tool can be made to ask first', () => {
  expect(tool('plain').key).toBe(`${mixedUrl()}#plain`);
  const approvals = new ToolApprovals();
  approvals.askFirst(tool('reads'));
  approvals.alwaysAllow(tool('plain'));
  expect(approvals.policy(tool('reads'), {})).toBe('ask');
  expect(approvals.policy(tool('plain'), {})).toBe('allow');
  expect(approvals.policy(tool('writes'), {})).toBe('ask');
  // The same tool name on another server is another tool.
  expect(approvals.policy({ ...tool('plain'), key: 'http://127.0.0.1:9/mcp#plain' }, {})).toBe('ask');
  approvals.reset(tool('reads'));
  expect(approvals.policy(tool('reads'), {})).toBe('allow');
});
