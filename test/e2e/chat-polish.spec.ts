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

const openaiUrl = () => process.env.E2E_OPENAI_URL!;

/** The chat in Arabic, right to left, with a model answer (text, code, a tool call) and two palette calls. */
async function arabicConversation(page: Page, width: number): Promise<Locator> {
  const chat = await openChat(page, width);
  await chat.evaluate((el, url) => {
    const c = el as HTMLElementTagNameMap['mcp-chat'];
    c.setAttribute('lang', 'ar');
    c.provider = { kind: 'openai', baseUrl: url, apiKey: 'test-key', model: 'gpt-4o-mini' };
  }, openaiUrl());
  const answer = 'إليك الدالة:\n\n```js\nfunction greet(name) {\n  return `Hello, ${name}!`;\n}\n```\n\nوالطقس:';
  const replies = [
    { text: answer, toolCalls: [{ name: 'weather', input: { city: 'Cairo' } }], stop: 'tool' },
    { text: 'الطقس مشمس في القاهرة.' },
  ];
  await fetch(`${openaiUrl().replace(/\/openai\/v1$/, '')}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: '', replies }),
  });
  const composer = chat.getByRole('textbox', { name: 'رسالة' });
  await composer.fill('اكتب دالة تحية');
  await composer.press('Enter');
  await expect(chat.getByText('الطقس مشمس في القاهرة.', { exact: true })).toBeVisible({ timeout: 15_000 });
  await chat.evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('weather', { city: 'Paris' }));
  void chat
    .evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('long-task', { steps: 1000, delayMs: 60_000 }))
    .catch(() => {});
  await expect(chat.locator('mcp-tool-card').last().locator('[part="status"]')).toHaveText('قيد التشغيل…', { timeout: 10_000 });
  return chat;
}

for (const width of [390, 1280]) {
  test(`right to left at ${width} px: tool rows cut at their end, chevrons point the right way, nothing overflows`, async ({ page }) => {
    const chat = await arabicConversation(page, width);
    await shot(page, `rtl-${width}`);
    const cards = chat.locator('mcp-tool-card');
    // The model's finished call (a row); the person's own call (the palette's weather) stays open.
    const done = cards.first();
    const ran = cards.nth(1);
    // The row's words start where a reader starts: nothing of the first word is cut; an ellipsis ends the line.
    const cut = await done.locator('[part="summary"] .line').evaluate((line) => {
      const box = line.getBoundingClientRect();
      const range = document.createRange();
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT, {
        acceptNode: (n) => (n.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
      });
      const first = walker.nextNode()!;
      range.setStart(first, 0);
      range.setEnd(first, 1);
      const r = range.getBoundingClientRect();
      return { firstInside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5, text: line.textContent };
    });
    expect(cut.firstInside, cut.text ?? '').toBe(true);
    // A closed card's chevron points toward the line's end (left in right to left); an open one points down.
    const chevron = (card: Locator) =>
      card.locator('.chevron svg').evaluate((svg) => {
        const r = svg.getBoundingClientRect();
        const path = svg.querySelector('path')!;
        const len = path.getTotalLength();
        const m = (svg as SVGSVGElement).getScreenCTM()!;
        const tip = path.getPointAtLength(len / 2).matrixTransform(m);
        return { dx: tip.x - (r.left + r.width / 2), dy: tip.y - (r.top + r.height / 2) };
      });
    expect(await done.evaluate((card) => (card as HTMLElementTagNameMap['mcp-tool-card']).open)).toBe(false);
    // (The chevron turns with a short transition: wait for it to settle.)
    await expect.poll(async () => (await chevron(done)).dx, { timeout: 5_000 }).toBeLessThan(-1);
    for (const card of [ran, cards.last()]) {
      const open = await chevron(card);
      expect(open.dy).toBeGreaterThan(1);
      expect(Math.abs(open.dx)).toBeLessThan(1);
    }
    await expect(ran.getByText('Paris').first()).toBeVisible();
    await expect(ran.locator('[part="status"]')).toHaveText('تم');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The card's own words are the chat's language too (no English row in an Arabic chat).
    await expect(done.locator('[part="status"]')).toHaveText('تم');
    await expect(done.locator('[part="summary"] .line')).toContainText('تم تشغيل');
    await cards
      .last()
      .getByRole('button', { name: /^إيقاف / })
      .click();
  });
}

for (const width of [390, 1280]) {
  test(`the themes page at ${width} px: each theme colours its code block, axe finds nothing, nothing scrolls sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`themes.html?server=${encodeURIComponent(demoUrl())}`);
    for (const name of ['paper', 'terminal', 'candy']) {
      const chat = page.locator(`mcp-chat.theme-${name}`);
      await expect(chat.locator('mcp-tool-card')).toHaveCount(3, { timeout: 15_000 });
      const keyword = chat.locator('[part="md-code"] .hljs-keyword').first();
      await expect(keyword).toHaveText('export', { timeout: 10_000 });
      const colours = await chat
        .locator('[part="md-code"]')
        .first()
        .evaluate((pre) => ({
          keyword: getComputedStyle(pre.querySelector('.hljs-keyword')!).color,
          plain: getComputedStyle(pre).color,
        }));
      expect(colours.keyword, name).not.toBe(colours.plain);
      await chat.locator('[part="md-code"]').first().scrollIntoViewIfNeeded();
      if (process.env.SHOTS) await chat.screenshot({ path: `${process.env.SHOTS}/theme-${name}-${width}.png` });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
    const violations = await page.evaluate(async () => {
      const result = await (
        window as unknown as {
          axe: { run: (ctx: Document) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> };
        }
      ).axe.run(document);
      return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    });
    expect(violations).toEqual([]);
  });
}
