import { createServer, type Server } from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { openFromMenu } from './menu.js';
import { startFixtureServer } from '../servers/fixture-server.js';
import type { RunningServer } from '../servers/running-server.js';

// The single-file bundle (dist/mcp-web-elements.js, built by `npm run build`,
// which `npm test` runs first) on a page that has nothing else: one script
// tag and one element tag. The server serves dist/ as a CDN would: the bundle
// and, beside it, the chunks it loads when first needed (dist/chunks/).
let server: Server;
let origin = '';
/** The fixture MCP server (test/servers/fixture-server.ts): `/malformed/mcp` lists a tool that breaks the MCP format. */
let fixture: RunningServer;

test.beforeAll(async () => {
  fixture = await startFixtureServer();
  /** A file of dist/ (the bundle or one of its chunks), or undefined. */
  const distFile = (url: string) => {
    const path = normalize(join('dist', new URL(url, 'http://x').pathname));
    return path.startsWith('dist/') && /\.js$/.test(path) && existsSync(path) ? readFileSync(path) : undefined;
  };
  // Records every CSP violation from the first moment, before the bundle runs.
  const watch = `<script nonce="n0nce">window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample + ' ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber));</script>`;
  const page = (
    demoUrl: string | undefined,
    lang = 'en',
  ) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>One tag</title>
${watch}<script type="module" src="/mcp-web-elements.js"></script></head>
<body><main><mcp-chat${demoUrl ? ` server="${demoUrl}"` : ''}></mcp-chat></main></body></html>`;
  server = createServer((req, res) => {
    const file = req.url?.startsWith('/mcp-web-elements.js') || req.url?.startsWith('/chunks/') ? distFile(req.url) : undefined;
    if (file) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
    } else if (req.url?.startsWith('/chunks/')) {
      res.writeHead(404).end();
    } else {
      const demo = new URL(process.env.E2E_DEMO_URL!).origin;
      // /strict: what a careful site sends. No eval, no inline script without the nonce, Trusted Types enforced.
      const csp = req.url?.startsWith('/strict')
        ? {
            'content-security-policy': `default-src 'none'; script-src 'self' 'nonce-n0nce'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ${demo}; require-trusted-types-for 'script'; trusted-types lit-html dompurify`,
          }
        : {};
      // /no-server: a chat without servers; /malformed: the fixture server's malformed tool; /ar: in Arabic.
      const mcp = req.url?.startsWith('/no-server')
        ? undefined
        : req.url?.startsWith('/malformed')
          ? `${fixture.url}/malformed/mcp`
          : process.env.E2E_DEMO_URL!;
      res.writeHead(200, { 'content-type': 'text/html', ...csp }).end(page(mcp, req.url?.startsWith('/ar') ? 'ar' : 'en'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await fixture?.close();
});

test("a tool that breaks the MCP format is named in the Servers panel with zod's reason, in English (the bundle's own zod English)", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/malformed`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByText(/Connected to .* with 1 tool/)).toBeVisible({ timeout: 15_000 });
  await openFromMenu(page, 'Servers');
  await chat.getByText('1 tool of this server cannot be used').click();
  await expect(chat.locator('.invalid-tools li')).toHaveText(
    'numbered-title: It does not follow the MCP tool format at annotations.title: Invalid input: expected string, received number',
  );
  expect(errors).toEqual([]);
});

test('one script tag and <mcp-chat server=...> connect and run a tool without a model', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByText('An open model can answer you here', { exact: false }).first()).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/echo');
  await expect(page.getByRole('option', { name: /echo/i }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByLabel('message *').fill('hello from one tag');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 10_000 });
  // The person ran it: its result is shown without a click.
  await expect(chat.locator('mcp-tool-card [part="result"]').getByText('hello from one tag')).toBeVisible();
  expect(errors).toEqual([]);
});

test('under a strict CSP with Trusted Types: it works, and loading files no violation report and logs no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${origin}/strict`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/echo');
  await expect(page.getByRole('option', { name: /echo/i }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByLabel('message *').fill('hello under CSP');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  expect(errors).toEqual([]);
});

// Issue 17: the bundle loads what the chat needs when it first needs it, from
// chunks beside it (dist/chunks/). What a person's browser requests is checked,
// not sizes (`npm run size` and bench/load.mjs report those). The on-device model's engine
// (wllama) and its consent's code are not in it either (issue 43: the first load did not grow).
const LATER =
  /\/chunks\/(mcp-message|markdown-engine|model|panels|history-panel|mcp-elicit-form|elicit|mcp-sampling-approval|sampling|mcp-app-view|app-bridge|browser-oauth-provider|sdk-oauth|sdk-dpop|page-tool-registry|highlight|run-form|schema-fields|output-validator|task-run|strings-ar|diagnose|resume|wllama-engine|built-in-view)[-.]/;

