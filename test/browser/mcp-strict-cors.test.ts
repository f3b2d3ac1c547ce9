import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection, McpHub, probeServer } from '../../src/mcp/index.js';

// Servers on another origin whose CORS preflight allows only some request headers
// (test/setup/strict-cors.ts). Chromium enforces the lists: a header not allowed fails the request.
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

function connection(url: string, options: { era?: 'auto' | 'legacy' | 'modern'; headers?: Record<string, string> } = {}): McpConnection {
  const c = new McpConnection({ url, era: options.era ?? 'auto', headers: options.headers });
  open.push(c);
  return c;
}

describe('a server whose CORS refuses optional request headers', () => {
  test('n8n-mcp-like (Content-Type, Authorization, Accept, Mcp-Session-Id only): lists and calls tools in the 2025 era without MCP-Protocol-Version, and says so', async () => {
    const c = connection(inject('strictCorsUrl'));
    await c.connect();
    expect(c.state).toBe('connected');
    expect(c.getProtocolEra()).toBe('legacy');
    expect(c.tools.some((t) => t.name === 'echo')).toBe(true);
    await expect(c.callTool('echo', { message: 'through strict CORS' })).resolves.toMatchObject({
      content: [{ text: expect.stringContaining('through strict CORS') }],
    });
    // A call that streams (progress over the POST's event stream) works too.
    const progress: number[] = [];
    await c.callTool('long-task', { steps: 2, delayMs: 10 }, { onprogress: (p) => progress.push(p.progress) });
    // Progress comes at most once per frame, the latest (issue 26 §7): 10 ms apart, 1 may be folded into 2; the last always comes.
    expect(progress.at(-1)).toBe(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(c.degraded?.droppedHeaders).toEqual(['last-event-id', 'mcp-method', 'mcp-name', 'mcp-protocol-version']);
    expect(c.degraded?.costs).toEqual(['no-modern-era', 'no-version-header', 'no-resume']);
    expect(c.degraded?.reason).toMatch(
      /does not allow the request headers .*MCP-Protocol-Version.*no 2026-07-28 era: it uses 2025-11-25.*assumes 2025-03-26/,
    );
  });

  test('allows all but Mcp-Method and Mcp-Name: the 2025 era with the version header, and the lost 2026 era is reported', async () => {
    const c = connection(inject('noModernCorsUrl'));
    await c.connect();
    expect(c.getProtocolEra()).toBe('legacy');
    expect(c.protocolVersion).toBe('2025-11-25');
    await expect(c.callTool('echo', { message: 'no modern' })).resolves.toMatchObject({
      content: [{ text: expect.stringContaining('no modern') }],
    });
    expect(c.degraded).toMatchObject({ droppedHeaders: ['mcp-method', 'mcp-name'], costs: ['no-modern-era'] });
  });

  test('a page header the CORS does not allow is left off and named; the 2026 era stays', async () => {
    const c = connection(inject('noCustomCorsUrl'), { headers: { 'X-Team': 'blue' } });
    await c.connect();
    expect(c.getProtocolEra()).toBe('modern');
    expect(c.tools.some((t) => t.name === 'echo')).toBe(true);
    expect(c.degraded).toMatchObject({ droppedHeaders: ['x-team'], costs: ['custom-header-dropped'] });
    expect(c.degraded?.reason).toContain('X-Team is not sent');
  });

  test('pinned to 2026-07-28, a server that refuses its headers is not degraded but diagnosed', async () => {
    const c = connection(inject('strictCorsUrl'), { era: 'modern' });
    const error = await c.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'cors',
      diagnosis: { kind: 'cors-headers', headers: expect.arrayContaining(['mcp-protocol-version', 'mcp-method', 'mcp-name']) },
    });
    expect(c.degraded).toBeUndefined();
  });

  test('a server with full CORS is not degraded', async () => {
    const c = connection(inject('demoUrl'));
    await c.connect();
    expect(c.getProtocolEra()).toBe('modern');
    expect(c.degraded).toBeUndefined();
  });

  test('the session trace shows the requests without the dropped headers', async () => {
    const hub = new McpHub();
    const trace = hub.startTrace();
    const c = hub.add({ url: inject('strictCorsUrl') });
    open.push(c);
    await c.connect();
    await c.callTool('echo', { message: 'traced' });
    const document = trace.export();
    expect(document.servers[c.id]?.degraded).toMatchObject({ droppedHeaders: expect.arrayContaining(['mcp-protocol-version']) });
    const after = document.entries.filter((e) => e.kind === 'http-request' && (JSON.stringify(e.messages) ?? '').includes('traced'));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ headers: expect.not.objectContaining({ 'mcp-protocol-version': expect.anything() }) });
    expect(JSON.stringify(document)).toContain('traced');
  });

  test('the live probe of a registry remote says it works here, and without which headers', async () => {
    const result = await probeServer(inject('strictCorsUrl'));
    expect(result).toMatchObject({
      badge: 'works',
      era: 'legacy',
      degraded: { costs: expect.arrayContaining(['no-modern-era', 'no-version-header']) },
    });
  });
});
