import { afterEach, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';
import { openPanelFromMenu, shadow } from './chat-helpers.js';

// Issue 36 item 7. Chromium opens at most six HTTP/1.1 connections per host:port. A 2025-era
// server keeps the optional GET event stream open for as long as the session lives: eight such
// servers on one host:port took all six, and no request (connect, tool call) reached any of them.
// The page holds at most a few such streams per origin; the rest go without live notifications
// and say so.
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** `count` connections to the demo server (one host:port, one session each), each connected and answering one call; resolves with the time it took. */
async function connectAndCall(count: number, era: 'legacy' | 'modern'): Promise<{ ms: number; connections: McpConnection[] }> {
  const started = performance.now();
  const connections = Array.from(
    { length: count },
    (_, i) => new McpConnection({ url: `${inject('demoUrl')}?server=${i}`, era, name: `demo ${i}` }),
  );
  open.push(...connections);
  await Promise.all(connections.map((c) => c.connect()));
  const answers = await Promise.all(connections.map((c, i) => c.callTool('echo', { message: `to ${i}` })));
  expect(answers.map((a) => (a.content[0] as { text: string }).text)).toEqual(connections.map((_, i) => `to ${i}`));
  return { ms: performance.now() - started, connections };
}

// 2025: the GET stream; 2026: the `subscriptions/listen` stream (the demo server announces list changes).
test.each(['legacy', 'modern'] as const)(
  'eight servers (%s era) on one host:port all connect and answer calls; those past the limit say they lost live notifications',
  async (era) => {
    // Control: three such servers, fine before and after, each with its live stream.
    const control = await connectAndCall(3, era);
    expect(control.connections.every((c) => c.liveNotifications)).toBe(true);
    await Promise.all(open.splice(0).map((c) => c.close()));
    // Eight: before the fix, three stayed "connecting" for ever and no call answered.
    const bound = Math.max(10_000, 5 * control.ms);
    const eight = await Promise.race([
      connectAndCall(8, era),
      new Promise<never>((_, reject) =>
        setTimeout(
          () =>
            reject(
              new Error(
                `eight servers did not all connect and answer within ${Math.round(bound)} ms (three took ${Math.round(control.ms)} ms)`,
              ),
            ),
          bound,
        ),
      ),
    ]);
    const live = eight.connections.filter((c) => c.liveNotifications);
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThanOrEqual(3);
    // A call still answers on every one, again, now that the streams are held.
    await Promise.all(
      eight.connections.map(async (c) =>
        expect((await c.callTool('echo', { message: 'again' })).content[0]).toMatchObject({ text: 'again' }),
      ),
    );
    // A place freed by a server that goes is taken by the next one that opens its stream.
    await live[0]!.close();
    const next = new McpConnection({ url: `${inject('demoUrl')}?server=next`, era, name: 'demo next' });
    open.push(next);
    await next.connect();
    await expect.poll(() => next.liveNotifications).toBe(true);
    expect(eight.connections.filter((c) => c.state === 'connected' && c.liveNotifications).length).toBeLessThanOrEqual(2);
  },
);

test('the Servers panel says which servers lost live notifications', async () => {
  const chat = document.createElement('mcp-chat');
  chat.store = null;
  chat.servers = Array.from({ length: 4 }, (_, i) => ({ url: `${inject('demoUrl')}?panel=${i}`, name: `Demo ${i}` }));
  document.body.append(chat);
  try {
    await expect
      .poll(() => chat.serverSet.connections.map((c) => c.state), { timeout: 15_000 })
      .toEqual(['connected', 'connected', 'connected', 'connected']);
    await expect.poll(() => chat.serverSet.connections.filter((c) => !c.liveNotifications).length).toBe(1);
    await openPanelFromMenu(chat, 'Servers');
    const notes = () => [...shadow(chat).querySelectorAll('[part~="server-no-live"]')].map((p) => p.textContent ?? '');
    await expect.poll(notes).toHaveLength(1);
    expect(notes()[0]).toMatch(/^Live updates off: .*127\.0\.0\.1:\d+.*its tools still work\.$/);
    // It is said under the server that lost them.
    const lost = chat.serverSet.connections.find((c) => !c.liveNotifications)!;
    const item = shadow(chat).querySelector('[part~="server-no-live"]')!.closest('li, [part~="server"]');
    expect(item?.textContent).toContain(lost.url);
  } finally {
    chat.remove();
  }
});