test('the first load asks only for what connecting needs: markdown, the model code and the panels come when first used', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Every chunk is held back until the frame has painted: the frame must paint
  // from the one file the page asks for, whatever the order the browser runs things in.
  let painted!: () => void;
  const paint = new Promise<void>((resolve) => (painted = resolve));
  await page.route('**/chunks/**', async (route) => {
    await paint;
    await route.continue();
  });
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  // The frame, with a composer one can type in, is painted by the page file alone (issue 42).
  await expect(chat.locator('.mcp-chat-placeholder').getByRole('textbox', { name: 'Message' })).toBeVisible();
  const beforePaint = requested.filter((path) => path.endsWith('.js'));
  painted();
  expect(beforePaint[0]).toBe('/mcp-web-elements.js');
  // The chat's code and the code that connects (the `mcp` chunk) are already on their way
  // by then, asked for at once by the page file, not one after the other.
  expect(beforePaint.slice(1).filter((path) => !/^\/chunks\/(chat|mcp|rolldown-runtime)-[^/]*\.js$/.test(path))).toEqual([]);
  expect(beforePaint.some((path) => /^\/chunks\/mcp-/.test(path))).toBe(true);
  expect(beforePaint.some((path) => /^\/chunks\/chat-/.test(path))).toBe(true);
  await page.waitForFunction(() => Boolean(document.querySelector('mcp-chat')?.shadowRoot?.querySelector('textarea')));
  // The early frame is gone once the chat has drawn itself.
  await expect(chat.locator('.mcp-chat-placeholder')).toHaveCount(0);
  await expect(chat.getByText(/Connected to .* with \d+ tools?/)).toBeVisible({ timeout: 15_000 });
  expect(requested.filter((path) => LATER.test(path))).toEqual([]);
  expect(requested.some((path) => /\/chunks\/mcp-/.test(path))).toBe(true);

  // The first tool result is text: the markdown code loads then.
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/echo');
  await page.keyboard.press('Enter');
  await page.getByLabel('message *').fill('**bold** from one tag');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 10_000 });
  // Rendered as markdown (the result may be folded in its card).
  await expect(chat.locator('mcp-tool-card strong', { hasText: 'bold' }).first()).toBeAttached();
  expect(requested.some((path) => /\/chunks\/markdown-engine-/.test(path))).toBe(true);
  expect(requested.some((path) => /\/chunks\/(model|panels)-/.test(path))).toBe(false);
  // echo has no output schema: the validator of tool output is not loaded for it.
  expect(requested.some((path) => /\/chunks\/output-validator-/.test(path))).toBe(false);

  // A tool with an output schema: the validator loads at its first call, and its answer is checked and shown.
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/weather');
  await expect(page.getByRole('option', { name: /weather/i }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByLabel('city *').fill('Lisbon');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]').nth(1)).toHaveText('Done', { timeout: 10_000 });
  await expect(chat.locator('mcp-tool-card').nth(1)).toContainText('Lisbon');
  expect(requested.some((path) => /\/chunks\/output-validator-/.test(path))).toBe(true);

  // Settings: the panels' code loads when a panel opens.
  await chat.locator('button[part="model"]').first().click();
  await expect(chat.getByRole('complementary')).toContainText(/model/i);
  expect(requested.some((path) => /\/chunks\/panels-/.test(path))).toBe(true);
  expect(errors).toEqual([]);
});

/** The SDK's chunk (`mcp-<hash>.js`, an 8-character hash), not the chunks of the elements whose names start with mcp-. */
const SDK_CHUNK = /\/chunks\/mcp-[A-Za-z0-9_-]{8}\.js$/;

