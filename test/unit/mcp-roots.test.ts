import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection, McpHub, type McpLogMessageEvent } from '../../src/mcp/index.js';

// Roots: the connection declares `roots`, so it must answer roots/list. With no
// handler on the router it answers the configured roots (none by default), and
// it tells 2025 servers when they change (notifications/roots/list_changed).
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

function text(result: { content: unknown }): string {
  return JSON.stringify(result.content);
}

describe('roots against server-everything (2025)', () => {
  const url = inject('everythingUrl');

  test('get-roots-list answers (empty by default) instead of the server logging a -32601 failure', async () => {
    const connection = new McpConnection({ url });
    open.push(connection);
    const logs: string[] = [];
    connection.addEventListener('mcp-log-message', (e: McpLogMessageEvent) => logs.push(JSON.stringify(e.message.data)));
    await connection.connect();
    await connection.callTool('get-roots-list', {});
    // The server logs this only when its roots/list request was answered (a refusal goes to its stderr).
    await expect.poll(() => logs.join('\n')).toContain('Roots updated: 0 root(s) received from client');
  });

  test('configured roots are answered, and setRoots() sends roots/list_changed so the server asks again', async () => {
    const connection = new McpConnection({ url, roots: [{ uri: 'file:///work/first', name: 'First' }] });
    open.push(connection);
    await connection.connect();
    await expect.poll(async () => text(await connection.callTool('get-roots-list', {}))).toContain('file:///work/first');
    await connection.setRoots([{ uri: 'file:///work/second', name: 'Second' }, { uri: 'file:///work/third' }]);
    expect(connection.roots.map((r) => r.uri)).toEqual(['file:///work/second', 'file:///work/third']);
    await expect.poll(async () => text(await connection.callTool('get-roots-list', {}))).toContain('file:///work/third');
  });

  test('a roots handler on the router still wins over the configured roots', async () => {
    const connection = new McpConnection({ url, roots: [{ uri: 'file:///configured' }] });
    open.push(connection);
    connection.router.handle('roots', () => [{ uri: 'file:///from-handler' }]);
    await connection.connect();
    await expect.poll(async () => text(await connection.callTool('get-roots-list', {}))).toContain('file:///from-handler');
  });
});

describe.each(['legacy', 'modern'] as const)('roots against the demo server (%s)', (era) => {
  test('get-roots lists the roots set on the hub, for connections added before and after', async () => {
    const hub = new McpHub();
    open.push({ close: () => Promise.all(hub.connections.map((c) => c.close())).then(() => undefined) });
    const before = hub.add({ url: inject('demoUrl'), era });
    await hub.setRoots([{ uri: 'file:///home/person/project', name: 'Project' }]);
    const after = hub.add({ url: inject('demoUrl'), era });
    await hub.connectAll();
    for (const connection of [before, after]) {
      expect(connection.getProtocolEra()).toBe(era);
      expect(text(await connection.callTool('get-roots', {}))).toContain('file:///home/person/project');
    }
    expect(hub.roots).toEqual([{ uri: 'file:///home/person/project', name: 'Project' }]);
  });

  test('no roots configured: get-roots answers an empty list', async () => {
    const connection = new McpConnection({ url: inject('demoUrl'), era });
    open.push(connection);
    await connection.connect();
    const result = await connection.callTool('get-roots', {});
    expect(result.isError).not.toBe(true);
    expect((result.structuredContent as { roots: unknown[] }).roots).toEqual([]);
  });
});
