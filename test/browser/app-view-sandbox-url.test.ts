import { describe, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpAppView } from '../../src/elements/mcp-app-view/mcp-app-view.js';
import { McpConnection } from '../../src/mcp/index.js';
import { cleanup, part, showHostile } from './app-view-support.js';

// Issue 26, items 1, 2, 10 and 12: what <mcp-app-view> refuses before any app
// code runs (a sandbox-url that is not a page on another origin, arguments
// that are not JSON) and an app that never starts.

type Pwned = { __pwned?: string };

async function viewWithSandbox(sandboxUrl: string): Promise<McpAppView> {
  const connection = new McpConnection({ url: inject('hostileUrl') });
  await connection.connect();
  const view = document.createElement('mcp-app-view');
  view.setAttribute('sandbox-url', sandboxUrl);
  view.connection = connection;
  view.tool = 'peeker';
  document.body.append(view);
  cleanup(async () => {
    view.remove();
    await connection.close();
  });
  return view;
}

describe('sandbox-url is checked before anything is loaded', () => {
  const hostile = [
    'javascript:parent.__pwned="javascript";document.title="pwned"',
    'JavaScript:top.__pwned="javascript-case"',
    ' javascript:parent.__pwned="javascript-space"',
    'data:text/html,<script>parent.__pwned="data"</script>',
    `blob:${location.origin}/00000000-0000-0000-0000-000000000000`,
    'about:blank',
    'http://[not a host/sandbox.html',
    'ftp://127.0.0.1/sandbox.html',
  ];
  for (const url of hostile) {
    test(`refused, said in words, never loaded: ${url.slice(0, 40)}`, async () => {
      delete (window as Pwned).__pwned;
      const title = document.title;
      const view = await viewWithSandbox(url);
      await expect.poll(() => view.state).toBe('error');
      const notice = part(view, 'notice')!;
      expect(notice.getAttribute('role')).toBe('alert');
      expect(notice.textContent).toMatch(/sandbox-url/);
      expect(notice.textContent).toMatch(/refused|not/i);
      // No frame was ever made, so nothing of the URL can run.
      expect(part(view, 'frame')).toBeNull();
      expect(view.shadowRoot!.querySelector('iframe')).toBeNull();
      expect((window as Pwned).__pwned).toBeUndefined();
      expect(document.title).toBe(title);
    });
  }

  test("a sandbox page on the page's own origin is refused: the proxy would share the page's origin", async () => {
    const view = await viewWithSandbox(`${location.origin}/mcp-app-sandbox.html`);
    await expect.poll(() => view.state).toBe('error');
    expect(part(view, 'notice')!.textContent).toContain("the page's own origin");
    expect(view.shadowRoot!.querySelector('iframe')).toBeNull();
    // A relative address is the same origin too.
    const relative = await viewWithSandbox('/mcp-app-sandbox.html');
    await expect.poll(() => relative.state).toBe('error');
    expect(part(relative, 'notice')!.textContent).toContain("the page's own origin");
  });

  test('the real sandbox origin is still accepted', async () => {
    const view = await viewWithSandbox(inject('sandboxUrl'));
    await expect.poll(() => view.state, { timeout: 15_000 }).toBe('running');
    expect(part(view, 'frame')).not.toBeNull();
  });
});

describe('bad attributes', () => {
  test('arguments that are not JSON: said on the element, no uncaught error, the tool is not called', async () => {
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error ?? e.message);
    window.addEventListener('error', onError);
    cleanup(() => window.removeEventListener('error', onError));
    const calls: string[] = [];
    const view = document.createElement('mcp-app-view');
    view.sandboxUrl = inject('sandboxUrl');
    // Count what the element sends to the server: a tools/call must not be among it.
    const original = window.fetch;
    window.fetch = (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('"tools/call"')) calls.push(init.body);
      return original(input, init);
    };
    cleanup(() => (window.fetch = original));
    view.setAttribute('arguments', '{not json');
    view.setAttribute('tool', 'peeker');
    view.setAttribute('server', inject('hostileUrl'));
    document.body.append(view);
    cleanup(() => view.remove());
    await expect.poll(() => view.state).toBe('error');
    const notice = part(view, 'notice')!;
    expect(notice.textContent).toContain('arguments');
    expect(notice.textContent).toContain('not valid JSON');
    expect(errors).toEqual([]);
    // An array is JSON but not arguments.
    view.setAttribute('arguments', '[1, 2]');
    await expect.poll(() => part(view, 'notice')?.textContent).toContain('not a JSON object');
    expect(calls).toEqual([]);
    // Fixed: the tool runs with them.
    view.setAttribute('arguments', '{"a": 1}');
    await expect.poll(() => calls.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(calls[0]!).params.arguments).toEqual({ a: 1 });
  });
});

describe('an app that never starts', () => {
  test('is marked "not responding" in the view, in words', async () => {
    const shown = await showHostile('silent', { setup: (v) => (v.startTimeout = 1500) });
    await expect.poll(() => shown.view.state, { timeout: 15_000 }).toBe('not-responding');
    const notice = part(shown.view, 'notice')!;
    expect(notice.getAttribute('role')).toBe('alert');
    // It names the app (by its tool's title) and says how long it waited.
    expect(notice.textContent!.trim()).toBe('The app of Hostile silent is not responding: it did not start within 2 seconds.');
    // What the tool returned stays readable.
    expect(part(shown.view, 'fallback')?.textContent).toContain('The silent app is shown.');
  });

  test('an app that starts in time is not marked', async () => {
    const shown = await showHostile('peeker', { setup: (v) => (v.startTimeout = 10_000) });
    await shown.report('initialized');
    expect(shown.view.state).toBe('running');
  });
});
