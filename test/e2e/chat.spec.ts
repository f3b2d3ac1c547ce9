import { expect, test, type Page } from '@playwright/test';
import { openFromMenu } from './menu.js';
import { startFakeOllama } from '../fakes/fake-ollama.js';
import { freePort } from '../servers/running-server.js';

const demoUrl = () => process.env.E2E_DEMO_URL!;
const openaiUrl = () => process.env.E2E_OPENAI_URL!;

/** The chat page on the demo server with the fake OpenAI provider, key entered in Settings. */
async function openChat(page: Page, withModel = true): Promise<void> {
  const params = new URLSearchParams({ server: demoUrl() });
  if (withModel) {
    params.set('provider', 'openai');
    params.set('baseUrl', openaiUrl());
    params.set('model', 'gpt-4o-mini');
  }
  await page.goto(`index.html?${params}`);
  await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  if (withModel) {
    await openPanel(page, 'Settings');
    await page.getByLabel('API key').fill('test-key');
    await page.getByRole('button', { name: 'Use this model' }).click();
  }
}

/** Opens a side panel from the header's "More" menu. */
async function openPanel(page: Page, name: 'Settings' | 'Conversations'): Promise<void> {
  await openFromMenu(page, name);
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

test('a full turn with two tool calls, one returning an image, streamed answer, survives a reload', async ({ page }) => {
  await openChat(page);
  await composer(page).fill('[[tool:weather {"city":"Paris"}]] [[tool:rich-content]]');
  await composer(page).press('Enter');
  await expect(page.locator('mcp-markdown').getByText('Tool results:')).toBeVisible({ timeout: 15_000 });
  const statuses = page.locator('mcp-tool-card').locator('[part="status"]');
  await expect(statuses).toHaveText(['Done', 'Done']);
  await page.locator('mcp-tool-card').nth(1).locator('summary').click();
  const image = page.locator('mcp-tool-card').nth(1).getByRole('button', { name: 'Enlarge image' });
  await expect(image).toBeVisible();
  await image.click();
  await expect(page.getByRole('dialog', { name: 'Enlarged image' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Enlarged image' })).toBeHidden();

  await page.reload();
  await expect(page.locator('mcp-markdown').getByText('Tool results:')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('mcp-tool-card')).toHaveCount(2);
});

test('Stop in mid-stream, then approval of a destructive tool', async ({ page }) => {
  await openChat(page);
  const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
  await composer(page).fill(`[[slow:25]] [[say:${long}]]`);
  await composer(page).press('Enter');
  await expect(page.locator('[part~="assistant-message"]').getByText(/word5\b/)).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(page.locator('[part~="assistant-message"]').getByText(/word299/)).toHaveCount(0);

  await composer(page).fill('[[tool:delete-note {"id":"1"}]]');
  await composer(page).press('Enter');
  await expect(page.locator('mcp-tool-card [part="status"]').getByText('Needs your approval')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.locator('mcp-tool-card').locator('[part="status"]').last()).toHaveText('Done', { timeout: 10_000 });
});

test('an elicitation inside a tool call is answered inline', async ({ page }) => {
  await openChat(page);
  await composer(page).fill('[[tool:register-form]]');
  await composer(page).press('Enter');
  const form = page.locator('mcp-elicit-form');
  await expect(form).toBeVisible({ timeout: 10_000 });
  await form.getByRole('button', { name: /decline/i }).click();
  await expect(form).toHaveCount(0);
  await expect(page.locator('mcp-tool-card').locator('[part="status"]')).toHaveText('Done', { timeout: 10_000 });
});

test('a tool run without a model, then export and import the conversation', async ({ page }) => {
  await openChat(page, false);
  // No model of the page's: the open model is offered (it asks before downloading); "/" runs tools meanwhile.
  await expect(page.getByText('An open model can answer you here', { exact: false }).first()).toBeVisible();
  await composer(page).click();
  await page.keyboard.type('/weat');
  await expect(page.getByRole('option', { name: /Weather/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByLabel('city *').fill('Berlin');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.locator('mcp-tool-card').locator('[part="status"]')).toHaveText('Done', { timeout: 10_000 });

  await openPanel(page, 'Conversations');
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /^Export/ })
    .first()
    .click();
  const file = await (await download).path();
  await page.locator('input.import').setInputFiles(file);
  await expect(page.locator('[part="conversation"]')).toHaveCount(2);
  await expect(page.locator('mcp-tool-card').locator('[part="structured"]')).toContainText('Berlin');
});

test('theming through parts, checked by computed styles, on the themes page', async ({ page }) => {
  await page.goto(`themes.html?server=${encodeURIComponent(demoUrl())}`);
  const terminal = page.locator('mcp-chat.theme-terminal');
  await expect(terminal.locator('mcp-tool-card').first()).toBeVisible({ timeout: 15_000 });
  const base = terminal.locator('[part="base"]');
  expect(await base.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(5, 8, 5)');
  expect(await terminal.locator('[part="input"]').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('monospace');
  const candySend = page.locator('mcp-chat.theme-candy [part="send-button"]');
  expect(await candySend.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('999px');
  const paperCard = page.locator('mcp-chat.theme-paper [part="card"]').first();
  expect(await paperCard.evaluate((el) => getComputedStyle(el).boxShadow)).toContain('2px 2px 0px');
});

test('axe reports no violations on the chat, docs and themes pages', async ({ page }) => {
  const axeSource = (await import('node:fs')).readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
  for (const path of [
    `index.html?server=${encodeURIComponent(demoUrl())}`,
    `docs.html?server=${encodeURIComponent(demoUrl())}`,
    `themes.html?server=${encodeURIComponent(demoUrl())}`,
  ]) {
    await page.goto(path);
    if (path.startsWith('docs.html')) await expect(page.locator('#try-weather [part="run-button"]')).toBeVisible({ timeout: 15_000 });
    else
      await expect(
        page
          .locator('mcp-chat')
          .first()
          .getByRole('button', { name: /: connected$/ }),
      ).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await (
        window as unknown as {
          axe: { run: (ctx: Document) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> };
        }
      ).axe.run(document);
      return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    });
    expect(violations, path).toEqual([]);
  }
});

test('the docs page: a try-it block runs a tool without a model; the corner chat opens', async ({ page }) => {
  await page.goto(`docs.html?server=${encodeURIComponent(demoUrl())}`);
  const block = page.locator('#try-weather');
  await expect(block.getByLabel('city *')).toHaveValue('Paris', { timeout: 15_000 });
  await block.getByLabel('city *').fill('Lisbon');
  await block.getByRole('button', { name: 'Run' }).click();
  await expect(block.locator('[part="structured"]')).toContainText('Lisbon', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Ask the assistant' }).click();
  await expect(page.locator('#corner-chat').getByRole('textbox', { name: 'Message' })).toBeFocused();
});

test("the docs page's assistant at 1280x800: the empty state's model note shows whole, above the composer", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`docs.html?server=${encodeURIComponent(demoUrl())}`);
  await page.getByRole('button', { name: 'Ask the assistant' }).click();
  const chat = page.locator('#corner-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  const note = chat.locator('[part="empty-state"] [part="notice"]');
  await expect(note).toBeVisible();
  const noteBox = (await note.boundingBox())!;
  const composerBox = (await chat.getByRole('textbox', { name: 'Message' }).boundingBox())!;
  const list = (await chat.locator('[part="message-list"]').boundingBox())!;
  // Not cut by the composer nor by the end of the scrolling list: read without scrolling.
  expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(composerBox.y);
  expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(list.y + list.height);
});

test('Enter sends, Shift+Enter adds a line', async ({ page }) => {
  await openChat(page);
  await composer(page).click();
  await page.keyboard.type('first line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('second line');
  await expect(composer(page)).toHaveValue('first line\nsecond line');
  await page.keyboard.press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(page.locator('mcp-markdown').getByText('Echo: first line second line')).toBeVisible({ timeout: 10_000 });
});

test.describe('Ollama found automatically', () => {
  let ollama: Awaited<ReturnType<typeof startFakeOllama>>;
  test.beforeAll(async () => {
    ollama = await startFakeOllama({ openaiUrl: openaiUrl() });
  });
  test.afterAll(async () => {
    await ollama?.close();
  });

  test('Settings finds Ollama (/api/tags), lists its models (/v1/models), and the chat answers through it (/v1/chat/completions)', async ({
    page,
  }) => {
    await page.goto(`index.html?${new URLSearchParams({ server: demoUrl(), ollama: ollama.url })}`);
    await expect(page.getByText('An open model can answer you here', { exact: false }).first()).toBeVisible({ timeout: 15_000 });
    await openPanel(page, 'Settings');
    // Looked for only once the person picks Ollama (issue 36 item 11: no local address unasked).
    await expect(page.getByLabel('Provider')).toBeVisible();
    await expect(page.getByText('Ollama found', { exact: false })).toHaveCount(0);
    await page.getByLabel('Provider').selectOption('ollama');
    await expect(page.getByText(`Ollama found at ${ollama.url}: llama3.2:latest, qwen2.5:0.5b`)).toBeVisible({ timeout: 5_000 });

    await page.getByRole('button', { name: 'List models' }).click();
    // The list came from /v1/models (an empty answer would show an error line instead).
    const options = page.locator('mcp-chat datalist#model-list option');
    await expect(options).toHaveCount(2);
    expect(await options.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['llama3.2:latest', 'qwen2.5:0.5b']);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: 'Use Ollama (llama3.2:latest)' }).click();
    await expect(page.getByText(/No model is set up|An open model can answer you here/)).toHaveCount(0);
    await composer(page).fill('[[say:Hello from the local model.]]');
    await composer(page).press('Enter');
    await expect(page.locator('[part~="assistant-message"]').getByText('Hello from the local model.')).toBeVisible({ timeout: 10_000 });
  });

  test('nothing listening at the Ollama address: Settings does not claim it was found', async ({ page }) => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    await page.goto(`index.html?${new URLSearchParams({ server: demoUrl(), ollama: nowhere })}`);
    await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
    await openPanel(page, 'Settings');
    await page.getByLabel('Provider').selectOption('ollama');
    await page.waitForTimeout(1_000); // longer than the probe's 800 ms
    await expect(page.getByText('Ollama found', { exact: false })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Use Ollama/ })).toHaveCount(0);
  });
});

test('the API key goes to the model provider and never to an MCP server', async ({ page }) => {
  const key = 'sk-never-to-mcp-4711';
  const toMcp: string[] = [];
  const toProvider: string[] = [];
  const mcpOrigin = new URL(demoUrl()).origin;
  const providerOrigin = new URL(openaiUrl()).origin;
  page.on('request', (request) => {
    const seen = `${JSON.stringify(request.headers())} ${request.postData() ?? ''} ${request.url()}`;
    if (request.url().startsWith(mcpOrigin)) toMcp.push(seen);
    if (request.url().startsWith(providerOrigin)) toProvider.push(seen);
  });
  const params = new URLSearchParams({ server: demoUrl(), provider: 'openai', baseUrl: openaiUrl(), model: 'gpt-4o-mini' });
  await page.goto(`index.html?${params}`);
  await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await openPanel(page, 'Settings');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Use this model' }).click();
  await composer(page).fill('[[tool:echo {"message":"hi"}]]');
  await composer(page).press('Enter');
  await expect(page.locator('mcp-tool-card').locator('[part="status"]')).toHaveText('Done', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 15_000 });
  expect(toMcp.length).toBeGreaterThan(0);
  expect(toMcp.filter((r) => r.includes(key))).toEqual([]);
  expect(toProvider.some((r) => r.includes(`Bearer ${key}`))).toBe(true);
});
