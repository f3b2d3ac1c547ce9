import { describe, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { AppReport } from './app-view-support.js';
import { cleanup, part } from './app-view-support.js';

// `_meta.ui.domain` (issue 27): with a sandbox-url template that has {domain}
// in its host name, each app's sandbox page is loaded from a host of its own:
// the label its server declared (this host's format: one DNS label), else one
// made from its server's address. *.localhost is loopback in Chromium, so the
// one sandbox server answers every such host.

/** The sandbox page's address as a {domain} template on *.localhost. */
const template = () => {
  const url = new URL(inject('sandboxUrl'));
  return `http://{domain}.localhost:${url.port}${url.pathname}`;
};

async function originsOf(app: 'origins' | 'origins-weather' | 'origins-bad', sandboxUrl = template()): Promise<string[]> {
  const connection = new McpConnection({ url: inject('hostileUrl') });
  await connection.connect();
  const reports: AppReport[] = [];
  connection.addEventListener('mcp-log-message', (e) => {
    if (e.message.logger === 'app:hostile') reports.push(e.message.data as AppReport);
  });
  const view = document.createElement('mcp-app-view');
  view.sandboxUrl = sandboxUrl;
  view.connection = connection;
  view.tool = app;
  view.toolInput = {};
  document.body.append(view);
  cleanup(async () => {
    if (view.isConnected && view.state !== 'closed') await view.close();
    view.remove();
    await connection.close();
  });
  await expect.poll(() => reports.find((r) => r.step === 'origins'), { timeout: 20_000 }).toBeTruthy();
  expect(view.state).toBe('running');
  expect(new URL((part(view, 'frame') as HTMLIFrameElement).src).origin).toBe(
    (reports.find((r) => r.step === 'origins')!.detail as string[])[0],
  );
  return reports.find((r) => r.step === 'origins')!.detail as string[];
}

describe('_meta.ui.domain', () => {
  test('a declared domain gets a sandbox origin of its own, the same every time; another app another one', async () => {
    const port = new URL(inject('sandboxUrl')).port;
    const [weather] = await originsOf('origins-weather');
    expect(weather).toBe(`http://weather-app.localhost:${port}`);
    const [again] = await originsOf('origins-weather');
    expect(again).toBe(weather);
    const [other] = await originsOf('origins');
    expect(other).not.toBe(weather);
    expect(other).toMatch(new RegExp(`^http://srv-[0-9a-f]{8}\\.localhost:${port}$`));
  });

  test("a domain in another format is not used: the app gets its server's origin", async () => {
    const [bad] = await originsOf('origins-bad');
    const [plain] = await originsOf('origins');
    expect(bad).toBe(plain);
    expect(bad).not.toContain('evil');
  });

  test('without {domain} in sandbox-url every app shares the one sandbox origin, declared domain or not', async () => {
    const [weather] = await originsOf('origins-weather', inject('sandboxUrl'));
    expect(weather).toBe(new URL(inject('sandboxUrl')).origin);
  });

  test('a template that is no http(s) address of another origin is refused in words before any frame', async () => {
    const view = document.createElement('mcp-app-view');
    const connection = new McpConnection({ url: inject('hostileUrl') });
    await connection.connect();
    view.sandboxUrl = `${location.origin}/{domain}/mcp-app-sandbox.html`;
    view.connection = connection;
    view.tool = 'origins-weather';
    document.body.append(view);
    cleanup(async () => {
      view.remove();
      await connection.close();
    });
    await expect.poll(() => view.state).toBe('error');
    expect(part(view, 'notice')!.textContent).toContain("on the page's own origin");
    expect(part(view, 'frame')).toBeNull();
  });
});
