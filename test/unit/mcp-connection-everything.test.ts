import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection, McpConnectionChangeEvent, McpConnectionError, type InputRequestContext } from '../../src/mcp/index.js';

// server-everything (2025 era), started by the global setup on 127.0.0.1.
const url = inject('everythingUrl');
const open: McpConnection[] = [];

async function connect(): Promise<McpConnection> {
  const connection = new McpConnection({ url, name: 'everything' });
  open.push(connection);
  await connection.connect();
  return connection;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

describe('McpConnection against server-everything', () => {
  test('connects in auto mode, falls back to 2025 and lists every catalog', async () => {
    const connection = new McpConnection({ url });
    open.push(connection);
    const states: string[] = [];
    connection.addEventListener('mcp-connection-change', (e: McpConnectionChangeEvent) => states.push(e.state));
    await connection.connect();
    expect(states).toEqual(['connecting', 'connected']);
    expect(connection.getProtocolEra()).toBe('legacy');
    expect(connection.protocolVersion).toBe('2025-11-25');
    expect(connection.serverInfo?.name).toBe('mcp-servers/everything');
    expect(connection.name).toBe('Everything Reference Server');
    expect(connection.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'get-structured-content', 'trigger-elicitation-request']),
    );
    expect(connection.prompts.length).toBeGreaterThan(0);
    expect(connection.resources.length).toBeGreaterThan(0);
    expect(connection.resourceTemplates.length).toBeGreaterThan(0);
  });

  test('echo, structured content validated, resource links', async () => {
    const connection = await connect();
    const echo = await connection.callTool('echo', { message: 'hello <b>there</b>' });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: hello <b>there</b>' }]);

    const weather = await connection.callTool('get-structured-content', { location: 'Chicago' });
    expect(weather.structuredContent).toMatchObject({
      temperature: expect.any(Number),
      conditions: expect.any(String),
      humidity: expect.any(Number),
    });

    // Validation really runs: against a stricter outputSchema the same answer is refused.
    const listed = connection.tools.find((t) => t.name === 'get-structured-content');
    if (!listed?.outputSchema) throw new Error('get-structured-content has no outputSchema');
    listed.outputSchema = {
      ...listed.outputSchema,
      required: [...((listed.outputSchema.required as string[] | undefined) ?? []), 'pollen'],
    };
    await expect(connection.callTool('get-structured-content', { location: 'Chicago' })).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining("does not match the tool's output schema"),
    });

    const links = await connection.callTool('get-resource-links', { count: 3 });
    expect(links.content.filter((b) => b.type === 'resource_link')).toHaveLength(3);
  });

  test('progress arrives during trigger-long-running-operation', async () => {
    const connection = await connect();
    const progress: number[] = [];
    const result = await connection.callTool(
      'trigger-long-running-operation',
      { duration: 1, steps: 3 },
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(progress).toEqual([1, 2, 3]);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('completed') });
  });

  test('cancellation: aborting the signal stops the call with a clear error', async () => {
    const connection = await connect();
    const controller = new AbortController();
    const call = connection.callTool(
      'trigger-long-running-operation',
      { duration: 10, steps: 10 },
      { signal: controller.signal, onprogress: () => controller.abort() },
    );
    await expect(call).rejects.toMatchObject({ kind: 'aborted', message: expect.stringContaining('trigger-long-running-operation') });
    // The connection is still usable afterwards.
    await expect(connection.callTool('echo', { message: 'still here' })).resolves.toMatchObject({
      content: [{ text: 'Echo: still here' }],
    });
  });

  test('answers trigger-elicitation-request from a handler that knows the tool call', async () => {
    const connection = await connect();
    let seen: { message: string; fields: string[]; context: InputRequestContext } | undefined;
    connection.router.handle('elicitation', async (params, context) => {
      if (params.mode === 'url') throw new Error('unexpected URL mode');
      seen = { message: params.message, fields: Object.keys(params.requestedSchema.properties), context };
      return { action: 'accept', content: { name: 'Ada Lovelace', check: true, integer: 42, email: 'ada@example.com' } };
    });
    const result = await connection.callTool('trigger-elicitation-request', {}, { toolUseId: 'toolu_42' });
    expect(seen?.fields.length).toBe(13);
    expect(seen?.context).toMatchObject({
      era: 'legacy',
      server: { name: 'everything', url },
      toolCall: { name: 'trigger-elicitation-request', toolUseId: 'toolu_42' },
    });
    expect(JSON.stringify(result.content)).toContain('Ada Lovelace');
  });

  test('answers trigger-sampling-request from a handler', async () => {
    const connection = await connect();
    connection.router.handle('sampling', async (params, context) => {
      expect(context.toolCall?.name).toBe('trigger-sampling-request');
      const last = params.messages.at(-1);
      const text = last && !Array.isArray(last.content) && last.content.type === 'text' ? last.content.text : '';
      return { model: 'test-model', role: 'assistant', content: { type: 'text', text: `You said: ${text}` } };
    });
    const result = await connection.callTool('trigger-sampling-request', { prompt: 'a haiku about tests', maxTokens: 50 });
    expect(JSON.stringify(result.content)).toContain('You said: ');
    expect(JSON.stringify(result.content)).toContain('test-model');
  });

  test('no handler registered: the server receives a clear error and the call still ends', async () => {
    const connection = await connect();
    const result = await connection.callTool('trigger-sampling-request', { prompt: 'x' }).catch((e: unknown) => e);
    const text = result instanceof Error ? result.message : JSON.stringify(result);
    expect(text).toMatch(/no handler for sampling/);
  });

  test('URL-elicitation-required (-32042): the URL goes to the handler, then the call is retried', async () => {
    // A declined URL ends the call with the server's error instead of retrying.
    const declining = await connect();
    declining.router.handle('elicitation', async () => ({ action: 'decline' }));
    await expect(declining.callTool('trigger-url-elicitation', { url: 'https://example.com/x', errorPath: true })).rejects.toMatchObject({
      kind: 'protocol',
      code: -32042,
    });

    const connection = await connect();
    const shown: string[] = [];
    connection.router.handle('elicitation', async (params) => {
      if (params.mode !== 'url') throw new Error('expected URL mode');
      shown.push(params.url);
      return { action: 'accept' };
    });
    const result = await connection.callTool('trigger-url-elicitation', { url: 'https://example.com/consent', errorPath: true });
    // The -32042 error names a prerequisite URL; the retried call then asks for the requested one.
    expect(shown).toEqual(['https://modelcontextprotocol.io', 'https://example.com/consent']);
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain('completed the URL elicitation');
  });

  test('prompts, completion, resources, subscriptions, logging and ping', async () => {
    const connection = await connect();
    const prompt = await connection.getPrompt('simple-prompt');
    expect(prompt.messages.length).toBeGreaterThan(0);
    const first = connection.resources[0];
    const read = await connection.readResource(first.uri);
    expect(read.contents[0].uri).toBe(first.uri);
    await connection.subscribeResource(first.uri);
    await connection.unsubscribeResource(first.uri);
    await connection.setLoggingLevel('debug');
    await connection.ping();
    const completionPrompt = connection.prompts.find((p) => p.arguments?.some((a) => a.name === 'department'));
    if (completionPrompt) {
      const done = await connection.complete({
        ref: { type: 'ref/prompt', name: completionPrompt.name },
        argument: { name: 'department', value: 'E' },
      });
      expect(done.completion.values.length).toBeGreaterThan(0);
    }
  });

  test('a wrong path is classified as not an MCP endpoint', async () => {
    const connection = new McpConnection({ url: url.replace(/\/mcp$/, '/nothing-here') });
    open.push(connection);
    const error = await connection.connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpConnectionError);
    expect(error).toMatchObject({ kind: 'not-mcp' });
    expect(connection.state).toBe('failed');
    expect(connection.error).toBe(error);
  });
});
