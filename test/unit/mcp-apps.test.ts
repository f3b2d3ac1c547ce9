import { afterEach, describe, expect, inject, test } from 'vitest';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { McpConnection, McpHub, toolUi } from '../../src/mcp/index.js';
import { isAppCallable, isModelVisible, toolViewUri } from '../../src/mcp/apps.js';

const url = inject('demoUrl');
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

describe.each(['legacy', 'modern'] as const)('MCP Apps negotiation and discovery, era %s', (era) => {
  test('the server sees the io.modelcontextprotocol/ui extension and the tools carry their views', async () => {
    const connection = new McpConnection({ url, era });
    open.push(connection);
    await connection.connect();
    expect(connection.getProtocolEra()).toBe(era);
    const result = await connection.callTool('counter-app', {});
    // The demo server reads the client's capabilities: initialize (2025) or the request's _meta (2026).
    expect(result.structuredContent).toMatchObject({ era, uiDeclared: true });
    const app = connection.tools.find((t) => t.name === 'counter-app')!;
    expect(toolViewUri(app)).toBe('ui://demo/app.html');
    const view = await connection.readResource('ui://demo/app.html');
    expect(view.contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
  });

  test('app-only tools never reach the model; model-only tools are not callable by apps', async () => {
    const hub = new McpHub();
    open.push(hub);
    hub.add({ url, era });
    await hub.connectAll();
    const host = hubToolHost(hub);
    const names = (await host.listTools()).map((t) => t.name);
    expect(names).toContain('counter-app');
    expect(names).toContain('model-only-note');
    expect(names).not.toContain('app-increment');
    expect(hub.toolsForModel().map((t) => t.name)).not.toContain('app-increment');
    // A model that names the hidden tool anyway gets an error result, and the tool does not run.
    const refused = await host.callTool('app-increment', {}, { signal: new AbortController().signal, toolUseId: 't1' });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('only available to its app');
    const byName = new Map(hub.tools.map((t) => [t.name, t.tool]));
    expect(isAppCallable(byName.get('app-increment')!)).toBe(true);
    expect(isAppCallable(byName.get('model-only-note')!)).toBe(false);
    expect(isModelVisible(byName.get('counter-app')!)).toBe(true);
  });
});

describe('toolUi reads untrusted metadata', () => {
  test('defaults, the deprecated flat key, non-ui:// URIs and junk visibility', () => {
    expect(toolUi({})).toEqual({ resourceUri: undefined, visibility: ['model', 'app'] });
    expect(toolUi({ _meta: { 'ui/resourceUri': 'ui://x/y' } }).resourceUri).toBe('ui://x/y');
    expect(toolUi({ _meta: { ui: { resourceUri: 'https://evil.example/app.html' } } }).resourceUri).toBeUndefined();
    expect(toolUi({ _meta: { ui: { visibility: ['app', 'root'] } } }).visibility).toEqual(['model', 'app']);
    expect(toolUi({ _meta: { ui: { visibility: ['app'] } } }).visibility).toEqual(['app']);
  });
});
