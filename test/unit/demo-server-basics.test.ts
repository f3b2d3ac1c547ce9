import { LOG_LEVEL_META_KEY, type Client } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERAS, texts, waitFor, useDemoServer } from './demo-server-helpers.js';

const server = useDemoServer();

const TOOL_NAMES = [
  'echo',
  'rich-content',
  'weather',
  'delete-note',
  'long-task',
  'log-demo',
  'touch-resource',
  'register-form',
  'url-sign-in',
  'url-required',
  'ask-model',
  'research',
  'classify',
  'get-roots',
  'tic-tac-toe',
  'counter-app',
  'app-increment',
  'model-only-note',
  'search-docs',
  'record-feedback',
  'suggested-questions',
  'csv-stats',
  'file-fingerprint',
  'send-file',
];

describe.each(ERAS)('demo server, $mode client', ({ mode, era }) => {
  let client: Client;
  beforeAll(async () => {
    client = await server.connect(mode);
  });

  it(`negotiates the ${era} era and shows its instructions`, () => {
    expect(client.getProtocolEra()).toBe(era);
    expect(client.getInstructions()).toMatch(/demo server/i);
    expect(client.getServerVersion()?.name).toBe('mcp-elements-demo');
  });

  it('lists every tool, with titles, icons, annotations and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('delete-note')?.annotations?.destructiveHint).toBe(true);
    expect(byName.get('weather')?.title).toBe('Weather');
    expect(byName.get('weather')?.outputSchema?.properties).toHaveProperty('temperatureC');
    const withIcons = tools.filter((t) => t.icons?.[0]?.src.startsWith('data:image/svg+xml;base64,'));
    expect(withIcons.length).toBeGreaterThanOrEqual(5);
    // SEP-2356: the file argument keeps its x-mcp-file keyword on the wire.
    expect(byName.get('csv-stats')?.inputSchema.properties?.['file']).toMatchObject({
      type: 'string',
      format: 'uri',
      'x-mcp-file': { accept: ['text/csv', '.csv', 'text/plain'], maxSize: 5 * 1024 * 1024 },
    });
  });

  it('echoes', async () => {
    expect(texts(await client.callTool({ name: 'echo', arguments: { message: `hi ${era}` } }))).toEqual([`hi ${era}`]);
  });

  it('returns rich content: text, a real PNG, a real WAV, a resource link and an embedded resource', async () => {
    const result = await client.callTool({ name: 'rich-content', arguments: {} });
    const content = result.content as Array<Record<string, any>>;
    expect(content.map((b) => b.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource']);
    const png = Buffer.from(content[1].data, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(content[1].annotations).toEqual({ audience: ['user'], priority: 0.9 });
    const wav = Buffer.from(content[2].data, 'base64');
    expect(wav.toString('ascii', 0, 4) + wav.toString('ascii', 8, 12)).toBe('RIFFWAVE');
    expect(content[2].mimeType).toBe('audio/wav');
    expect(content[3]).toMatchObject({ uri: 'demo://readme', mimeType: 'text/markdown' });
    expect(content[4].resource).toMatchObject({ uri: 'demo://notes/1', mimeType: 'text/plain' });
    expect(content[4].annotations.audience).toEqual(['assistant']);
  });

  it('returns structured weather that its text mirrors', async () => {
    const result = await client.callTool({ name: 'weather', arguments: { city: 'Lisbon' } });
    const report = result.structuredContent as Record<string, unknown>;
    expect(report).toMatchObject({ city: 'Lisbon' });
    expect(typeof report.temperatureC).toBe('number');
    expect(JSON.parse(texts(result)[0])).toEqual(report);
  });

  it('reports progress after each step', async () => {
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'long-task', arguments: { steps: 3, delayMs: 20 } },
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(progress).toEqual([1, 2, 3]);
    expect(texts(result)).toEqual(['Finished 3 steps.']);
  });

  it('stops the long task when the call is cancelled', async () => {
    const controller = new AbortController();
    let seen = 0;
    const call = client.callTool(
      { name: 'long-task', arguments: { steps: 40, delayMs: 40 } },
      { signal: controller.signal, onprogress: () => ++seen === 2 && controller.abort('stop') },
    );
    await expect(call).rejects.toThrow();
    const readActivity = async () => {
      const { contents } = await client.readResource({ uri: 'demo://activity' });
      return JSON.parse((contents[0] as { text: string }).text) as Array<{ tool: string; era: string; status: string; detail: string }>;
    };
    let entry: { status: string; detail: string } | undefined;
    const deadline = Date.now() + 3000;
    while (!entry && Date.now() < deadline) {
      entry = (await readActivity()).findLast((e) => e.tool === 'long-task' && e.era === era && e.status === 'cancelled');
      if (!entry) await new Promise((r) => setTimeout(r, 50));
    }
    expect(entry?.detail).toMatch(/^[23] of 40 steps$/);
  });

  it("sends log messages at or above the client's level", async () => {
    const levels: string[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      levels.push(n.params.level);
    });
    if (era === 'legacy') {
      await client.setLoggingLevel('warning');
      await client.callTool({ name: 'log-demo', arguments: {} });
    } else {
      // 2026-07-28: the level travels with each request.
      await client.callTool({ name: 'log-demo', arguments: {}, _meta: { [LOG_LEVEL_META_KEY]: 'warning' } });
    }
    await waitFor(() => levels.length >= 3, 2000, 'log messages');
    expect(levels).toEqual(['warning', 'error', 'critical']);
  });

  it('offers prompts, with completions for an argument', async () => {
    const { prompts } = await client.listPrompts();
    const summarize = prompts.find((p) => p.name === 'summarize');
    expect(summarize?.arguments).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'topic', required: true }), expect.objectContaining({ name: 'style' })]),
    );
    expect(prompts.map((p) => p.name)).toContain('greeting');
    const got = await client.getPrompt({ name: 'summarize', arguments: { topic: 'MCP', style: 'brief' } });
    expect(got.messages[0].content).toEqual({ type: 'text', text: 'Summarize MCP in a brief style.' });
    const greeting = await client.getPrompt({ name: 'greeting' });
    expect(greeting.messages).toHaveLength(2);
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'summarize' },
      argument: { name: 'style', value: 'b' },
    });
    expect(completion.completion.values).toEqual(['brief', 'bullet-points']);
  });

  it('serves text, blob and templated resources, with completion of the template id', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(['demo://readme', 'demo://logo.png', 'demo://counter', 'demo://notes/1']));
    const readme = await client.readResource({ uri: 'demo://readme' });
    expect(readme.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringContaining('# Demo MCP server') });
    const logo = await client.readResource({ uri: 'demo://logo.png' });
    expect(Buffer.from((logo.contents[0] as { blob: string }).blob, 'base64').toString('ascii', 1, 4)).toBe('PNG');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('demo://notes/{id}');
    const note = await client.readResource({ uri: 'demo://notes/1' });
    expect((note.contents[0] as { text: string }).text).toContain('Shopping list');
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'demo://notes/{id}' },
      argument: { name: 'id', value: '' },
    });
    expect(completion.completion.values).toEqual(expect.arrayContaining(['1']));
  });

  it('notifies a subscriber when touch-resource updates demo://counter', async () => {
    const updated: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      updated.push(n.params.uri);
    });
    const subscription =
      era === 'legacy'
        ? (await client.subscribeResource({ uri: 'demo://counter' }), undefined)
        : await client.listen({ resourceSubscriptions: ['demo://counter'] });
    try {
      const before = JSON.parse(((await client.readResource({ uri: 'demo://counter' })).contents[0] as { text: string }).text).count;
      await client.callTool({ name: 'touch-resource', arguments: {} });
      await waitFor(() => updated.includes('demo://counter'), 2000, 'resources/updated');
      const after = JSON.parse(((await client.readResource({ uri: 'demo://counter' })).contents[0] as { text: string }).text).count;
      expect(after).toBe(before + 1);
    } finally {
      await subscription?.close();
    }
  });

  it('sends resources/list_changed when a note is deleted', async () => {
    let changed = 0;
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      changed++;
    });
    const subscription = era === 'modern' ? await client.listen({ resourcesListChanged: true }) : undefined;
    const id = era === 'legacy' ? '2' : '3';
    try {
      expect(texts(await client.callTool({ name: 'delete-note', arguments: { id } }))[0]).toMatch(new RegExp(`^Deleted note ${id}`));
      await waitFor(() => changed > 0, 2000, 'resources/list_changed');
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).not.toContain(`demo://notes/${id}`);
    } finally {
      await subscription?.close();
    }
  });
});
