import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFromMenu } from './menu.js';
import { readFileSync } from 'node:fs';

/**
 * Screenshot tests of <mcp-chat>'s look (Playwright `toHaveScreenshot`,
 * Debian's Chromium, fonts pinned to Liberation Sans / Mono, which `.ci/run`
 * installs): each state at 360, 768 and 1280 px, light and dark, checked by
 * axe too. Baselines live in test/e2e/chat-look.spec.ts-snapshots/; to change
 * the look on purpose, run
 * `npx playwright test test/e2e/chat-look.spec.ts --update-snapshots`,
 * open the new PNGs, and commit them with the change.
 */

const demoUrl = () => process.env.E2E_DEMO_URL!;
const openaiUrl = () => process.env.E2E_OPENAI_URL!;
const WIDTHS = [360, 768, 1280] as const;
const THEMES = ['light', 'dark'] as const;

/** Only the chat, filling the page's width, in pinned fonts. */
const PAGE_CSS = `
  :root { --mcp-font-family: 'Liberation Sans', sans-serif; --mcp-font-mono: 'Liberation Mono', monospace; }
  body { max-width: none !important; padding: 0 !important; margin: 0 !important; }
  .page-header, .hero, .options { display: none !important; }
  mcp-chat#chat { --mcp-chat-height: 560px; box-shadow: none; }
`;

async function openChat(page: Page, options: { model?: boolean; dir?: 'rtl'; lang?: string } = {}): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 600 });
  // The open model's offer says how long its download takes at the browser's estimate of the
  // connection's speed, which moves with the machine's traffic (1 or 2 Mbit/s here, "41 min" or
  // "34 min"): pinned, as the fonts are.
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { downlink: 10 }, configurable: true }));
  await page.goto(`index.html?server=${encodeURIComponent(demoUrl())}`);
  await page.addStyleTag({ content: PAGE_CSS });
  const chat = page.locator('mcp-chat#chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await chat.evaluate(
    (el, o) => {
      const c = el as HTMLElementTagNameMap['mcp-chat'];
      c.store = null;
      if (o.model) c.provider = { kind: 'openai', baseUrl: o.openaiUrl, apiKey: 'test-key', model: 'gpt-4o-mini' };
      if (o.dir) c.dir = o.dir;
      if (o.lang) c.lang = o.lang;
    },
    { model: options.model ?? false, openaiUrl: openaiUrl(), dir: options.dir, lang: options.lang },
  );
  return chat;
}

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** What axe-core finds wrong in the chat (through its shadow roots), as "rule: target" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run: (ctx: Element) => Promise<Result> } }).axe;
    const result = await axe.run(document.querySelector('mcp-chat')!);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}

/** Every width and theme of the state now shown: a screenshot against its baseline, and axe. */
async function check(page: Page, target: Locator | Page, name: string, mask: Locator[] = []): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 600 });
      // The line naming calls that wait on a silent server counts seconds and appears after a while: hidden (chat-look.css).
      const options = { mask, maxDiffPixelRatio: 0.002, stylePath: 'test/e2e/chat-look.css' };
      if ('goto' in target) await expect(target).toHaveScreenshot(`${name}-${width}-${theme}.png`, options);
      else await expect(target).toHaveScreenshot(`${name}-${width}-${theme}.png`, options);
    }
    expect(await axeViolations(page), `${name} ${theme}`).toEqual([]);
  }
}

const composer = (chat: Locator) => chat.getByRole('textbox', { name: 'Message' });
const cards = (chat: Locator) => chat.locator('mcp-tool-card');

test("empty state, no model of the page's: what it can do, starters, the open model offered", async ({ page }) => {
  const chat = await openChat(page);
  await expect(chat.locator('[part="starter"]').first()).toBeVisible();
  await check(page, chat, 'empty');
});