test('a page whose chat has no server fetches no MCP code, not even as a preload (issue 42)', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${origin}/no-server`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)), { timeout: 10_000 })
    .toContain('mcp-elements-history');
  // The preload hint is added, or not, when the page file runs: by now it is in the head if it ever will be.
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l as HTMLLinkElement).href),
  );
  expect(preloads.filter((href) => SDK_CHUNK.test(new URL(href).pathname))).toEqual([]);
  expect(fetched.filter((path) => SDK_CHUNK.test(path))).toEqual([]);
  // The same page with a server preloads it at once, before the chat asks for it.
  await page.goto(`${origin}/`);
  await expect(page.locator('mcp-chat').getByText(/Connected to .* with \d+ tools?/)).toBeVisible({ timeout: 15_000 });
  expect(fetched.filter((path) => SDK_CHUNK.test(path)).length).toBeGreaterThan(0);
});

test('a chat without servers keeps its conversations without the MCP SDK; importing a file loads its check then', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Without servers the SDK is never needed: missing, the conversation store still opens.
  await page.route(SDK_CHUNK, (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.goto(`${origin}/no-server`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)), { timeout: 10_000 })
    .toContain('mcp-elements-history');
  await expect(chat.getByText(/Could not load|will not be saved/)).toHaveCount(0);

  // Importing a conversation file checks it with code loaded for that (zod, beside the SDK).
  await page.unroute(SDK_CHUNK);
  await openFromMenu(page, 'Conversations', chat);
  const now = Date.now();
  const file = {
    format: 'mcp-elements/conversation',
    version: 1,
    exportedAt: new Date(now).toISOString(),
    conversation: { id: 'c1', title: 'From a file', createdAt: now, updatedAt: now, servers: [], metadata: {} },
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hello from a file' }], seq: 1, createdAt: now }],
    activity: [],
  };
  await chat
    .locator('input.import')
    .setInputFiles({ name: 'conversation.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(chat.getByText('hello from a file')).toBeVisible({ timeout: 10_000 });
  // A file that is not an export says why (the panel is still open).
  await chat
    .locator('input.import')
    .setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"something else"}') });
  await expect(chat.getByText(/Not a conversation export/)).toBeVisible({ timeout: 10_000 });
  expect(errors).toEqual([]);
});

test('a part that cannot be loaded (404) is said in words; the rest of the chat keeps working', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(/\/chunks\/(markdown-engine|panels)-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByText(/Connected to .* with \d+ tools?/)).toBeVisible({ timeout: 15_000 });

  // A tool still runs; its text result shows as plain text, and the chat says why.
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/echo');
  await page.keyboard.press('Enter');
  await page.getByLabel('message *').fill('**still readable**');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 10_000 });
  await expect(chat.locator('mcp-tool-card [part="result"]').getByText('**still readable**')).toBeVisible();
  await expect(
    chat
      .getByRole('alert')
      .filter({ hasText: 'Could not load the part of the chat that formats text (markdown). Check your connection and try again.' }),
  ).toBeVisible();

  // A panel that cannot be loaded says so and offers to try again, which works once the file is there.
  await chat.locator('button[part="model"]').first().click();
  const panel = chat.getByRole('complementary');
  await expect(panel.getByRole('alert')).toContainText(
    'Could not load the part of the chat that shows this panel. Check your connection and try again.',
  );
  await page.unroute(/\/chunks\/(markdown-engine|panels)-[^/]*\.js$/);
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel).toContainText(/model/i);

  // The composer still works.
  await chat.getByRole('textbox', { name: 'Message' }).fill('typed');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveValue('typed');
  expect(errors).toEqual([]);
});

test('when the form of a picked tool cannot be loaded, the chat says so; picking it again once the file is there shows the form', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(/\/chunks\/run-form-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByText(/Connected to .* with \d+ tools?/)).toBeVisible({ timeout: 15_000 });
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.click();
  await page.keyboard.type('/echo');
  await page.keyboard.press('Enter');
  await expect(
    chat.getByRole('alert').filter({
      hasText: 'Could not load the part of the chat that shows the form of a tool or prompt. Check your connection and try again.',
    }),
  ).toBeVisible();
  await expect(chat.locator('[part="run-form"]')).toHaveCount(0);

  await page.unroute(/\/chunks\/run-form-[^/]*\.js$/);
  await composer.click();
  await page.keyboard.type('/echo');
  await page.keyboard.press('Enter');
  await page.getByLabel('message *').fill('after all');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 10_000 });
  expect(errors).toEqual([]);
});

test('when the code that connects cannot be loaded, the chat is drawn, names the server as not available and Retry connects', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(/\/chunks\/mcp-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
  const problem = chat.locator('[part~="server-problems"]');
  await expect(problem).toContainText(
    'Could not load the part of the chat that connects to servers. Check your connection and try again.',
    { timeout: 15_000 },
  );
  await page.unroute(/\/chunks\/mcp-[^/]*\.js$/);
  await problem.getByRole('button', { name: /^Retry/ }).click();
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('a page in Arabic: the chat loads its Arabic text beside the bundle and is drawn in Arabic from the start', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/ar`);
  const chat = page.locator('mcp-chat');
  await page.waitForFunction(() => Boolean(document.querySelector('mcp-chat')?.shadowRoot?.querySelector('textarea')));
  // The first frame is already Arabic: the chat waits for its text rather than show English.
  expect(await chat.evaluate((el) => el.shadowRoot!.querySelector('[part~="send-button"]')!.getAttribute('aria-label'))).toBe('إرسال');
  await expect(chat.getByRole('textbox', { name: 'رسالة' })).toBeVisible();
  expect(requested.some((path) => /\/chunks\/strings-ar-/.test(path))).toBe(true);
  // The server's state is said in Arabic too ("connected": متصل).
  await expect(chat.getByRole('button', { name: /: متصل$/ })).toBeVisible({ timeout: 15_000 });
  expect(errors).toEqual([]);
});

