import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { afterEach, expect, inject, test, vi } from 'vitest';
import * as z from 'zod/v4';
import { sendWebResponse, toWebRequest } from '../../demo/server/node-bridge.js';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import type { AgentTool } from '../../src/agent/types.js';
import { McpHub, type McpConnection } from '../../src/mcp/index.js';

// The demo server and server-everything both offer `echo`: the demo answers
// with the message as it is, server-everything with "Echo: <message>".
const demoUrl = inject('demoUrl');
const everythingUrl = inject('everythingUrl');
const hubs: McpHub[] = [];
const stops: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.allSettled(hubs.splice(0).map((h) => h.close()));
  await Promise.allSettled(stops.splice(0).map((stop) => stop()));
});

function hub(): McpHub {
  const h = new McpHub();
  hubs.push(h);
  return h;
}

function text(result: { content: unknown }): string {
  return (result.content as Array<{ type: string; text?: string }>).map((b) => b.text ?? '').join('');
}

/**
 * A small 2026-era server whose tool list changes while clients are
 * connected: `addTool(name)` registers another tool and tells listening
 * clients (`notifications/tools/list_changed` on their `subscriptions/listen`).
 */
async function startToolbox(): Promise<{ url: string; addTool(name: string): void }> {
  const extra: string[] = [];
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'toolbox', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    server.registerTool(
      'echo',
      { description: 'Echoes, loudly.', inputSchema: z.object({ message: z.string() }) },
      async ({ message }) => ({
        content: [{ type: 'text', text: message.toUpperCase() }],
      }),
    );
    for (const name of extra) {
      server.registerTool(name, { description: `Added later: ${name}`, inputSchema: z.object({}) }, async () => ({
        content: [{ type: 'text', text: `${name} ran` }],
      }));
    }
    return server;
  });
  const http = createServer(async (req, res) => {
    await sendWebResponse(res, await handler.fetch(await toWebRequest(req, res, '127.0.0.1')), {});
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    await handler.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    addTool(name) {
      extra.push(name);
      handler.notify.toolsChanged();
    },
  };
}

test('callTool routes colliding names to the server each belongs to', async () => {
  const h = hub();
  const demo = h.add({ url: demoUrl, name: 'demo' });
  const everything = h.add({ url: everythingUrl, name: 'everything' });
  const results = await h.connectAll();
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);

  expect(h.findTool('echo')).toBeUndefined();
  expect(h.findTool('demo__echo')).toMatchObject({ connection: demo, tool: { name: 'echo' } });
  expect(h.findTool('everything__echo')).toMatchObject({ connection: everything, tool: { name: 'echo' } });
  // Names unique to one server stay as they are.
  expect(h.findTool('tic-tac-toe')?.connection).toBe(demo);
  expect(h.findTool('get-tiny-image')?.connection).toBe(everything);
  expect(
    h
      .toolsForModel()
      .filter((t) => t.name.endsWith('__echo'))
      .map((t) => t.name),
  ).toEqual(['demo__echo', 'everything__echo']);

  expect(text(await h.callTool('demo__echo', { message: 'hello' }))).toBe('hello');
  expect(text(await h.callTool('everything__echo', { message: 'hello' }))).toBe('Echo: hello');
  await expect(h.callTool('echo', { message: 'hello' })).rejects.toMatchObject({
    kind: 'protocol',
    message: expect.stringContaining('No connected server offers a tool named echo'),
  });
});

test('the merged catalog follows list_changed, and a new collision renames both tools', async () => {
  const toolbox = await startToolbox();
  const h = hub();
  h.add({ url: toolbox.url, name: 'toolbox' });
  const demo = h.add({ url: demoUrl, name: 'demo' });
  await h.connectAll();
  expect(h.findTool('toolbox__echo')).toBeDefined();
  expect(h.findTool('long-task')?.connection).toBe(demo);

  const changes = vi.fn();
  h.addEventListener('mcp-hub-change', changes);
  // `long-task` now exists on both servers: the merged catalog renames both.
  toolbox.addTool('long-task');
  await vi.waitFor(() => expect(h.findTool('toolbox__long-task')).toBeDefined(), { timeout: 5000 });
  expect(changes).toHaveBeenCalled();
  expect(h.findTool('long-task')).toBeUndefined();
  expect(h.findTool('demo__long-task')?.connection).toBe(demo);
  expect(text(await h.callTool('toolbox__long-task'))).toBe('long-task ran');
  const progress: number[] = [];
  await h.callTool('demo__long-task', { steps: 2, delayMs: 10 }, { onprogress: (p) => progress.push(p.progress) });
  // Progress comes at most once per frame, the latest (issue 26 §7): 10 ms apart, 1 may be folded into 2; the last always comes.
  expect(progress.at(-1)).toBe(2);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
});