test('a streamed answer with a code block, then the typing indicator is gone', async ({ page }) => {
  const chat = await openChat(page, { model: true });
  const answer =
    'Here is a small function:\n\n```js\nfunction greet(name) {\n  return `Hello, ${name}!`;\n}\n```\n\nCall it with any name.';
  await fetch(`${openaiUrl().replace(/\/openai\/v1$/, '')}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: '', replies: [{ text: answer }] }),
  });
  await composer(chat).fill('Write a greeting function in JavaScript');
  await composer(chat).press('Enter');
  await expect(chat.getByText('Call it with any name.', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(chat.locator('[part="typing"]')).toHaveCount(0);
  // The highlighter arrives as its own chunk: the baseline shows the coloured code.
  await expect(chat.locator('[part="md-code"] .hljs-keyword').first()).toHaveText('function');
  await check(page, chat, 'answer-code');
});

test('three tool calls: running, done, stopped', async ({ page }) => {
  const chat = await openChat(page);
  await chat.evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('weather', { city: 'Paris' }));
  void chat
    .evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('long-task', { steps: 1000, delayMs: 60_000 }))
    .catch(() => {});
  await expect(cards(chat)).toHaveCount(2);
  await cards(chat)
    .nth(1)
    .getByRole('button', { name: /^Stop / })
    .click();
  await expect(cards(chat).nth(1).locator('[part="status"]')).toHaveText('Stopped', { timeout: 10_000 });
  void chat
    .evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('long-task', { steps: 1000, delayMs: 60_000 }))
    .catch(() => {});
  await expect(cards(chat).nth(2).locator('[part="status"]')).toHaveText('Running…', { timeout: 10_000 });
  // The person's own calls stay open with their results (see the rtl and servers-log states);
  // here the person closed the two finished ones: one row each, as the model's calls are.
  for (const i of [0, 1]) await cards(chat).nth(i).locator('[part="summary"]').click();
  await check(page, chat, 'tool-calls', [cards(chat).nth(2).locator('[part="progress"]')]);
  await cards(chat)
    .nth(2)
    .getByRole('button', { name: /^Stop / })
    .click();
});

test('an approval stands out and takes the focus', async ({ page }) => {
  const chat = await openChat(page, { model: true });
  await composer(chat).fill('Delete note 1 [[tool:delete-note {"id":"1"}]]');
  await composer(chat).press('Enter');
  await expect(chat.getByRole('button', { name: 'Approve', exact: true })).toBeFocused({ timeout: 15_000 });
  await check(page, chat, 'approval');
  await page.keyboard.press('Enter');
  await expect(cards(chat).first().locator('[part="status"]')).toHaveText('Done', { timeout: 10_000 });
});

test('an inline form a tool asks for', async ({ page }) => {
  const chat = await openChat(page);
  void chat.evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('register-form')).catch(() => {});
  await expect(chat.locator('mcp-elicit-form')).toBeVisible({ timeout: 10_000 });
  // The form's start and its focused first field are in view (not scrolled past to the form's end).
  const field = chat.getByRole('textbox', { name: /Full name/ });
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport({ ratio: 1 });
  await check(page, chat, 'inline-form');
});

test('a sampling request', async ({ page }) => {
  const chat = await openChat(page);
  void chat.evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('ask-model', { question: 'What is MCP?' })).catch(() => {});
  await expect(chat.locator('mcp-sampling-approval')).toBeVisible({ timeout: 10_000 });
  // The call's id and the server's port are random: masked.
  await check(page, chat, 'sampling', [chat.locator('mcp-sampling-approval [part~="server-address"]')]);
});

test('settings, opened from the More menu by keyboard', async ({ page }) => {
  const chat = await openChat(page);
  await chat.getByRole('button', { name: 'More' }).focus();
  await page.keyboard.press('Enter');
  await expect(chat.getByRole('menuitemcheckbox', { name: 'Conversations' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(chat.getByRole('menuitemcheckbox', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chat.getByLabel('API key')).toBeVisible();
  await check(page, chat, 'settings');
});

test('the conversation list', async ({ page }) => {
  const chat = await openChat(page);
  await chat.evaluate(async (el, root) => {
    const { createMemoryHistory } = (await import(
      /* @vite-ignore */ `/@fs${root}/src/history/memory-store.ts`
    )) as typeof import('../../src/history/memory-store.js');
    const c = el as HTMLElementTagNameMap['mcp-chat'];
    c.store = createMemoryHistory();
    for (const text of ['Weather in Lisbon this week', 'Plan a trip to Kyoto', 'Summarize the MCP spec']) {
      c.newConversation();
      await c.send(text);
    }
  }, process.cwd());
  await openFromMenu(page, 'Conversations', chat);
  await expect(chat.locator('[part="conversation"]')).toHaveCount(3);
  await check(page, chat, 'conversations', [chat.locator('[part="conversation"] time')]);
});

test('right-to-left: an Arabic chat', async ({ page }) => {
  const chat = await openChat(page, { dir: 'rtl', lang: 'ar' });
  await chat.evaluate(async (el) => {
    const c = el as HTMLElementTagNameMap['mcp-chat'];
    await c.send('ما حالة الطقس في باريس؟');
    await c.runTool('weather', { city: 'Paris' });
  });
  await expect(cards(chat)).toHaveCount(1);
  await check(page, chat, 'rtl');
});

test('the launcher: closed, open, Escape closes and focus returns; hidden hides', async ({ page }) => {
  await openChat(page);
  await page.evaluate(() => {
    const c = document.querySelector('mcp-chat')!;
    c.style.setProperty('--mcp-chat-height', '520px');
    c.launcher = true;
  });
  const button = page.getByRole('button', { name: 'Open chat' });
  await expect(button).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeHidden();
  const whole = page;
  await check(page, whole, 'launcher-closed');
  await button.click();
  await expect(page.locator('mcp-chat')).toHaveAttribute('open', '');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await check(page, whole, 'launcher-open');
  await page.keyboard.press('Escape');
  await expect(page.locator('mcp-chat')).not.toHaveAttribute('open', '');
  await expect(button).toBeFocused();
  await page.evaluate(() => (document.querySelector('mcp-chat')!.hidden = true));
  await expect(button).toBeHidden();
});

test('the Servers panel: a server, "Add a server" with an address it refuses', async ({ page }) => {
  const chat = await openChat(page);
  await openFromMenu(page, 'Servers', chat);
  const address = chat.getByRole('textbox', { name: 'Server address' });
  await address.fill('ftp://files.example.com/mcp');
  await address.press('Enter');
  await expect(chat.getByRole('alert').filter({ hasText: 'Only http:// and https:// addresses can be added.' })).toBeVisible();
  // The demo server's address has a random port, and its notes (resources) are what earlier tests left: masked.
  await check(page, chat, 'servers', [chat.locator('.server-url'), chat.locator('[part="server"] .hint').first()]);
});

test("the Servers panel with a server's log: level badges, times, data", async ({ page }) => {
  const chat = await openChat(page);
  await openFromMenu(page, 'Servers', chat);
  await chat.locator('[part="server-log"] summary').click();
  await chat.getByRole('combobox', { name: 'Show from level' }).selectOption('debug');
  await chat.evaluate((el) => (el as HTMLElementTagNameMap['mcp-chat']).runTool('log-demo'));
  await expect(chat.locator('[part="log-entry"]')).toHaveCount(6);
  // Picking the level may scroll the panel (it is longer than the frame): the picture starts at its top.
  await chat.locator('[part="panel"]').evaluate((panel) => {
    for (const el of [panel, ...panel.querySelectorAll('*')]) if (el.scrollTop > 0) el.scrollTop = 0;
  });
  // The demo server's address has a random port, its notes (resources) are what earlier tests left, and the times are the clock's: masked.
  await check(page, chat, 'servers-log', [
    chat.locator('.server-url'),
    chat.locator('[part="server"] .hint').first(),
    chat.locator('[part="log-entry"] time'),
  ]);
});
