import { expect, test } from '@playwright/test';
import { distFile, startSite, startTinyModel, useTinyOpenModel, type Site, type TinyModel } from './dist-site.js';
import { startAuthFixture, type AuthFixture } from '../fixtures/auth-server/server.js';
import { startTasksServer } from '../servers/tasks-server.js';
import type { RunningServer } from '../servers/running-server.js';

// Issue 37, item 5: the single-file bundle tested as shipped. vite.bundle.config.ts makes
// dist/mcp-web-elements.js a different program from the source the other tests load (the SDK's
// JSON Schema validator and OAuth flow split off, zod's JSON Schema output and English swapped,
// the css templates minified, the engine's wasm path rewritten), so each part those rewrites
// touch is driven here through the bundle, in one page: the on-device engine finds its wasm (the
// default open model, the generated tiny model), a tool with an `outputSchema` (validated),
// a form elicitation (answered), a sampling approval (approved and sent), a task (its result
// lands), a 403 step-up sign-in (test/fixtures/auth-server: `write-note` needs scope mcp:write),
// and the look of the elicitation form against its baseline (the minified css).
// `npm test` builds dist/ first (scripts/test.mjs); by hand: `npm run build`.

let site: Site;
let tiny: TinyModel;
let tasks: RunningServer;
let notes: AuthFixture;
let servers: Array<{ url: string; name: string; auth?: object }>;

test.beforeAll(async () => {
  [tiny, tasks, notes] = await Promise.all([startTinyModel(), startTasksServer(), startAuthFixture()]);
  servers = [
    { url: process.env.E2E_DEMO_URL!, name: 'Demo' },
    { url: tasks.url, name: 'Tasks' },
    { url: notes.mcpUrl, name: 'Notes', auth: { redirectUrl: '/callback.html', clientName: 'bundle as shipped' } },
  ];
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The bundle as shipped</title>
<script type="module" src="/mcp-web-elements.js"></script>
<style>:root { --mcp-font-family: 'Liberation Sans', sans-serif; --mcp-font-mono: 'Liberation Mono', monospace; } body { margin: 0; } mcp-chat { --mcp-chat-height: 640px; }</style></head>
<body><main><mcp-chat></mcp-chat></main>
<script type="module">
  await customElements.whenDefined('mcp-chat');
  const chat = document.querySelector('mcp-chat');
  chat.store = null;
</script></body></html>`;
  const callback = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head>
<body><p id="status" role="status">Finishing sign-in…</p>
<script type="module">import { handleOAuthCallback } from '/mcp/oauth/callback.js'; handleOAuthCallback();</script></body></html>`;
  site = await startSite((path) => {
    if (path === '/mcp-web-elements.js' || path.startsWith('/chunks/') || path === '/mcp/oauth/callback.js') return distFile(path);
    if (path === '/callback.html') return { html: callback };
    return path === '/' ? { html: page } : undefined;
  });
});

test.afterAll(async () => {
  await Promise.allSettled([site?.close(), tiny?.models.close(), tasks?.close(), notes?.close()]);
});

