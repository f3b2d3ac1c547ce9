import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFromMenu } from './menu.js';

// demo/docs.html: live MCP Apps views on a documentation page, no model. The
// app runs two cross-origin frames deep (sandbox proxy, then the app).

async function openDocs(page: Page): Promise<void> {
  const params = new URLSearchParams({
    server: process.env.E2E_DEMO_URL!,
    sandbox: process.env.E2E_SANDBOX_URL!,
    basicServer: process.env.E2E_BASIC_URL!,
  });
  await page.goto(`docs.html?${params}`);
}
/** Waits until the frame's box has stayed the same for a few animation frames. */
async function settled(frame: Locator): Promise<void> {
  let last = '';
  await expect(async () => {
    const box = JSON.stringify(await frame.boundingBox());
    const same = box === last;
    last = box;
    await frame.page().waitForTimeout(150);
    expect(same && box === JSON.stringify(await frame.boundingBox())).toBe(true);
  }).toPass({ timeout: 10_000 });
}
const app = (page: Page, id: string) => page.frameLocator(`#${id} iframe[part="frame"]`).frameLocator('iframe[title="MCP App"]');

test('the official basic-vanillajs app: renders, calls get-time on its server through the host once the person allows it, the new time shows', async ({
  page,
}) => {
  await openDocs(page);
  const view = app(page, 'basic-app');
  const time = view.locator('#server-time');
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/, { timeout: 20_000 });
  const first = await time.textContent();
  // The view is below the fold of the docs page. Chromium runs an off-screen
  // cross-origin frame's animation frames only once it is in view, so the app
  // reports its size (ui/notifications/size-changed) then and the view grows; a
  // click aimed before that lands where the button no longer is, for a person as for the test.
  const frame = page.locator('#basic-app iframe[part="frame"]');
  await frame.scrollIntoViewIfNeeded();
  await settled(frame);
  await view.getByRole('button', { name: 'Get Server Time' }).click();
  // get-time has no annotations, so by the spec's defaults it may change things: the view asks first (issue 26).
  const host = page.locator('#basic-app');
  await expect(host.locator('[part="consent"]')).toContainText('wants to run', { timeout: 15_000 });
  await host.getByRole('button', { name: 'Allow' }).click();
  await expect(time).not.toHaveText(first!, { timeout: 15_000 });
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
});

test('the demo counter app: a tool call through the host, a link behind consent, full screen and back', async ({ page }) => {
  await openDocs(page);
  const view = app(page, 'counter-app');
  const count = view.locator('#count');
  await expect(count).toHaveText(/^\d+$/, { timeout: 20_000 });
  const before = Number(await count.textContent());
  await view.getByRole('button', { name: '+1 (server tool)' }).click();
  await expect(count).toHaveText(String(before + 1));

  await view.getByRole('button', { name: 'Open link' }).click();
  const host = page.locator('#counter-app');
  await expect(host.locator('[part="consent-host"]')).toHaveText('modelcontextprotocol.io');
  await host.getByRole('button', { name: 'Cancel' }).click();
  await expect(host.locator('[part="consent"]')).toHaveCount(0);

  await view.getByRole('button', { name: 'Full screen' }).click();
  await expect(host).toHaveAttribute('display-mode', 'fullscreen');
  await expect(view.locator('#mode')).toHaveText('fullscreen');
  await host.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(host).toHaveAttribute('display-mode', 'inline');
  await expect(view.locator('#mode')).toHaveText('inline');
});

test('the demo chat: a model calls the basic example and the demo app; both views show under their calls', async ({ page }) => {
  const params = new URLSearchParams({
    provider: 'openai',
    baseUrl: process.env.E2E_OPENAI_URL!,
    model: 'gpt-4o-mini',
    sandbox: process.env.E2E_SANDBOX_URL!,
  });
  params.append('server', process.env.E2E_DEMO_URL!);
  params.append('server', process.env.E2E_BASIC_URL!);
  await page.goto(`index.html?${params}`);
  await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toHaveCount(2, { timeout: 15_000 });
  await openFromMenu(page, 'Settings');
  await page.getByLabel('API key').fill('test-key');
  await page.getByRole('button', { name: 'Use this model' }).click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('[[tool:get-time {}]] [[tool:counter-app {}]]');
  await composer.press('Enter');
  // get-time has no annotations, so by the spec's defaults (destructiveHint true) it asks first.
  await page.locator('mcp-chat').getByRole('button', { name: 'Approve', exact: true }).click({ timeout: 15_000 });
  const views = page.locator('mcp-app-view');
  await expect(views).toHaveCount(2, { timeout: 15_000 });
  const time = views.nth(0).frameLocator('iframe[part="frame"]').frameLocator('iframe').locator('#server-time');
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/, { timeout: 20_000 });
  const count = views.nth(1).frameLocator('iframe[part="frame"]').frameLocator('iframe').locator('#count');
  await expect(count).toHaveText(/^\d+$/, { timeout: 20_000 });
});

test('the docs page refuses a crafted ?sandbox=javascript: link: nothing runs with the page origin, the refusal shows', async ({
  page,
}) => {
  const evil = 'javascript:parent.localStorage.setItem("pwned","1");parent.document.title="pwned"';
  const params = new URLSearchParams({ server: process.env.E2E_DEMO_URL!, sandbox: evil, basicServer: process.env.E2E_BASIC_URL! });
  await page.goto(`docs.html?${params}`);
  await expect(page.locator('#sandbox-refused')).toContainText('only http and https pages may host the app sandbox');
  // No sandbox at all then: the views say so and show the result as text.
  await expect(page.locator('#counter-app [part="notice"]')).toContainText('no sandbox origin', { timeout: 20_000 });
  await expect(page.locator('#counter-app iframe')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  expect(await page.title()).not.toBe('pwned');
});
