import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Code blocks in the chat's answers, on the demo page with the fake OpenAI
 * server (issue 11 §3): the syntax highlighter is a separate chunk requested
 * only when the first code block appears, tokens are coloured once it loads,
 * the copy button puts the code on the clipboard, hostile code stays text,
 * and code stays left to right in a right-to-left chat.
 */

const demoUrl = () => process.env.E2E_DEMO_URL!;
const openaiUrl = () => process.env.E2E_OPENAI_URL!;

async function openChat(page: Page, dir?: 'rtl'): Promise<Locator> {
  await page.goto(`index.html?server=${encodeURIComponent(demoUrl())}`);
  const chat = page.locator('mcp-chat#chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await chat.evaluate(
    (el, o) => {
      const c = el as HTMLElementTagNameMap['mcp-chat'];
      c.store = null;
      c.provider = { kind: 'openai', baseUrl: o.openaiUrl, apiKey: 'test-key', model: 'gpt-4o-mini' };
      if (o.dir) c.dir = o.dir;
    },
    { openaiUrl: openaiUrl(), dir },
  );
  return chat;
}

/** The fake model answers the next request with `text`; the person asks `question`. */
async function answer(chat: Locator, question: string, text: string): Promise<void> {
  await fetch(`${openaiUrl().replace(/\/openai\/v1$/, '')}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: '', replies: [{ text }] }),
  });
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill(question);
  await composer.press('Enter');
  await expect(chat.locator('mcp-message.streaming')).toHaveCount(0, { timeout: 15_000 });
}

const highlighterRequests = (page: Page): string[] => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/markdown\/highlight\.ts|\/lowlight\/|highlight\.js/.test(r.url())) seen.push(r.url());
  });
  return seen;
};

test('the highlighter is fetched only when the first code block appears, then colours its tokens', async ({ page }) => {
  const requests = highlighterRequests(page);
  const chat = await openChat(page);
  await answer(chat, 'Say hello', 'Hello! Nothing to **compile** here.');
  await expect(chat.locator('[part~="assistant-message"]').getByText('Nothing to', { exact: false })).toBeVisible();
  await page.waitForTimeout(300);
  expect(requests, 'no code block yet: the highlighter is not requested').toEqual([]);

  await answer(
    chat,
    'A function please',
    'Here:\n\n```js\nconst answer = 42; // the answer\nfunction greet(name) { return `Hi ${name}`; }\n```\n\nDone.',
  );
  const code = chat.locator('[part="md-code"]');
  await expect(code).toHaveText(/const answer = 42;/);
  await expect(chat.locator('[part="md-code-language"]')).toHaveText('js');
  await expect.poll(() => requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const keyword = code.locator('.hljs-keyword').first();
  await expect(keyword).toHaveText('const', { timeout: 10_000 });
  const colours = await code.evaluate((pre) => ({
    keyword: getComputedStyle(pre.querySelector('.hljs-keyword')!).color,
    number: getComputedStyle(pre.querySelector('.hljs-number')!).color,
    comment: getComputedStyle(pre.querySelector('.hljs-comment')!).color,
    plain: getComputedStyle(pre).color,
  }));
  expect(new Set(Object.values(colours)).size, JSON.stringify(colours)).toBe(4);
});

test('Copy puts the code on the clipboard and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const chat = await openChat(page);
  await answer(chat, 'Python?', '```python\nprint("hi")\nfor i in range(3):\n    print(i)\n```');
  const copy = chat.getByRole('button', { name: 'Copy code' });
  await expect(copy).toHaveText('Copy');
  await copy.click();
  await expect(copy).toHaveText('Copied');
  await expect(chat.getByRole('status').filter({ hasText: 'Copied.' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('print("hi")\nfor i in range(3):\n    print(i)\n');
  await expect(copy).toHaveText('Copy', { timeout: 5_000 });
});

test('a hostile code block is shown as text and runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const chat = await openChat(page);
  const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script><svg onload=alert(3)>';
  await answer(chat, 'HTML?', `\`\`\`html\n${hostile}\n\`\`\``);
  const code = chat.locator('[part="md-code"]');
  await expect(code.locator('.hljs-tag').first()).toBeVisible({ timeout: 10_000 });
  await expect(code).toHaveText(`${hostile}\n`);
  expect(await code.evaluate((pre) => pre.querySelectorAll('img, script, svg, [onerror], [onload]').length)).toBe(0);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test('in a right-to-left chat the code stays left to right and long lines scroll inside the block', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  const chat = await openChat(page, 'rtl');
  const long = `const line = "${'x'.repeat(300)}";`;
  await answer(chat, 'طويل', `\`\`\`js\n${long}\n\`\`\``);
  const pre = chat.locator('[part="md-code"]');
  await expect(pre).toHaveText(`${long}\n`);
  const layout = await pre.evaluate((el) => ({
    direction: getComputedStyle(el).direction,
    scrolls: el.scrollWidth > el.clientWidth,
    pageScrolls: document.documentElement.scrollWidth > innerWidth,
  }));
  expect(layout).toEqual({ direction: 'ltr', scrolls: true, pageScrolls: false });
});
