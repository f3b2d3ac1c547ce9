import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain JS script (also run by hand: node scripts/make-tiny-model.mjs)
import { makeTinyModel } from '../../scripts/make-tiny-model.mjs';
// @ts-expect-error plain JS helper shared with vitest.config.ts
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { startModelFileServer, type ModelFileServer } from '../servers/model-file-server.js';

// Issue 43, "done when": a page with nothing but the single-file bundle's script tag and
// <mcp-chat server="…">, in a Chromium with no built-in model, offers the default open model
// with its size, downloads it after one click, checks its hash, and answers a message with a
// tool call. No model can come from the hub here: the test configuration (an init script, not
// the page) points the default source at the generated tiny model on 127.0.0.1, with its own
// size and SHA-256 (`mcpWebElementsDefaultModel`), and answers the bundle's request for the
// engine's WebAssembly file on jsDelivr with the dependency's file (no internet here).
// Both with and without WebGPU (a SwiftShader adapter, flags in ENVIRONMENT.md): wllama 3.8 runs
// on WebAssembly in both, and the chat must load and answer in both.

let site: Server;
let origin = '';
let models: ModelFileServer;
const tiny: Uint8Array = makeTinyModel();
const sha256 = createHash('sha256').update(tiny).digest('hex');
const wasm = readFileSync('node_modules/@wllama/wllama/esm/wasm/wllama.wasm');

test.beforeAll(async () => {
  models = await startModelFileServer([{ path: 'tiny-model.gguf', data: tiny }]);
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>One tag</title>
<script type="module" src="/mcp-web-elements.js"></script></head>
<body><main><mcp-chat server="${process.env.E2E_DEMO_URL}"></mcp-chat></main></body></html>`;
  site = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const path = normalize(join('dist', pathname));
    if (path.startsWith('dist/') && path.endsWith('.js') && existsSync(path)) res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(path));
    else if (pathname === '/') res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await models.close();
});

/** The test configuration: the default source on 127.0.0.1, and jsDelivr's copy of the engine's wasm answered locally. */
async function configure(page: Page, modelUrl: string) {
  await page.addInitScript((model) => Object.assign(globalThis, { mcpWebElementsDefaultModel: model }), { url: modelUrl, size: tiny.length, sha256, label: 'Tiny test model' });
  let wasmAsked = 0;
  await page.route(/^https:\/\/cdn\.jsdelivr\.net\/npm\/@wllama\/wllama@[\d.]+\/esm\/wasm\/wllama\.wasm$/, (route) => {
    wasmAsked += 1;
    return route.fulfill({ status: 200, contentType: 'application/wasm', body: wasm });
  });
  return () => wasmAsked;
}

async function offerDownloadAnswer(page: Page, tag: string, webGpu: boolean) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const modelUrl = `${models.url}/m/bundle-${tag}-${Date.now().toString(36)}/tiny-model.gguf`;
  const wasmAsked = await configure(page, modelUrl);
  await page.goto(`${origin}/`);
  expect(await page.evaluate(async () => Boolean(await (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu?.requestAdapter()))).toBe(webGpu);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await chat.getByRole('textbox', { name: 'Message' }).fill('Echo hello');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  const consent = chat.locator('[part="model-reply"]');
  const size = `${Math.round(tiny.length / 1000)} kB`;
  await expect(consent).toContainText(`a one-time download of ${size} from ${new URL(models.url).host}`, { timeout: 30_000 });
  await expect(consent).toContainText('It stays on this device and works offline afterwards.');
  // Nothing was fetched before the click.
  expect(models.requests.get(`GET ${new URL(modelUrl).pathname}`) ?? 0).toBe(0);
  await consent.getByRole('button', { name: `Download ${size}` }).click();
  // Downloaded once, checked, loaded on the engine, and the kept message is answered with a call of a demo tool.
  await expect(chat.locator('mcp-tool-card').first()).toBeVisible({ timeout: 90_000 });
  expect(models.requests.get(`GET ${new URL(modelUrl).pathname}`)).toBe(1);
  expect(wasmAsked()).toBe(1);
  await expect(consent).toHaveCount(0);
  expect(errors).toEqual([]);
}

test.describe('without WebGPU', () => {
  test('one script tag and <mcp-chat server>: the default open model is offered with its size, downloaded after one click, checked, and answers with a tool call', async ({ page }) => {
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
