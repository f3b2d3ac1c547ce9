import { afterEach, describe, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpAppView } from '../../src/elements/mcp-app-view/mcp-app-view.js';
import { part } from './app-view-support.js';

// The official MCP Apps examples from npm, run over Streamable HTTP on
// 127.0.0.1 by test/setup/apps.ts, shown standalone (server + tool, no model)
// the way a docs page would.

const views: McpAppView[] = [];
afterEach(async () => {
  for (const view of views.splice(0)) {
    await view.close();
    view.remove();
  }
});

describe.each([
  { name: 'basic-vanillajs', url: () => inject('basicVanillaUrl') },
  { name: 'basic-react', url: () => inject('basicReactUrl') },
])('@modelcontextprotocol/server-$name', ({ url }) => {
  test('standalone: connects, runs get-time, the app initializes and gets input and result', async () => {
    const view = document.createElement('mcp-app-view');
    views.push(view);
    let initialized = false;
    let appName: string | undefined;
    view.addEventListener('mcp-app-initialize', (e) => ((initialized = true), (appName = e.appInfo?.name)));
    view.sandboxUrl = inject('sandboxUrl');
    view.setAttribute('server', url());
    view.setAttribute('tool', 'get-time');
    document.body.append(view);
    await expect.poll(() => initialized, { timeout: 20_000 }).toBe(true);
    expect(view.state).toBe('running');
    await expect.poll(() => view.toolResult).toBeTruthy();
    const first = view.toolResult!.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(appName).toBeTruthy();
    // Clicking inside the app (two cross-origin frames deep) is covered by test/e2e/apps.spec.ts.
  });
});
