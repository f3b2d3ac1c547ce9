import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Page tools through the common WebMCP polyfill, `@mcp-b/global` (MCP-B),
 * in a Chromium WITHOUT the WebMCP flag (this file keeps Playwright's default
 * launch): the polyfill's own IIFE build is loaded before any page script, as
 * a `<script>` in the page's head would, and installs `document.modelContext`.
 * The shop demo registers its tools there; `<mcp-chat page-tools>` imports
 * them, a model turn (the fake OpenAI server, scripted by directives in the
 * message) runs them, and a tool registered or withdrawn later reaches the
 * model's next request (re-synced on the polyfill's `toolchange`).
 */

const demoUrl = () => process.env.E2E_DEMO_URL!;
const openaiUrl = () => process.env.E2E_OPENAI_URL!;
const polyfill = createRequire(import.meta.url).resolve('@mcp-b/global/iife');

type ModelContext = {
  __isBrowserMcpServer?: boolean;
  registerTool(tool: object, options?: { signal?: AbortSignal }): Promise<void>;
  getTools(): Promise<Array<{ name: string }>>;
};

async function openShop(page: Page): Promise<Locator> {
  await page.addInitScript({ path: polyfill });
  await page.goto(`shop.html?server=${encodeURIComponent(demoUrl())}`);
  const chat = page.locator('mcp-chat#chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 20_000 });
  await chat.evaluate((el, baseUrl) => {
    const c = el as HTMLElementTagNameMap['mcp-chat'];
    c.store = null;
    c.provider = { kind: 'openai', baseUrl, apiKey: 'test-key', model: 'gpt-4o-mini' };
  }, openaiUrl());
  return chat;
}

/** The tool names of the last request the fake model got whose body contains `marker`. */
async function offeredTools(marker: string): Promise<string[]> {
  const base = openaiUrl().replace(/\/openai\/v1$/, '');
  const response = await fetch(`${base}/__last-request?contains=${encodeURIComponent(marker)}`);
  if (!response.ok) return [];
  const body = (await response.json()).body as { tools?: Array<{ function: { name: string } }> };
  return (body.tools ?? []).map((t) => t.function.name);
}

async function send(chat: Locator, text: string): Promise<void> {
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
}

const cards = (chat: Locator) => chat.locator('mcp-tool-card');

test('a tool registered through @mcp-b/global runs in a model turn, and the chat follows later registrations', async ({ page }) => {
  const warnings: string[] = [];
  page.on('pageerror', (e) => warnings.push(e.message));
  const chat = await openShop(page);
  // The real polyfill is what the page has: Chromium has no WebMCP without the flag.
  expect(await page.evaluate(() => (document as unknown as { modelContext?: ModelContext }).modelContext?.__isBrowserMcpServer)).toBe(true);
  await expect(page.locator('#webmcp-status')).toContainText('document.modelContext');

  // A read-only tool (no approval) and one that is not (asks first), in one turn.
  await send(chat, 'poly-1 [[tool:list_products]] [[tool:add_to_cart {"sku":"MUG-BLUE","quantity":2}]]');
  const waiting = cards(chat).filter({ hasText: 'Needs your approval' });
  await expect(waiting).toHaveCount(1, { timeout: 20_000 });
  await expect(waiting).toContainText('Add to cart');
  await expect(page.locator('#cart-total')).toHaveText('The cart is empty.');
  await waiting.locator('[part="approve-button"]').click();
  await expect(page.locator('#cart-lines')).toContainText('2 × Blue mug', { timeout: 20_000 });
  await expect(chat.locator('mcp-message.streaming')).toHaveCount(0, { timeout: 20_000 });
  await expect(cards(chat).filter({ hasText: 'Done' })).toHaveCount(2);
  expect(await offeredTools('poly-1')).toEqual(expect.arrayContaining(['list_products', 'add_to_cart', 'show_cart']));
  // The model got the page's result back (the polyfill serializes it; the chat reads it).
  const base = openaiUrl().replace(/\/openai\/v1$/, '');
  const followUp = await fetch(`${base}/__last-request?contains=${encodeURIComponent('Blue mug')}`);
  expect(followUp.ok).toBe(true);
  expect(JSON.stringify((await followUp.json()).body)).toMatch(/total\\*":\s*24/);

  // The page registers another tool on the polyfill: the next request offers it, and it runs.
  await page.evaluate(() => {
    const mc = (document as unknown as { modelContext: ModelContext }).modelContext;
    const stop = new AbortController();
    (window as unknown as { giftStop: AbortController }).giftStop = stop;
    return mc.registerTool(
      {
        name: 'gift_wrap',
        title: 'Gift wrap',
        description: 'Wraps the cart as a gift.',
        annotations: { readOnlyHint: true },
        execute: () => 'Wrapped in blue paper.',
      },
      { signal: stop.signal },
    );
  });
  await send(chat, 'poly-2 [[tool:gift_wrap]]');
  await expect(cards(chat).filter({ hasText: 'Gift wrap' }).filter({ hasText: 'Done' })).toHaveCount(1, { timeout: 20_000 });
  await expect(chat.locator('mcp-message.streaming')).toHaveCount(0, { timeout: 20_000 });
  expect(await offeredTools('poly-2')).toContain('gift_wrap');
  const wrapped = await (await fetch(`${base}/__last-request?contains=${encodeURIComponent('Wrapped in blue paper.')}`)).json();
  expect(JSON.stringify(wrapped.body)).toContain('Wrapped in blue paper.');

  // Withdrawn on the page: the next request no longer offers it.
  await page.evaluate(() => (window as unknown as { giftStop: AbortController }).giftStop.abort());
  await expect
    .poll(() =>
      page.evaluate(async () => (await (document as unknown as { modelContext: ModelContext }).modelContext.getTools()).map((t) => t.name)),
    )
    .not.toContain('gift_wrap');
  await send(chat, 'poly-3 [[say:Nothing to do.]]');
  await expect(chat.locator('[part~="assistant-message"]').getByText('Nothing to do.')).toBeVisible({ timeout: 20_000 });
  const third = await offeredTools('poly-3');
  expect(third).toContain('show_cart');
  expect(third).not.toContain('gift_wrap');
  expect(warnings).toEqual([]);
});

test('a page tool that throws under the polyfill is an error card with its own message, and the chat keeps going', async ({ page }) => {
  const chat = await openShop(page);
  await send(chat, 'poly-4 [[tool:add_to_cart {"sku":"NOPE"}]]');
  const waiting = cards(chat).filter({ hasText: 'Needs your approval' });
  await expect(waiting).toHaveCount(1, { timeout: 20_000 });
  await waiting.locator('[part="approve-button"]').click();
  await expect(chat.locator('mcp-message.streaming')).toHaveCount(0, { timeout: 20_000 });
  const base = openaiUrl().replace(/\/openai\/v1$/, '');
  const after = await (await fetch(`${base}/__last-request?contains=${encodeURIComponent('Known SKUs')}`)).json();
  const sent = JSON.stringify(after.body);
  expect(sent).toContain('No product has the SKU NOPE');
  // The polyfill's own wording around the page's message does not reach the model.
  expect(sent).not.toContain('For example, the script function threw');
  const card = cards(chat).filter({ hasText: 'Add to cart' });
  await card.evaluate((el) => el.setAttribute('open', ''));
  await expect(card.locator('[part="error"]')).toHaveText('The tool reported an error.');
  await expect(card).toContainText('No product has the SKU NOPE');
  await expect(page.locator('#cart-total')).toHaveText('The cart is empty.');
});
