import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain JS helper shared with vitest.config.ts
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { distFile, startSite, startTinyModel, useTinyOpenModel, type Site, type TinyModel } from './dist-site.js';

// Issue 43, "done when": a page with nothing but the single-file bundle's script tag and
// <mcp-chat server="…">, in a Chromium with no built-in model, offers the default open model
// with its size, downloads it after one click, checks its hash, and answers a message with a
// tool call. No model can come from the hub here: the test configuration (an init script, not
// the page) points the default source at the generated tiny model on 127.0.0.1, with its own
// size and SHA-256 (`mcpWebElementsDefaultModel`), and answers the bundle's request for the
// engine's WebAssembly file on jsDelivr with the dependency's file (no internet here).
// Both with and without WebGPU (a SwiftShader adapter, flags in ENVIRONMENT.md): wllama 3.13 asks for
// WebGPU and falls back to WebAssembly without an adapter; the chat must load and answer in both.

let site: Site;
let tiny: TinyModel;

test.beforeAll(async () => {
  tiny = await startTinyModel();
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>One tag</title>
<script type="module" src="/mcp-web-elements.js"></script></head>
<body><main><mcp-chat server="${process.env.E2E_DEMO_URL}"></mcp-chat></main></body></html>`;
  site = await startSite((path) => (path === '/' ? { html: page } : path.endsWith('.js') ? distFile(path) : undefined));
});

test.afterAll(async () => {
  await site.close();
  await tiny.models.close();
});

async function offerDownloadAnswer(page: Page, tag: string, webGpu: boolean) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const modelUrl = `${tiny.models.url}/m/bundle-${tag}-${Date.now().toString(36)}/tiny-model.gguf`;
  const wasm = await useTinyOpenModel(page, tiny, modelUrl);
  await page.goto(`${site.origin}/`);
  expect(
    await page.evaluate(async () =>
      Boolean(await (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu?.requestAdapter()),
    ),
  ).toBe(webGpu);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await chat.getByRole('textbox', { name: 'Message' }).fill('Echo hello');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  const consent = chat.locator('[part="model-reply"]');
  const size = `${Math.round(tiny.size / 1000)} kB`;
  await expect(consent).toContainText(`a one-time download of ${size} from ${new URL(tiny.models.url).host}`, { timeout: 30_000 });
  await expect(consent).toContainText('It stays on this device and works offline afterwards.');
  // Nothing was fetched before the click.
  expect(tiny.models.requests.get(`GET ${new URL(modelUrl).pathname}`) ?? 0).toBe(0);
  await consent.getByRole('button', { name: `Download ${size}` }).click();
  // Downloaded once, checked, loaded on the engine, and the kept message is answered with a call of a demo tool.
  await expect(chat.locator('mcp-tool-card').first()).toBeVisible({ timeout: 90_000 });
  expect(tiny.models.requests.get(`GET ${new URL(modelUrl).pathname}`)).toBe(1);
  expect(wasm.asked()).toBe(1);
  await expect(consent).toHaveCount(0);
  expect(errors).toEqual([]);
}

test.describe('without WebGPU', () => {
  test('one script tag and <mcp-chat server>: the default open model is offered with its size, downloaded after one click, checked, and answers with a tool call', async ({
    page,
  }) => {
    await offerDownloadAnswer(page, 'nogpu', false);
  });
});

test.describe('with WebGPU (SwiftShader)', () => {
  test('the same page loads the engine and answers where WebGPU is present', async ({ playwright }) => {
    const browser = await playwright.chromium.launch({
      executablePath: chromiumExecutable(),
      args: ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-angle=swiftshader', '--use-webgpu-adapter=swiftshader'],
    });
    try {
      await offerDownloadAnswer(await browser.newPage(), 'gpu', true);
    } finally {
      await browser.close();
    }
  });
});
