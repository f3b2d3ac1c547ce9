import { describe, expect, test, vi } from 'vitest';
import { startDemoServer } from '../../demo/server/server.js';
import { ServerSet } from '../../src/elements/mcp-chat/servers/server-set.js';
import '../../src/elements/mcp-chat/chunks.js';
import { freePort } from '../servers/running-server.js';

// Issue 12 §13: a server's chip keeps its name while it reconnects (it turned into the host name).
describe('ServerSet names', () => {
  test('a server keeps the name it gave itself while it reconnects', async () => {
    const port = await freePort();
    let server = await startDemoServer({ port });
    const set = new ServerSet();
    try {
      set.setServers([{ url: server.url, reconnect: { initialDelayMs: 100, maxDelayMs: 400, maxAttempts: 50 } } as never]);
      // The connection code loads first (a dynamic import), then the connection starts.
      const connection = await vi.waitFor(
        () => {
          expect(set.connections).toHaveLength(1);
          return set.connections[0]!;
        },
        { timeout: 5_000 },
      );
      await vi.waitFor(() => expect(connection.state).toBe('connected'), { timeout: 15_000 });
      const name = set.nameOf(connection);
      expect(name).not.toContain('127.0.0.1');
      await server.close();
      // A call notices the server is gone.
      await connection.callTool('echo', { message: 'x' }).catch(() => {});
      await vi.waitFor(() => expect(connection.state).toBe('reconnecting'), { timeout: 10_000 });
      expect(set.nameOf(connection)).toBe(name);
      server = await startDemoServer({ port });
      await vi.waitFor(() => expect(connection.state).toBe('connected'), { timeout: 15_000, interval: 100 });
      expect(set.nameOf(connection)).toBe(name);
    } finally {
      await set.close();
      await server.close();
    }
  });
});
