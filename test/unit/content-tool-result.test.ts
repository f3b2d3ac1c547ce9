import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { AgentToolHost, TurnEvent } from '../../src/agent/types.js';
import type { Message } from '../../src/content/index.js';
import { clientToolResult, toolCallRecord, toolResultBlock, TOOL_CALL_META_KEY } from '../../src/content/tool-result.js';
import { McpHub } from '../../src/mcp/hub.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';

describe('toolResultBlock: the one CallToolResult -> tool_result mapping', () => {
  test('keeps content, structuredContent, isError and the server _meta; records status, server and title', () => {
    const block = toolResultBlock(
      'call_1',
      { content: [{ type: 'text', text: 'a\nb' }], structuredContent: { n: 1 }, isError: false, _meta: { 'example.com/trace': 'x' } },
      { status: 'done', server: 'Demo', title: 'Echo' },
    );
    expect(block).toEqual({
      type: 'tool_result',
      toolUseId: 'call_1',
      content: [{ type: 'text', text: 'a\nb' }],
      structuredContent: { n: 1 },
      isError: false,
      _meta: { 'example.com/trace': 'x', [TOOL_CALL_META_KEY]: { status: 'done', server: 'Demo', title: 'Echo' } },
    });
    expect(toolCallRecord(block)).toEqual({ status: 'done', server: 'Demo', title: 'Echo' });
  });

  test("a server cannot claim the client's status: its value under the key is replaced", () => {
    const block = toolResultBlock('c', { content: [], isError: true, _meta: { [TOOL_CALL_META_KEY]: { status: 'done', title: 'Fake' } } });
    expect(toolCallRecord(block)).toEqual({ status: 'error' });
  });

  test('results without a valid record fall back to isError', () => {
    expect(toolCallRecord({ type: 'tool_result', toolUseId: 'c', content: [], isError: true })).toEqual({ status: 'error' });
    expect(
      toolCallRecord({ type: 'tool_result', toolUseId: 'c', content: [], _meta: { [TOOL_CALL_META_KEY]: { status: 'bogus', server: 3 } } }),
    ).toEqual({ status: 'done' });
    expect(toolCallRecord(clientToolResult('c', 'The person stopped this tool call.', { status: 'cancelled' }))).toEqual({
      status: 'cancelled',
    });
  });
});

describe('runTurn records how each call ended', () => {
  let hub: McpHub;
  beforeAll(async () => {
    hub = new McpHub();
    hub.add({ url: inject('demoUrl') });
    const [outcome] = await hub.connectAll();
    expect(outcome!.status).toBe('fulfilled');
  });
  afterAll(() => hub.close());

  test('a call stopped on its own (the host rejects with AbortError) is cancelled; the other keeps its result', async () => {
    const provider = createOpenAICompatibleProvider({
      baseURL: inject('openaiUrl'),
      apiKey: 'test-key',
      model: 'gpt-4o-mini',
      maxRetries: 0,
    });
    const base = hubToolHost(hub);
    // As <mcp-chat> does for the Stop button of one card: its own signal, reported as AbortError.
    const tools: AgentToolHost = {
      ...base,
      callTool: async (name, args, options) => {
        if (name !== 'long-task') return base.callTool(name, args, options);
        const own = new AbortController();
        setTimeout(() => own.abort(), 300);
        try {
          return await base.callTool(name, args, { ...options, signal: AbortSignal.any([options.signal, own.signal]) });
        } catch (error) {
          if (own.signal.aborted) throw new DOMException('stopped', 'AbortError');
          throw error;
        }
      },
    };
    const ends: TurnEvent[] = [];
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: '[[tool:long-task {"steps":50,"delayMs":200}]] [[tool:echo {"message":"hi"}]]' }] },
    ];
    const result = await runTurn({ provider, tools, messages, onEvent: (e) => void (e.type === 'tool-end' && ends.push(e)) });
    expect(result.reason).toBe('endTurn');
    expect(ends.map((e) => e.type === 'tool-end' && [e.toolUse.name, e.status]).sort()).toEqual([
      ['echo', 'done'],
      ['long-task', 'cancelled'],
    ]);
    const results = result.messages[1]!.content;
    expect(results.map((b) => b.type === 'tool_result' && toolCallRecord(b))).toEqual([
      { status: 'cancelled', server: expect.any(String), title: 'Long task' },
      { status: 'done', server: expect.any(String), title: 'Echo' },
    ]);
  });
});
