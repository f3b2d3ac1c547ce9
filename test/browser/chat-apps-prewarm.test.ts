import { afterEach, describe, expect, inject, test } from 'vitest';
import type { McpAppView } from '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import type { AppReport } from './app-view-support.js';
import { deepAll, mountChat, shadow } from './chat-helpers.js';

// Issue 28: the first app view of a page is warmed up in idle time once a
// server lists tools with views (the view's code, the AppBridge, the `ui://`
// resource read ahead), so it starts when the tool's result arrives. The demo
// server's counter app, the real sandbox proxy.

afterEach(() => document.body.replaceChildren());

/** Counts the chat connection's `ui://` reads (the ones made ahead included). */
function countViewReads(chat: McpChat): { uris: string[] } {
  const connection = chat.serverSet.connections[0]!;
  const seen = { uris: [] as string[] };
  const read = connection.readResource.bind(connection);
  connection.readResource = (uri, options) => {
    if (uri.startsWith('ui://')) seen.uris.push(uri);
    return read(uri, options);
  };
  return seen;
}

const views = (chat: McpChat) => deepAll<McpAppView>(shadow(chat), 'mcp-app-view');

function painted(chat: McpChat): Promise<void> {
  const connection = chat.serverSet.connections[0]!;
  return new Promise((resolve) => {
    const on = (e: { message: { logger?: string; data?: unknown } }) => {
      if (e.message.logger === 'app:demo-app' && (e.message.data as AppReport)?.step === 'painted') {
        connection.removeEventListener('mcp-log-message', on);
        resolve();
      }
    };
    connection.addEventListener('mcp-log-message', on);
  });
}

describe('<mcp-chat> warms up app views', () => {
  test('with a sandbox, the view is read ahead before any call; the first view shows that read, a later view reads again', async () => {
    const chat = await mountChat({ provider: false });
    const reads = countViewReads(chat);
    chat.sandboxUrl = inject('sandboxUrl');
    // In idle time, with no call made: the counter app's resource is read once.
    await expect.poll(() => reads.uris.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const ahead = reads.uris.length;
    expect(new Set(reads.uris).size).toBe(ahead);
    expect(customElements.get('mcp-app-view')).toBeDefined();
    expect(chat.messages).toEqual([]);

    const first = painted(chat);
    await chat.runTool('counter-app', {});
    await first;
    expect(views(chat)).toHaveLength(1);
    // The view used the read made ahead: no second read of its resource.
    expect(reads.uris.length).toBe(ahead);

    const second = painted(chat);
    await chat.runTool('counter-app', {});
    await second;
    expect(views(chat)).toHaveLength(2);
    // A later view reads the resource again (a read ahead is used once).
    expect(reads.uris.length).toBe(ahead + 1);
  });

  test('with the sandbox set before the server connects (as a page writes it), the view is still read ahead', async () => {
    // Issue 42: a server's tools join the catalog (toolsReady) before it is 'connected', and the catalog stays the
    // same list when it then becomes 'connected'; the warm-up only looked again when the list changed, so it never
    // ran, and the page's first view loaded everything after the tool's result (bench/apps.mjs: 207 ms).
    const reads: string[] = [];
    const chat = document.createElement('mcp-chat');
    chat.server = inject('demoUrl');
    chat.store = null;
    chat.sandboxUrl = inject('sandboxUrl');
    chat.serverSet.addEventListener('change', () => {
      for (const connection of chat.serverSet.connections) {
        if ((connection as { counted?: true }).counted) continue;
        (connection as { counted?: true }).counted = true;
        const read = connection.readResource.bind(connection);
        connection.readResource = (uri, options) => {
          if (uri.startsWith('ui://')) reads.push(uri);
          return read(uri, options);
        };
      }
    });
    document.body.append(chat);
    await expect.poll(() => reads.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(customElements.get('mcp-app-view')).toBeDefined();
    expect(chat.messages).toEqual([]);
  });

  test('without a sandbox nothing is read ahead (no view could show it)', async () => {
    const chat = await mountChat({ provider: false });
    const reads = countViewReads(chat);
    // The tools are listed and the chat idle for a while: still no read.
    await expect.poll(() => chat.serverSet.listTools().some((t) => t.name === 'counter-app'), { timeout: 15_000 }).toBe(true);
    await new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve())));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reads.uris).toEqual([]);
  });
});