/** Gives the chat on the page the fake OpenAI provider (as a page would: the `provider` property). */
async function useFakeModel(page: import('@playwright/test').Page): Promise<void> {
  await page.locator('mcp-chat').evaluate((el, baseUrl) => {
    (el as unknown as { provider: unknown }).provider = { kind: 'openai', baseUrl, model: 'gpt-4o-mini', apiKey: 'test-key' };
  }, process.env.E2E_OPENAI_URL!);
}

const MODEL_CHUNK = /\/chunks\/model-[^/]*\.js$/;

test('a chat with a model and no server answers without loading MCP code or a JSON Schema validator (issue 42)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${origin}/no-server`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await useFakeModel(page);
  await chat.getByRole('textbox', { name: 'Message' }).fill('Say hello');
  await page.keyboard.press('Enter');
  // The fake provider echoes the message it answers.
  await expect(chat.locator('[part~="message"]').last()).toContainText(/hello/i, { timeout: 15_000 });
  expect(fetched.some((path) => MODEL_CHUNK.test(path))).toBe(true);
  expect(fetched.filter((path) => SDK_CHUNK.test(path) || /\/chunks\/(output-validator|structured-output-check)-/.test(path))).toEqual([]);
  expect(errors).toEqual([]);
});

test('messages sent while the turn code loads are kept in order and answered once it has loaded', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(MODEL_CHUNK, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByText(/Connected to .* with \d+ tools?/)).toBeVisible({ timeout: 15_000 });
  await useFakeModel(page);
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill('first question');
  await composer.press('Enter');
  await composer.fill('second question');
  await composer.press('Enter');
  const mine = chat.locator('[part~="user-message"]');
  await expect(mine).toHaveText([/first question/, /second question/]);
  // The turn code is asked for once (the first turn may first wait for its servers).
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(1);
  release();
  // One turn, and the model was sent both, in order (the fake echoes the person's last turn).
  await expect(chat.locator('[part~="assistant-message"]')).toHaveText([/Echo: first question\s+second question/], { timeout: 15_000 });
  await expect(mine).toHaveText([/first question/, /second question/]);
  expect(errors).toEqual([]);
});

test('when the turn code cannot be loaded, the chat says so, keeps the message, and the next message once it is there is answered', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(MODEL_CHUNK, (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByText(/Connected to .* with \d+ tools?/)).toBeVisible({ timeout: 15_000 });
  await useFakeModel(page);
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill('are you there');
  await composer.press('Enter');
  await expect(
    chat
      .getByRole('alert')
      .filter({ hasText: 'Could not load the part of the chat that talks to the model. Check your connection and try again.' }),
  ).toBeVisible();
  await expect(chat.locator('[part~="user-message"]')).toHaveText([/are you there/]);
  // Not busy: the person can send again.
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.unroute(MODEL_CHUNK);
  await composer.fill('and now');
  await composer.press('Enter');
  // The model is sent both messages: the one whose turn could not start is not lost.
  await expect(chat.locator('[part~="assistant-message"]')).toHaveText([/Echo: are you there\s+and now/], { timeout: 15_000 });
  await expect(chat.locator('[part~="user-message"]')).toHaveText([/are you there/, /and now/]);
  expect(errors).toEqual([]);
});

test("the chat chunk begins with V8's compile hint, so its functions are compiled off the main thread while it loads (issue 28)", () => {
  // docs/performance.md, "Issue 28, third round": the first paint's main thread did 11-16 % less with it.
  const file = readdirSync('dist/chunks').find((name) => /^chat-[^/]*\.js$/.test(name));
  expect(file).toBeDefined();
  const [first] = readFileSync(`dist/chunks/${file}`, 'utf8').split('\n', 1);
  expect(first).toBe('//# allFunctionsCalledOnLoad');
});

test('text typed in the early frame is kept, with the focus, when the chat takes over (issue 42)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The chat's code is held back until the person has typed in the frame.
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/chunks/chat-*.js', async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(`${origin}/`);
  const chat = page.locator('mcp-chat');
  const early = chat.locator('.mcp-chat-placeholder').getByRole('textbox', { name: 'Message' });
  await early.click();
  await page.keyboard.type('Hello from the first second');
  release();
  const composer = chat.locator('textarea.input');
  await expect(composer).toHaveValue('Hello from the first second');
  await expect(composer).toBeFocused();
  await expect(chat.locator('.mcp-chat-placeholder')).toHaveCount(0);
  // Typing goes on in the chat's own composer.
  await page.keyboard.type('!');
  await expect(composer).toHaveValue('Hello from the first second!');
  expect(errors).toEqual([]);
});
