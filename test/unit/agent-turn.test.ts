import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { TurnEvent } from '../../src/agent/types.js';
import type { Message, ToolResultBlock } from '../../src/content/index.js';
import { checkToolPairing } from '../../src/content/invariant.js';
import { McpHub } from '../../src/mcp/hub.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';
import type { FakeReply } from '../fakes/providers.js';

const openaiUrl = inject('openaiUrl');
const fakeBase = openaiUrl.replace(/\/openai\/v1$/, '');
const provider = createOpenAICompatibleProvider({ baseURL: openaiUrl, apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0 });
let hub: McpHub;

async function script(key: string, replies: FakeReply[]): Promise<void> {
  const res = await fetch(`${fakeBase}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
  expect(res.ok).toBe(true);
}
const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

beforeAll(async () => {
  hub = new McpHub();
  hub.add({ url: inject('demoUrl') });
  const [outcome] = await hub.connectAll();
  expect(outcome!.status).toBe('fulfilled');
});
afterAll(() => hub.close());

describe('runTurn against the demo server and the fake OpenAI provider', () => {
  test('two tool calls (one returns an image) then a streamed answer; results appended as returned', async () => {
    const events: TurnEvent[] = [];
    const stored: Message[] = [];
    const messages = [user('[[tool:echo {"message":"hi"}]] [[tool:rich-content]]')];
    const result = await runTurn({
      provider,
      tools: hubToolHost(hub),
      messages,
      onEvent: (e) => events.push(e),
      onMessage: (m) => void stored.push(m),
    });
    expect(result.reason).toBe('endTurn');
    expect(result.rounds).toBe(2);
    expect(result.messages).toEqual(stored);
    const [call, results, answer] = result.messages;
    expect(call!.content.map((b) => b.type === 'tool_use' && b.name)).toEqual(['echo', 'rich-content']);
    const direct = await hub.callTool('rich-content', {});
    const rich = results!.content[1] as ToolResultBlock;
    expect(rich.content).toEqual(direct.content);
    expect(rich.content.some((b) => b.type === 'image' && b.mimeType === 'image/png')).toBe(true);
    expect((results!.content[0] as ToolResultBlock).content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(answer!.role).toBe('assistant');
    expect(answer!.content[0]!.type).toBe('text');
    expect(events.filter((e) => e.type === 'delta' && e.delta.type === 'text').length).toBeGreaterThan(3);
    expect(events.filter((e) => e.type === 'tool-end').map((e) => e.type === 'tool-end' && e.status)).toEqual(['done', 'done']);
    checkToolPairing([...messages, ...result.messages]);
    // The server's instructions reached the model in the system prompt.
    const last = await (await fetch(`${fakeBase}/__last-request?contains=rich-content`)).json();
    expect(JSON.stringify(last.body.messages[0])).toContain('A demo server for trying MCP clients');
  });

  test('structuredContent and isError pass through untouched', async () => {
    const result = await runTurn({ provider, tools: hubToolHost(hub), messages: [user('[[tool:weather {"city":"Paris"}]]')] });
    const block = result.messages[1]!.content[0] as ToolResultBlock;
    expect(block.structuredContent).toMatchObject({ city: 'Paris' });
    expect(block.content).toEqual([{ type: 'text', text: JSON.stringify(block.structuredContent) }]);
  });

  test('a destructive tool waits for approval; denied, it never runs', async () => {
    const asked: string[] = [];
    const denied = await runTurn({
      provider,
      tools: hubToolHost(hub),
      messages: [user('[[tool:delete-note {"id":"2"}]]')],
      approve: async ({ toolUse }) => {
        asked.push(toolUse.name);
        return false;
      },
    });
    expect(asked).toEqual(['delete-note']);
    const refusal = denied.messages[1]!.content[0] as ToolResultBlock;
    expect(refusal.isError).toBe(true);
    expect(refusal.content).toEqual([{ type: 'text', text: 'The person did not allow this tool call.' }]);
    const approved = await runTurn({
      provider,
      tools: hubToolHost(hub),
      messages: [user('[[tool:delete-note {"id":"2"}]]')],
      approve: async () => true,
    });
    expect((approved.messages[1]!.content[0] as ToolResultBlock).content[0]).toMatchObject({
      text: expect.stringMatching(/^Deleted note 2/),
    });
  });

  test('Stop in mid-stream aborts the request and keeps the text seen so far', async () => {
    const stop = new AbortController();
    let deltas = 0;
    const text = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const result = await runTurn({
      provider,
      messages: [user(`[[slow:20]] [[say:${text}]]`)],
      signal: stop.signal,
      onEvent: (e) => {
        if (e.type === 'delta' && ++deltas === 5) stop.abort();
      },
    });
    expect(result.reason).toBe('stopped');
    const partial = result.messages[0]!.content[0]!;
    expect(partial.type === 'text' && partial.text.startsWith('word0 word1')).toBe(true);
    expect(partial.type === 'text' && partial.text.length < text.length).toBe(true);
  });

  test('Stop during a tool call cancels it and records a stopped result', async () => {
    const stop = new AbortController();
    const result = await runTurn({
      provider,
      tools: hubToolHost(hub),
      messages: [user('[[tool:long-task {"steps":50,"delayMs":100}]]')],
      signal: stop.signal,
      onEvent: (e) => {
        if (e.type === 'tool-progress') stop.abort();
      },
    });
    expect(result.reason).toBe('stopped');
    expect(result.messages).toHaveLength(2);
    const stopped = result.messages[1]!.content[0] as ToolResultBlock;
    expect(stopped).toMatchObject({ isError: true, content: [{ type: 'text', text: 'The person stopped this tool call.' }] });
  });

  test('the round limit ends a model that keeps calling tools', async () => {
    const loop: FakeReply = { toolCalls: [{ name: 'echo', input: { message: 'again' } }] };
    await script('rounds', [loop, loop, loop]);
    const result = await runTurn({ provider, tools: hubToolHost(hub), messages: [user('[[script:rounds]] go')], maxRounds: 2 });
    expect(result.reason).toBe('maxRounds');
    expect(result.rounds).toBe(2);
    expect(result.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
  });

  test('a model that calls the same tool with the same arguments three times in a row: the turn ends there, not at the round limit', async () => {
    // The tiny on-device model did this: "Log demo" with the same input until the 10-call limit.
    const same: FakeReply = { toolCalls: [{ name: 'echo', input: { message: 'again' } }] };
    await script('repeat', [same, same, same, same, same, same]);
    const events: TurnEvent[] = [];
    const result = await runTurn({
      provider,
      tools: hubToolHost(hub),
      messages: [user('[[script:repeat]] go')],
      onEvent: (e) => events.push(e),
    });
    expect(result.reason).toBe('repeated');
    expect(result.rounds).toBe(3);
    expect(result.repeated).toEqual({ tool: 'echo', times: 3 });
    expect(events.filter((e) => e.type === 'tool-end')).toHaveLength(3);
    checkToolPairing([user('go'), ...result.messages]);
  });

  test('the same tool with different arguments each time is not a loop (control for the repeat guard)', async () => {
    const call = (message: string): FakeReply => ({ toolCalls: [{ name: 'echo', input: { message } }] });
    await script('varied', [call('a'), call('b'), call('c'), call('d'), { text: 'Done.' }]);
    const result = await runTurn({ provider, tools: hubToolHost(hub), messages: [user('[[script:varied]] go')] });
    expect(result.reason).toBe('endTurn');
    expect(result.rounds).toBe(5);
  });

  test('a provider error ends the turn with reason error, not an exception', async () => {
    const result = await runTurn({ provider, messages: [user('[[error:500]]')] });
    expect(result.reason).toBe('error');
    expect(String(result.error)).toMatch(/500|server/i);
  });
});
