import { expect, test } from '@playwright/test';
import { distFile, startSite, type Site } from './dist-site.js';

// <mcp-chat connections="worker"> from the built bundle (dist/, `npm run build`), served as a CDN would:
// the page file starts the connections' Worker (dist/chunks/mcp-worker-*.js) at once, the chat takes it,
// and the page never fetches the SDK's `mcp` chunk. The demo server over HTTP; the fake OpenAI model.
let site: Site;

/** The SDK's chunk (not mcp-worker-*, mcp-elicit-form-*, …: those have longer names). */
const SDK_CHUNK = /\/chunks\/mcp-[A-Za-z0-9_-]{8}\.js$/;
const WORKER = /\/chunks\/mcp-worker-[A-Za-z0-9_-]{8}\.js$/;

test.beforeAll(async () => {
  const page = (servers: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Worker</title>
<script type="module" src="/mcp-web-elements.js"></script></head>
<body><main>${servers}</main></body></html>`;
  site = await startSite((path) => {
    if (path === '/') return { html: page(`<mcp-chat server="${process.env.E2E_DEMO_URL}" connections="worker"></mcp-chat>`) };
    if (path === '/missing-worker')
      return { html: page(`<mcp-chat server="${process.env.E2E_DEMO_URL}" connections="worker" storage-key="m"></mcp-chat>`) };
    return path.endsWith('.js') ? distFile(path) : undefined;
  });
});

test.afterAll(async () => site.close());

test('connections="worker": connected, a tool from the palette, a sampling request approved; the page never fetches the SDK chunk', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${site.origin}/`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByText(/Connected to .* with \d+ tools/)).toBeVisible();
  // The page file started the Worker before the chat asked for its code that connects.
  const worker = fetched.findIndex((path) => WORKER.test(path));
  const connectCode = fetched.findIndex((path) => /\/chunks\/connect-worker-/.test(path));
  expect(worker).toBeGreaterThanOrEqual(0);
  expect(worker).toBeLessThan(connectCode);
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l as HTMLLinkElement).href),
  );
  expect(preloads.filter((href) => SDK_CHUNK.test(new URL(href).pathname))).toEqual([]);

  // A tool from the palette, without a model.
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/echo');
  await expect(page.getByRole('option', { name: /echo/i }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByLabel('message *').fill('hello from the worker');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 10_000 });
  await expect(chat.locator('mcp-tool-card [part="result"]').getByText('hello from the worker')).toBeVisible();

  // The model calls a tool whose server asks for a model answer: the approval is on the page.
  await chat.evaluate((el, baseUrl) => {
    (el as unknown as { provider: unknown }).provider = { kind: 'openai', baseUrl, model: 'gpt-4o-mini', apiKey: 'test-key' };
  }, process.env.E2E_OPENAI_URL!);
  await chat.getByRole('textbox', { name: 'Message' }).fill('[[tool:ask-model {"question":"Say it [[say:forty-two]]"}]]');
  await page.keyboard.press('Enter');
  const approval = chat.locator('mcp-sampling-approval');
  await approval.locator('[part~="approve-button"]').click({ timeout: 15_000 });
  await approval.locator('[part~="send-button"]').click({ timeout: 15_000 });
  await expect(chat.locator('mcp-tool-card').last().locator('[part="status"]')).toHaveText('Done', { timeout: 15_000 });
  await expect(chat.locator('mcp-sampling-approval')).toHaveCount(0);

  expect(fetched.filter((path) => SDK_CHUNK.test(path))).toEqual([]);
  expect(errors).toEqual([]);
});

test('when the Worker cannot be loaded, every server says so in words', async ({ page }) => {
  await page.route(WORKER, (route) => route.fulfill({ status: 404 }));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${site.origin}/missing-worker`);
  const problem = page.locator('mcp-chat').locator('[part~="server-problems"]');
  await expect(problem).toContainText('The background worker that connects this chat to its servers could not start', { timeout: 15_000 });
  expect(errors).toEqual([]);
});
