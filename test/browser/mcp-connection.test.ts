import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection, McpConnectionError } from '../../src/mcp/index.js';

// The page is served by Vitest; every server below is on another origin (127.0.0.1, other ports).
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

function connection(url: string, era: 'auto' | 'legacy' | 'modern' = 'auto'): McpConnection {
  const c = new McpConnection({ url, era });
  open.push(c);
  return c;
}

describe.each([
  { era: 'legacy', expected: 'legacy' },
  { era: 'modern', expected: 'modern' },
  { era: 'auto', expected: 'modern' },
] as const)('cross-origin to the demo server, era $era', ({ era, expected }) => {
  test('connects, lists, calls, and answers a sampling request from the page', async () => {
    expect(new URL(inject('demoUrl')).origin).not.toBe(location.origin);
    const c = connection(inject('demoUrl'), era);
    await c.connect();
    expect(c.getProtocolEra()).toBe(expected);
    expect(c.tools.some((t) => t.name === 'echo')).toBe(true);
    await expect(c.callTool('echo', { message: 'from Chromium' })).resolves.toMatchObject({
      content: [{ text: expect.stringContaining('from Chromium') }],
    });
    const progress: number[] = [];
    await c.callTool('long-task', { steps: 2, delayMs: 10 }, { onprogress: (p) => progress.push(p.progress) });
    // Progress comes at most once per frame, the latest (issue 26 §7): 10 ms apart, 1 may be folded into 2; the last always comes.
    expect(progress.at(-1)).toBe(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    c.router.handle('sampling', async (_params, context) => {
      expect(context.toolCall?.name).toBe('ask-model');
      return { model: 'page-model', role: 'assistant', content: { type: 'text', text: 'Answered in the browser.' } };
    });
    const answer = await c.callTool('ask-model', { question: 'Where are you?' });
    expect(JSON.stringify(answer.content)).toContain('Answered in the browser.');
  });
});

describe('CORS diagnosis', () => {
  test('a server without CORS headers: reachable, but it does not allow this page', async () => {
    const c = connection(inject('noCorsUrl'));
    const error = await c.connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpConnectionError);
    expect(error).toMatchObject({ kind: 'cors', missingHeader: 'Access-Control-Allow-Origin' });
    expect((error as Error).message).toContain('does not allow this page');
    expect(c.state).toBe('failed');
  });

  // In 'auto' or 'legacy' the connection goes on without the header (test/browser/mcp-strict-cors.test.ts);
  // pinned to 2026-07-28 it cannot, and says why.
  test('a preflight that refuses a header the client sends names that header', async () => {
    const c = connection(inject('corsMissingHeaderUrl'), 'modern');
    const error = await c.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'cors', missingHeader: 'mcp-protocol-version' });
    expect((error as Error).message).toContain('Access-Control-Allow-Headers');
  });

  test('a refused preflight (OPTIONS 404) is named as such, not as a list of headers to allow, and points to a proxy', async () => {
    const c = connection(inject('corsPreflight404Url'));
    const error = await c.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'cors', missingHeader: 'Access-Control-Allow-Headers' });
    const message = (error as Error).message;
    expect(message).toContain("refuses the browser's CORS preflight");
    expect(message).toMatch(/OPTIONS requests to \S+ must answer with a 2xx status/);
    expect(message).not.toContain('add them to Access-Control-Allow-Headers');
    expect(message).toContain('CORS-adding proxy');
  });

  test('a session id the page cannot read names Mcp-Session-Id and Access-Control-Expose-Headers', async () => {
    const c = connection(inject('corsHiddenSessionUrl'), 'legacy');
    const error = await c.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'cors', missingHeader: 'Mcp-Session-Id' });
    expect((error as Error).message).toContain('Access-Control-Expose-Headers');
  });

  test('nothing listening: unreachable, not CORS', async () => {
    const dead = new URL(inject('demoUrl'));
    dead.port = '9';
    const c = connection(dead.href);
    await expect(c.connect()).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
