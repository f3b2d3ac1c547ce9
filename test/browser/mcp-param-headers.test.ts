import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';

// SEP-2243 from a browser page: SDK 2.4 turns Mcp-Param-* mirroring off when it
// sees `window`; the connection sends them itself (src/mcp/param-headers.ts).
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

function connection(url: string): McpConnection {
  const c = new McpConnection({ url, era: 'auto' });
  open.push(c);
  return c;
}

describe('Mcp-Param-* headers from the browser (2026 server built with the official SDK)', () => {
  test('a tool whose argument is declared x-mcp-header is called with its Mcp-Param header and answers', async () => {
    const c = connection(inject('modernUrl'));
    await c.connect();
    expect(c.getProtocolEra()).toBe('modern');
    const result = await c.callTool('forecast', { region: 'Zürich west', days: 2 });
    expect(result.isError).not.toBe(true);
    expect(JSON.stringify(result.content)).toContain('Sunny in Zürich west.');
  });

  test('a server whose CORS does not allow the Mcp-Param header: the error names the header and Access-Control-Allow-Headers', async () => {
    const c = connection(inject('modernNoParamCorsUrl'));
    await c.connect();
    const error = await c.callTool('forecast', { region: 'north' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'cors', missingHeader: 'mcp-param-region' });
    expect((error as Error).message).toMatch(/mcp-param-region.*Access-Control-Allow-Headers/);
    // The call was tried again without them (a server that does not need them would have answered), and that is reported.
    expect(c.degraded).toMatchObject({ droppedHeaders: ['mcp-param-*'], costs: ['no-param-headers'] });
  });
});

describe('the CORS proxy of docs/mcp.md (scripts/mcp-cors-proxy.mjs)', () => {
  test('a server that sends no CORS at all (OPTIONS 404) works from the page through the proxy, Mcp-Param headers included', async () => {
    const c = connection(inject('corsProxyUrl'));
    await c.connect();
    expect(c.getProtocolEra()).toBe('modern');
    const result = await c.callTool('forecast', { region: 'south' });
    expect(JSON.stringify(result.content)).toContain('Sunny in south.');
  });
});