test('through dist/mcp-web-elements.js: the engine wasm, structured output, a form, sampling, a task, a 403 step-up sign-in, and the look', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.setViewportSize({ width: 1280, height: 720 });
  const modelUrl = `${tiny.models.url}/m/as-shipped-${Date.now().toString(36)}/tiny-model.gguf`;
  const wasm = await useTinyOpenModel(page, tiny, modelUrl);
  await page.goto(`${site.origin}/`);
  const chat = page.locator('mcp-chat');
  const composer = chat.getByRole('textbox', { name: 'Message' });
  const card = (tool: string) => chat.locator('mcp-tool-card').filter({ hasText: tool }).last();
  const status = (tool: string) => card(tool).locator('[part="status"]');

  // The on-device engine, before any server is added (so the tiny model, whose weights are noise, has no
  // tool to call): with no model set up, the default open model is offered; after the click the engine
  // loads the wasm from the address the bundle was built with (jsDelivr, the dependency's version), and
  // the model answers.
  await composer.fill('Hello');
  await composer.press('Enter');
  const consent = chat.locator('[part="model-reply"]');
  await consent.getByRole('button', { name: /^Download / }).click({ timeout: 30_000 });
  await wasm.served;
  // The turn ends with the model's answer (noise: its text is not checked).
  await expect(chat.getByRole('button', { name: 'Send', exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(chat.locator('[part~="assistant-message"]')).toHaveCount(1);
  await expect(consent).toHaveCount(0);
  expect(wasm.asked()).toBe(1);
  expect(tiny.models.requests.get(`GET ${new URL(modelUrl).pathname}`)).toBe(1);

  await chat.evaluate((el, list) => {
    (el as unknown as { servers: unknown }).servers = list;
  }, servers);
  await expect(chat.getByRole('button', { name: /^Demo \(.*\): connected$/ })).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByRole('button', { name: /^Tasks \(.*\): connected$/ })).toBeVisible({ timeout: 15_000 });

  // From here on the fake OpenAI provider, which runs the tools a message names (`[[tool:name {args}]]`).
  await chat.evaluate((el, baseUrl) => {
    (el as unknown as { provider: unknown }).provider = { kind: 'openai', baseUrl, model: 'gpt-4o-mini', apiKey: 'test-key' };
  }, process.env.E2E_OPENAI_URL!);
  const send = async (text: string) => {
    await expect(chat.getByRole('button', { name: 'Send', exact: true })).toBeVisible({ timeout: 30_000 });
    await composer.fill(text);
    await composer.press('Enter');
  };

  // Structured output: weather declares an outputSchema; the SDK validates its answer with the
  // validator loaded then (the `output-validator` chunk), and the card shows the structured result.
  await send('[[tool:weather {"city":"Lisbon"}]]');
  await expect(status('Weather')).toHaveText('Done', { timeout: 15_000 });
  await card('Weather').locator('summary').first().click();
  await expect(card('Weather').locator('[part="structured"]')).toContainText('Lisbon');
  expect(requested.some((path) => /^\/chunks\/output-validator-[^/]*\.js$/.test(path))).toBe(true);

  // A form elicitation: the form (its look against the baseline), answered, reaches the server typed.
  await send('[[tool:register-form]]');
  const form = chat.locator('mcp-elicit-form');
  await expect(form.getByRole('textbox', { name: /Full name/ })).toBeFocused({ timeout: 15_000 });
  // The page as a person sees it then (chat-look.css: one width for what holds a port or the clock).
  await expect(page).toHaveScreenshot('form-1280.png', {
    maxDiffPixelRatio: 0.002,
    stylePath: 'test/e2e/chat-look.css',
    mask: [chat.locator('[part~="server-address"]')],
  });
  await form.getByRole('textbox', { name: /Full name/ }).fill('Ada Lovelace');
  await form.getByRole('textbox', { name: /Email/ }).fill('ada@example.org');
  await form.getByRole('spinbutton', { name: /Age/ }).fill('36');
  await form.getByRole('combobox', { name: /Plan/ }).selectOption({ label: 'Pro ($10 a month)' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toHaveCount(0);
  await expect(status('Registration form')).toHaveText('Done', { timeout: 15_000 });
  await card('Registration form').locator('summary').first().click();
  await expect(card('Registration form').locator('[part="structured"]')).toContainText('Ada Lovelace');

  // A sampling request from a tool: approved, the model's answer reviewed and sent back to the server.
  await send('[[tool:ask-model {"question":"Say it [[say:forty-two]]"}]]');
  const approval = chat.locator('mcp-sampling-approval');
  await approval.locator('[part~="approve-button"]').click({ timeout: 15_000 });
  await approval.locator('[part~="send-button"]').click({ timeout: 15_000 });
  await expect(approval).toHaveCount(0);
  await expect(status('Ask the model')).toHaveText('Done', { timeout: 15_000 });

  // A task (the 2026 tasks extension): its result lands in the call's card.
  await send('[[tool:report {"steps":3}]]');
  // The tool says nothing of what it does (no read-only hint): the chat asks first.
  await card('report').getByRole('button', { name: 'Approve', exact: true }).click({ timeout: 15_000 });
  await expect(status('report')).toHaveText('Done', { timeout: 20_000 });
  await card('report').locator('summary').first().click();
  await expect(card('report').locator('[part="result"]')).toContainText('Report of 3 steps ready.');

  // Sign-in from the OAuth chunk, then a 403 insufficient_scope on write-note: the chat asks to sign
  // in again, the new sign-in asks for the larger scope, and the call then goes through with it.
  const signIn = chat.getByRole('button', { name: 'Sign in to Notes' }).first();
  await signIn.click({ timeout: 15_000 });
  await expect(chat.getByRole('button', { name: /^Notes \(.*\): connected$/ })).toBeVisible({ timeout: 15_000 });
  await send('[[tool:write-note {"text":"hello"}]]');
  await card('write-note').getByRole('button', { name: 'Approve', exact: true }).click({ timeout: 15_000 });
  await chat.getByRole('button', { name: 'Sign in to Notes' }).first().click({ timeout: 15_000 });
  await expect(chat.getByRole('button', { name: /^Notes \(.*\): connected$/ })).toBeVisible({ timeout: 15_000 });
  await send('[[tool:write-note {"text":"hello again"}]]');
  await card('write-note').getByRole('button', { name: 'Approve', exact: true }).click({ timeout: 15_000 });
  await expect(status('write-note')).toHaveText('Done', { timeout: 15_000 });
  await card('write-note').locator('summary').first().click();
  await expect(card('write-note').locator('[part="result"]')).toContainText('Saved "hello again" with scope mcp:read mcp:write');
  // Two sign-ins: the first for the metadata's scope, the second (the step-up) for the 403's larger one.
  const log = (await (await fetch(`${notes.issuer}/test/log`)).json()) as { authorizations: Array<{ scope?: string }> };
  expect(log.authorizations.map((a) => a.scope)).toEqual(['mcp:read', 'mcp:read mcp:write']);
  expect(requested.some((path) => /^\/chunks\/sdk-oauth-[^/]*\.js$/.test(path))).toBe(true);

  expect(errors).toEqual([]);
});
