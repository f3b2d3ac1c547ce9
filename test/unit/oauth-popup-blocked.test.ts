// The popup fallbacks, in real Chromium against the local OAuth fixture. The
// redirect fallback navigates the whole tab away and back, which Vitest's
// browser mode cannot host, so this test launches Chromium itself and serves
// the page with Vite. Headless Chromium has no popup blocker: the page's
// ?block=1 makes window.open return null, exactly what a blocker does.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromium, type Browser } from 'playwright';
import { createServer, type ViteDevServer } from 'vite';
// @ts-expect-error plain JS helper
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { startAuthFixture, type AuthFixture } from '../fixtures/auth-server/server.js';

let fixture: AuthFixture;
let vite: ViteDevServer;
let browser: Browser;
let pageUrl: string;

beforeAll(async () => {
  fixture = await startAuthFixture();
  vite = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  });
  await vite.listen();
  pageUrl = new URL('/test/fixtures/auth-server/sign-in-page.html', vite.resolvedUrls!.local[0]).href;
  browser = await chromium.launch({ executablePath: chromiumExecutable() });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await vite?.close();
  await fixture?.close();
});

function url(fallback: 'link' | 'redirect') {
  return `${pageUrl}?server=${encodeURIComponent(fixture.mcpUrl)}&fallback=${fallback}&block=1`;
}

test('a blocked popup falls back to a plain link; the new tab hands the response back', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url('link'));
  const link = page.getByRole('link', { name: 'Continue sign-in' });
  await link.waitFor({ timeout: 15_000 });
  // The blocker refused the popup: only the page itself is open.
  expect(context.pages()).toHaveLength(1);
  await link.click();
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 15_000 }).toMatch(/^done: client=client-\S+ scope=mcp:read$/);
  await context.close();
}, 40_000);

test('with fallback "redirect" the tab goes to the authorization server and comes back signed in', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url('redirect'));
  await expect.poll(() => page.locator('#status').textContent(), { timeout: 20_000 }).toMatch(/^done: client=client-/);
  expect(await page.locator('#status').getAttribute('data-returned')).toBe('yes');
  expect(page.url()).toBe(url('redirect'));
  expect(context.pages()).toHaveLength(1);
  await context.close();
}, 40_000);
