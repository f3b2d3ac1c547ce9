import { describe, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpAppMessageEvent } from '../../src/events/app-message.js';
import { cleanup, part, show } from './app-view-support.js';

// What an app must not be able to do, asserted one by one against the demo
// app running in the real sandbox proxy on its own origin.

describe('isolation of an app', () => {
  test("it cannot read the host page's DOM, cookies, storage or IndexedDB, navigate the top window or reach the network", async () => {
    document.cookie = 'host-secret=1; path=/';
    localStorage.setItem('host-secret', '1');
    cleanup(() => {
      document.cookie = 'host-secret=; path=/; max-age=0';
      localStorage.removeItem('host-secret');
    });
    const page = location.href;
    const shown = await show('modern', ['probe']);
    await shown.report('probe:done');
    const probe = (name: string) => shown.reports.find((r) => r.step === `probe:${name}`)!;
    for (const name of ['top-dom', 'parent-dom', 'cookie', 'indexeddb', 'fetch']) {
      expect(probe(name), name).toMatchObject({ ok: false });
    }
    // Its storage is its own (held by the sandbox for this view, see app-view-state.test.ts), empty: not the page's.
    for (const name of ['local-storage', 'session-storage']) expect(probe(name), name).toMatchObject({ ok: true, detail: '0' });
    expect(JSON.stringify(shown.reports)).not.toContain('host-secret');
    // A sandbox without allow-top-navigation: the attempt goes nowhere.
    await new Promise((r) => setTimeout(r, 300));
    expect(location.href).toBe(page);
    expect(document.title).toBeDefined();
  });

  test('it cannot call a tool whose visibility lacks "app", nor a tool its server does not have', async () => {
    const shown = await show('legacy', ['call-model-only']);
    const refused = await shown.report('call-model-only');
    expect(refused.ok).toBe(false);
    expect(String(refused.detail)).toContain('not available to this app');
  });

  test('it cannot pretend to be the sandbox proxy, nor post to the host page around it', async () => {
    const messages: McpAppMessageEvent[] = [];
    const onMessage = (e: McpAppMessageEvent) => messages.push(e);
    document.addEventListener('mcp-app-message', onMessage);
    cleanup(() => document.removeEventListener('mcp-app-message', onMessage));
    const shown = await show('modern', ['spoof', 'call-tool']);
    await shown.report('spoof:done');
    // The proxy kept the original app (a replaced page would report nothing more) ...
    expect(await shown.report('call-tool')).toMatchObject({ ok: true });
    // ... and the host ignored the message posted straight to it.
    await new Promise((r) => setTimeout(r, 300));
    expect(messages).toHaveLength(0);
  });
});

describe('lifecycle', () => {
  test('ui/resource-teardown reaches the app before the frame is taken down', async () => {
    const shown = await show('legacy', []);
    await shown.report('tool-result');
    let frameAtTeardown: boolean | undefined;
    shown.connection.addEventListener('mcp-log-message', (e) => {
      if ((e.message.data as { step?: string }).step === 'teardown') frameAtTeardown = part(shown.view, 'frame')?.isConnected;
    });
    await shown.view.close('The person closed the view');
    expect(frameAtTeardown).toBe(true);
    expect(shown.reports.find((r) => r.step === 'teardown')?.detail).toBe('The person closed the view');
    expect(shown.view.state).toBe('closed');
    await expect.poll(() => part(shown.view, 'frame')).toBeNull();
  });

  test('a view whose server goes away says so instead of going blank', async () => {
    const shown = await show('modern', []);
    await shown.report('tool-result');
    await shown.connection.close();
    await expect.poll(() => shown.view.state).toBe('disconnected');
    const notice = part(shown.view, 'notice')!;
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('no longer connected');
  });

  test('standalone on a server that is not there: a clear error, no frame', async () => {
    const view = document.createElement('mcp-app-view');
    view.sandboxUrl = inject('sandboxUrl');
    view.setAttribute('server', 'http://127.0.0.1:9/mcp'); // the discard port: nothing answers there
    view.setAttribute('tool', 'get-time');
    document.body.append(view);
    cleanup(() => view.remove());
    await expect.poll(() => view.state, { timeout: 20_000 }).toBe('error');
    expect(part(view, 'notice')!.textContent).toContain('Could not reach the server');
    expect(part(view, 'frame')).toBeNull();
  });

  test('without a sandbox-url no app code runs: a notice and the result as text', async () => {
    const shown = await show('legacy', [], { setup: (v) => (v.sandboxUrl = undefined) });
    await expect.poll(() => shown.view.state).toBe('no-sandbox');
    expect(part(shown.view, 'frame')).toBeNull();
    expect(part(shown.view, 'notice')!.textContent).toContain('no sandbox origin');
    await expect.poll(() => part(shown.view, 'fallback')?.textContent).toContain('The counter is');
  });
});
