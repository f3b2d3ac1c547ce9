import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Everyday polish of <mcp-chat> on the demo page (issue 11): the enlarged
 * view of a small image from a tool result, right-to-left layout details, and
 * tool cards of calls run from the `/` palette. Set SHOTS=dir to also save
 * screenshots for a person to look at.
 */

const demoUrl = () => process.env.E2E_DEMO_URL!;

async function openChat(page: Page, width: number, dir?: 'rtl'): Promise<Locator> {
  await page.setViewportSize({ width, height: 720 });
  await page.goto(`index.html?server=${encodeURIComponent(demoUrl())}`);
  const chat = page.locator('mcp-chat#chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await chat.evaluate((el, d) => {
    const c = el as HTMLElementTagNameMap['mcp-chat'];
    c.store = null;
    if (d) c.dir = d;
  }, dir);
  return chat;
}

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` });
}

for (const width of [390, 1280]) {
  test(`a tool result's 32 px image enlarges to fit the screen, at ${width} px`, async ({ page }) => {
    const chat = await openChat(page, width);
    await chat.evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('rich-content', {}));
    const card = chat.locator('mcp-tool-card').first();
    await expect(card.locator('[part="status"]')).toHaveText('Done', { timeout: 10_000 });
    if (!(await card.locator('details').evaluate((d) => (d as HTMLDetailsElement).open))) await card.locator('[part="summary"]').click();
    const enlarge = card.getByRole('button', { name: 'Enlarge image' });
    await expect(enlarge).toBeVisible();
    await enlarge.click();
    const dialog = card.getByRole('dialog', { name: 'Enlarged image' });
    await expect(dialog).toBeVisible();
    const big = dialog.locator('img');
    const box = (await big.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(Math.min(200, width - 40));
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await shot(page, `enlarged-${width}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(enlarge).toBeFocused();
  });
}
