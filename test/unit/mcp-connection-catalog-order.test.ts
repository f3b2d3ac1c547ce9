// Issue 17 goal 2: a connection's tools are offered as soon as `tools/list`
// answers; prompts, resources and templates follow. `connect()` still resolves
// (and `connected` fires) with every catalog that answered in time, and a
// prompts/list that hangs or fails does not keep the tools (or the connection)
// from the person. Real demo server, real SDK; the connection's own `fetch`
// option holds or fails the one request.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startDemoServer } from '../../demo/server/server.js';
import { McpConnection, McpHub, type McpCatalogChangeEvent, type McpConnectionChangeEvent } from '../../src/mcp/index.js';
import { freePort, type RunningServer } from '../servers/running-server.js';

/** The JSON-RPC method of a POST body, if any. */
function methodOf(init?: RequestInit): string | undefined {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return (JSON.parse(init.body) as { method?: string }).method;
  } catch {
    return undefined;
  }
}

/** A fetch that holds every `method` request until `release()`. */
function holding(method: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  const fetcher: typeof fetch = async (input, init) => {
    if (methodOf(init) === method) {
      held++;
      await gate;
    }
    return fetch(input, init);
  };
  return { fetch: fetcher, release, held: () => held };
}

let server: RunningServer;
beforeEach(async () => {
  server = await startDemoServer({ port: 0 });
});
afterEach(async () => {
  await server.close();
});

describe.each(['legacy', 'modern'] as const)('catalog order, era %s', (era) => {
  test('every catalog is there when `connected` fires (and when connect() resolves)', async () => {
    const connection = new McpConnection({ url: server.url, era });
    const atConnected: number[][] = [];
    connection.addEventListener('mcp-connection-change', (e: McpConnectionChangeEvent) => {
      if (e.state === 'connected')
        atConnected.push([
          connection.tools.length,
          connection.prompts.length,
          connection.resources.length,
          connection.resourceTemplates.length,
        ]);
    });
    try {
      await connection.connect();
      expect(atConnected).toHaveLength(1);
      expect(atConnected[0]!.every((n) => n > 0)).toBe(true);
      expect(connection.toolsReady).toBe(true);
    } finally {
      await connection.close();
    }
  });

  test('prompts/list hangs: the tools are offered while connecting, `connected` follows within a few seconds, the prompts fill in when they answer', async () => {
    const hold = holding('prompts/list');
    const hub = new McpHub();
    const connection = hub.add({ url: server.url, era, fetch: hold.fetch });
    const changes: string[] = [];
    connection.addEventListener('mcp-catalog-change', (e: McpCatalogChangeEvent) => changes.push(`${e.catalog}@${connection.state}`));
    try {
      const connected = connection.connect();
      expect(connection.toolsReady).toBe(false);
      await vi.waitFor(() => expect(connection.toolsReady).toBe(true), { timeout: 10_000 });
      // Tools in, the rest still loading: offered by the hub, the connection still connecting.
      expect(connection.state).toBe('connecting');
      expect(hold.held()).toBe(1);
      expect(changes).toContain('tools@connecting');
      expect(hub.tools.map((t) => t.name)).toContain('echo');
      // A call made now waits for `connected`, then runs.
      const call = connection.callTool('echo', { message: 'early' });
      const started = Date.now();
      await connected;
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(connection.state).toBe('connected');
      expect(connection.prompts).toEqual([]);
      await expect(call).resolves.toMatchObject({ content: [{ text: expect.stringContaining('early') }] });
      // The held answer arrives late and fills in the prompts.
      hold.release();
      await vi.waitFor(() => expect(connection.prompts.length).toBeGreaterThan(0), { timeout: 10_000 });
      expect(changes.at(-1)).toBe('prompts@connected');
    } finally {
      hold.release();
      await hub.close();
    }
  });

  test('prompts/list fails: the connection connects with its tools and no prompts', async () => {
    const failing: typeof fetch = async (input, init) => {
      if (methodOf(init) === 'prompts/list') return new Response('broken', { status: 500 });
      return fetch(input, init);
    };
    const connection = new McpConnection({ url: server.url, era, fetch: failing });
    try {
      await connection.connect();
      expect(connection.state).toBe('connected');
      expect(connection.tools.map((t) => t.name)).toContain('echo');
      expect(connection.prompts).toEqual([]);
      expect(connection.resources.length).toBeGreaterThan(0);
    } finally {
      await connection.close();
    }
  });
});

test('connecting again after a failure: the old tools are not offered before the new tools/list answers', async () => {
  const port = await freePort();
  let own = await startDemoServer({ port });
  let holdTools = false;
  let releaseTools!: () => void;
  const gate = new Promise<void>((resolve) => (releaseTools = resolve));
  const fetcher: typeof fetch = async (input, init) => {
    if (holdTools && methodOf(init) === 'tools/list') await gate;
    return fetch(input, init);
  };
  const connection = new McpConnection({
    url: own.url,
    era: 'modern',
    fetch: fetcher,
    reconnect: { initialDelayMs: 50, maxDelayMs: 50, maxAttempts: 1 },
  });
  try {
    await connection.connect();
    expect(connection.tools.length).toBeGreaterThan(0);
    // The server goes away: the listen stream ends, the check fails, one attempt, then `failed`.
    await own.close();
    await vi.waitFor(() => expect(connection.state).toBe('failed'), { timeout: 15_000, interval: 50 });
    expect(connection.toolsReady).toBe(false);
    own = await startDemoServer({ port });
    holdTools = true;
    const connected = connection.connect();
    await vi.waitFor(() => expect(connection.capabilities).toBeDefined(), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Connecting with the last list still in `tools`: not offered until the server lists again.
    expect(connection.state).toBe('connecting');
    expect(connection.tools.length).toBeGreaterThan(0);
    expect(connection.toolsReady).toBe(false);
    releaseTools();
    await connected;
    expect(connection.toolsReady).toBe(true);
  } finally {
    releaseTools();
    await connection.close();
    await own.close();
  }
});
