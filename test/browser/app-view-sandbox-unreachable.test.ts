import { expect, inject, test } from 'vitest';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import { McpConnection } from '../../src/mcp/index.js';
import { cleanup, part } from './app-view-support.js';

// Issue 25 §5: an app view whose sandbox page cannot be reached says so in the
// element, with the URL it tried (not only "the app is not responding").
test('a sandbox-url where no proxy answers: the view says it cannot start and names the address', async () => {
  const connection = new McpConnection({ url: inject('hostileUrl') });
  await connection.connect();
  const view = document.createElement('mcp-app-view');
  // Another origin (so it passes the checks), where nothing listens.
  const sandbox = 'http://127.0.0.1:9/mcp-app-sandbox.html';
  view.sandboxUrl = sandbox;
  view.startTimeout = 1500;
  view.connection = connection;
  view.tool = 'peeker';
  document.body.append(view);
  cleanup(async () => {
    view.remove();
    await connection.close();
  });
  // What the site's owner must do goes to the console (the visitor reading the page cannot act on it).
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  cleanup(() => {
    console.warn = warn;
  });
  view.toolResult = await connection.callTool('peeker', {});
  await expect.poll(() => view.state, { timeout: 15_000 }).toBe('not-responding');
  const notice = part(view, 'notice')!;
  expect(notice.getAttribute('role')).toBe('alert');
  expect(notice.textContent).toContain(`the sandbox page for apps did not answer at ${sandbox} (sandbox-url)`);
  expect(notice.textContent).not.toMatch(/Check that|served|dist\//);
  expect(warnings.join('\n')).toContain(`serve mcp-web-elements' dist/mcp-app-sandbox.html there`);
  // No empty or broken frame (the browser's error page) in its place.
  const frame = part(view, 'frame');
  expect(frame === null || frame.getBoundingClientRect().height === 0).toBe(true);
  // What the tool returned stays readable.
  expect(part(view, 'fallback')?.textContent).toContain('The peeker app is shown.');
});