test('a resource list change re-reads resources but keeps the tool catalog: the same list, no renaming work (issue 28, twenty servers)', async () => {
  const notes = ['one'];
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {}, resources: { listChanged: true } } });
    server.registerTool('echo', { description: 'Echoes.', inputSchema: z.object({ message: z.string() }) }, async ({ message }) => ({
      content: [{ type: 'text', text: message }],
    }));
    for (const note of notes)
      server.registerResource(note, `notes://${note}`, { mimeType: 'text/plain' }, async (uri) => ({
        contents: [{ uri: uri.href, text: note }],
      }));
    return server;
  });
  const http = createServer(async (req, res) => {
    await sendWebResponse(res, await handler.fetch(await toWebRequest(req, res, '127.0.0.1')), {});
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    await handler.close();
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  const h = hub();
  const connection = h.add({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, name: 'notes' });
  await h.connectAll();
  await vi.waitFor(() => expect(connection.resources.map((r) => r.uri)).toEqual(['notes://one']), { timeout: 5000 });
  const tools = h.tools;
  const agentTools = hubToolHost(h);
  const listed = agentTools.listTools();
  const changes = vi.fn();
  h.addEventListener('mcp-hub-change', changes);
  notes.push('two');
  handler.notify.resourcesChanged();
  await vi.waitFor(() => expect(connection.resources.map((r) => r.uri)).toEqual(['notes://one', 'notes://two']), { timeout: 5000 });
  // The hub said something changed (the Resources panel follows it), but the tools are the same arrays.
  expect(changes).toHaveBeenCalled();
  expect(h.tools).toBe(tools);
  expect(agentTools.listTools()).toBe(listed);
  expect(h.findTool('echo')?.connection).toBe(connection);
});

test('a server going from tools listed to connected keeps the tool catalog: the same list, no renaming work (issue 42)', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // Holds the demo server's prompts/list: the tools are in while the connection is still connecting.
  const fetcher: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes('"prompts/list"')) await gate;
    return fetch(input, init);
  };
  const h = hub();
  const connection = h.add({ url: demoUrl, fetch: fetcher });
  const connected = connection.connect();
  try {
    await vi.waitFor(() => expect(connection.toolsReady).toBe(true), { timeout: 10_000 });
    expect(connection.state).toBe('connecting');
    const tools = h.tools;
    expect(tools.length).toBeGreaterThan(0);
    const changes = vi.fn();
    h.addEventListener('mcp-hub-change', changes);
    release();
    await connected;
    expect(connection.state).toBe('connected');
    // The hub said the state changed (the chips follow it), but the merged catalog is the same array.
    expect(changes).toHaveBeenCalled();
    expect(h.tools).toBe(tools);
  } finally {
    release();
  }
});

test('removing a server closes it, drops its tools and gives the survivor its plain names back', async () => {
  const h = hub();
  const demo = h.add({ url: demoUrl, name: 'demo' });
  const everything: McpConnection = h.add({ url: everythingUrl, name: 'everything' });
  await h.connectAll();
  expect(h.findTool('everything__echo')).toBeDefined();

  const changed = new Promise((resolve) => h.addEventListener('mcp-hub-change', resolve, { once: true }));
  await h.remove(everything);
  await changed;
  expect(everything.state).toBe('closed');
  expect(h.connections).toEqual([demo]);
  expect(h.tools.every((t) => t.connection === demo)).toBe(true);
  expect(h.findTool('get-tiny-image')).toBeUndefined();
  expect(h.findTool('echo')?.connection).toBe(demo);
  expect(text(await h.callTool('echo', { message: 'still here' }))).toBe('still here');
  await expect(h.callTool('everything__echo', { message: 'gone' })).rejects.toThrow(
    /No connected server offers a tool named everything__echo/,
  );
});

test('a tool that must run as a task (server-everything simulate-research-query) is offered: the server declares tasks for tool calls', async () => {
  const h = hub();
  const everything = h.add({ url: everythingUrl, name: 'everything' });
  await h.connectAll();
  const listed = everything.tools.find((t) => t.name === 'simulate-research-query');
  expect(listed?.execution?.taskSupport).toBe('required');
  expect(everything.unrunnableTools).toEqual([]);
  expect(h.tools.map((t) => t.tool.name)).toContain('simulate-research-query');
  expect(h.toolsForModel().map((t) => t.name)).toContain('simulate-research-query');
});

test('the tool lists are built once per catalog: the same list while nothing changes, a new one with the new tool after list_changed', async () => {
  const toolbox = await startToolbox();
  const h = hub();
  h.add({ url: toolbox.url, name: 'toolbox' });
  await h.connectAll();
  const host = hubToolHost(h);
  const tools = h.tools;
  const agentTools = host.listTools() as readonly AgentTool[];
  // Asked again (every render of the chat asks): nothing rebuilt.
  expect(h.tools).toBe(tools);
  expect(host.listTools()).toBe(agentTools);
  expect(agentTools.map((t) => t.name)).toEqual(['echo']);

  toolbox.addTool('added');
  await vi.waitFor(() => expect(h.findTool('added')).toBeDefined(), { timeout: 5000 });
  expect(h.tools).not.toBe(tools);
  expect((host.listTools() as readonly AgentTool[]).map((t) => t.name)).toEqual(['echo', 'added']);
  expect(host.listTools()).toBe(host.listTools());
});
