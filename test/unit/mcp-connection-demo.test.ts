import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { McpConnection, type InputRequestContext, type McpLogMessageEvent } from '../../src/mcp/index.js';

// The demo server serves both eras on one endpoint (started by the global setup).
const url = inject('demoUrl');
const open: McpConnection[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

describe.each([
  { era: 'legacy', expected: 'legacy', version: '2025-11-25' },
  { era: 'modern', expected: 'modern', version: '2026-07-28' },
  { era: 'auto', expected: 'modern', version: '2026-07-28' },
] as const)('McpConnection against the demo server, era $era', ({ era, expected, version }) => {
  async function connect(): Promise<McpConnection> {
    const connection = new McpConnection({ url, era, name: 'demo' });
    open.push(connection);
    await connection.connect();
    return connection;
  }

  test('negotiates the era and loads every catalog', async () => {
    const connection = await connect();
    expect(connection.state).toBe('connected');
    expect(connection.getProtocolEra()).toBe(expected);
    expect(connection.protocolVersion).toBe(version);
    expect(connection.serverInfo?.name).toBe('mcp-elements-demo');
    expect(connection.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'rich-content', 'weather', 'long-task', 'register-form', 'ask-model', 'get-roots']),
    );
    expect(connection.prompts.length).toBeGreaterThan(0);
    expect(connection.resources.length).toBeGreaterThan(0);
    expect(connection.resourceTemplates.length).toBeGreaterThan(0);
  });

  test('echo, rich content and validated structured content', async () => {
    const connection = await connect();
    await expect(connection.callTool('echo', { message: 'hi' })).resolves.toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('hi') }],
    });
    const rich = await connection.callTool('rich-content');
    expect(rich.content.map((b) => b.type)).toEqual(expect.arrayContaining(['text', 'image', 'audio', 'resource_link', 'resource']));
    const weather = await connection.callTool('weather', { city: 'Lisbon' });
    expect(weather.structuredContent).toBeTypeOf('object');
  });

  test('progress arrives, and stopping the call cancels it', async () => {
    const connection = await connect();
    const seen: number[] = [];
    await connection.callTool('long-task', { steps: 3, delayMs: 20 }, { onprogress: (p) => seen.push(p.progress) });
    // Progress is paced (issue 26 §7: the latest per frame, the last always): steps 20 ms apart may fold.
    expect(seen.at(-1)).toBe(3);
    expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
    expect(seen.every((p) => [1, 2, 3].includes(p))).toBe(true);

    const stop = new AbortController();
    const call = connection.callTool('long-task', { steps: 50, delayMs: 50 }, { signal: stop.signal, onprogress: () => stop.abort() });
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
  });

  test('sampling, elicitation and roots reach the router with the tool call that caused them', async () => {
    const connection = await connect();
    const contexts: InputRequestContext[] = [];
    connection.router.handle('sampling', async (params, context) => {
      contexts.push(context);
      expect(params.systemPrompt).toContain('concise');
      return { model: 'test-model', role: 'assistant', content: { type: 'text', text: 'Forty-two.' } };
    });
    connection.router.handle('elicitation', async (_params, context) => {
      contexts.push(context);
      return { action: 'decline' };
    });
    connection.router.handle('roots', (context) => {
      contexts.push(context);
      return [{ uri: 'file:///home/demo/project', name: 'Project' }];
    });
    const answer = await connection.callTool('ask-model', { question: 'What is the answer?' }, { toolUseId: 'toolu_ask' });
    expect(JSON.stringify(answer.content)).toContain('Forty-two.');
    await connection.callTool('register-form', {}, { toolUseId: 'toolu_form' });
    const roots = await connection.callTool('get-roots', {}, { toolUseId: 'toolu_roots' });
    expect(JSON.stringify(roots.content)).toContain('file:///home/demo/project');

    expect(contexts.map((c) => [c.era, c.toolCall?.name, c.toolCall?.toolUseId])).toEqual([
      [expected, 'ask-model', 'toolu_ask'],
      [expected, 'register-form', 'toolu_form'],
      [expected, 'get-roots', 'toolu_roots'],
    ]);
    expect(contexts[0].server).toMatchObject({ name: 'demo', url, version: expect.any(String) });
  });

  test('URL elicitation completes when the person has visited the page', async () => {
    const connection = await connect();
    let hadCompletion: boolean | undefined;
    connection.router.handle('elicitation', async (params, context) => {
      if (params.mode !== 'url') throw new Error('expected URL mode');
      hadCompletion = context.completed !== undefined;
      // The person opens the page; on 2025 the server then says so itself.
      await fetch(params.url).then((r) => r.text());
      if (context.completed) await context.completed;
      return { action: 'accept' };
    });
    const result = await connection.callTool('url-sign-in');
    expect(result.isError).toBeFalsy();
    expect(hadCompletion).toBe(expected === 'legacy');
    // -32042 on 2025; input_required on 2026: either way the call succeeds after the visit.
    const required = await connection.callTool('url-required');
    expect(required.isError).toBeFalsy();
  });

  test('resource subscriptions deliver updates; log messages arrive filtered by level', async () => {
    const connection = await connect();
    const updated = vi.fn();
    connection.addEventListener('mcp-resource-update', (e) => updated(e.uri));
    await connection.subscribeResource('demo://counter');
    await connection.callTool('touch-resource');
    await vi.waitFor(() => expect(updated).toHaveBeenCalledWith('demo://counter'));
    const counter = await connection.readResource('demo://counter');
    expect(counter.contents[0].uri).toBe('demo://counter');

    const levels: string[] = [];
    connection.addEventListener('mcp-log-message', (e: McpLogMessageEvent) => levels.push(e.message.level));
    await connection.setLoggingLevel('warning');
    await connection.callTool('log-demo');
    // Wait for the last message sent at or above the level (critical), not just the first
    // to arrive: then every filtered-out level has had its chance to show up too.
    await vi.waitFor(() => expect(levels).toContain('critical'));
    expect(levels).not.toContain('debug');
    expect(levels).not.toContain('info');
    expect(levels).not.toContain('notice');
    expect(levels).toEqual(['warning', 'error', 'critical']);
  });

  test('prompts with arguments and completions', async () => {
    const connection = await connect();
    const prompt = connection.prompts.find((p) => p.arguments?.length);
    if (!prompt?.arguments) throw new Error('the demo server has a prompt with arguments');
    const completions = await connection.complete({
      ref: { type: 'ref/prompt', name: prompt.name },
      argument: { name: prompt.arguments[0].name, value: '' },
    });
    expect(Array.isArray(completions.completion.values)).toBe(true);
    const args = Object.fromEntries(prompt.arguments.map((a) => [a.name, completions.completion.values[0] ?? 'x']));
    const got = await connection.getPrompt(prompt.name, args);
    expect(got.messages.length).toBeGreaterThan(0);
  });
});
