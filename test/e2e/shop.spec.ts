import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain JS helper shared with the configs
import { chromiumExecutable } from '../../scripts/chromium.mjs';

// The shop demo on Chromium's real WebMCP: the flags are set for this file only,
// so the other end-to-end tests run on the browser they always ran on.
test.use({ launchOptions: { executablePath: chromiumExecutable(), args: ['--enable-features=WebMCP'] } });

const demoUrl = () => process.env.E2E_DEMO_URL!;
type Context = { getTools(): Promise<Array<{ name: string }>>; executeTool(tool: unknown, input: unknown): Promise<string> };
const names = (page: Page) =>
  page.evaluate(async () => (await (document as unknown as { modelContext: Context }).modelContext.getTools()).map((t) => t.name).sort());

test('the shop registers its page tools on document.modelContext, and a browser agent can fill the cart', async ({ page }) => {
  await page.goto(`shop.html?server=${encodeURIComponent(demoUrl())}`);
  await expect(page.getByRole('status').first()).toContainText('document.modelContext');
  // The page's three tools, and the demo server's weather that the chat publishes (publish-tools) once it has connected:
  // which of the two comes first depends on how fast the server answers, so the full set is awaited.
  await expect.poll(() => names(page)).toEqual(['add_to_cart', 'list_products', 'show_cart', 'weather']);
  const result = await page.evaluate(async () => {
    const mc = (document as unknown as { modelContext: Context }).modelContext;
    const add = (await mc.getTools()).find((t) => t.name === 'add_to_cart');
    return JSON.parse(await mc.executeTool(add, { sku: 'MUG-BLUE', quantity: 2 })) as { total: number };
  });
  expect(result.total).toBe(24);
  await expect(page.locator('#cart-lines')).toContainText('2 × Blue mug');
  await expect(page.locator('#cart-total')).toContainText('Total');
  await page.getByRole('button', { name: 'Add Red mug to cart' }).click();
  await expect(page.locator('#cart-lines')).toContainText('1 × Red mug');
});

test("the demo's chat page links to the shop", async ({ page }) => {
  await page.goto(`index.html?server=${encodeURIComponent(demoUrl())}`);
  const link = page.getByRole('navigation', { name: 'Demo pages' }).getByRole('link', { name: 'Shop' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/shop\.html/);
  await expect(page.getByRole('button', { name: 'Add Red mug to cart' })).toBeVisible();
});

test('a wrong SKU from an agent changes nothing and says which SKUs exist', async ({ page }) => {
  await page.goto(`shop.html?server=${encodeURIComponent(demoUrl())}`);
  await expect.poll(() => names(page)).toContain('add_to_cart');
  const error = await page.evaluate(async () => {
    const mc = (document as unknown as { modelContext: Context }).modelContext;
    const add = (await mc.getTools()).find((t) => t.name === 'add_to_cart');
    return mc.executeTool(add, { sku: 'NOPE' }).then(
      () => 'no error',
      (e: Error) => e.name,
    );
  });
  expect(error).toBe('UnknownError');
  await expect(page.locator('#cart-total')).toHaveText('The cart is empty.');
});
