// `npm run eval:models:on-device`: the eval's tasks (demo/eval/tasks.ts) with the
// on-device open model (wllama, WASM, in a worker) in headless Chromium, on
// demo/models-eval.html?model=URL. Not in CI.
//
// With no `--model`, the model is the tiny random-weight GGUF that
// scripts/make-tiny-model.mjs writes (the one the tests use): the run then
// checks the pipeline (download, cache, engine, grammar-constrained tool
// calls, rounds, time) and says NOTHING about model quality: random weights
// choose among the calls the grammar allows. Give a real model with
//   npm run eval:models:on-device -- --model https://host/qwen2.5-0.5b-instruct-q4_k_m.gguf
// (served with CORS and Content-Length; see docs/models.md), and the context the
// engine is asked for with `--context TOKENS` (the provider's default: 4096).
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { chromiumExecutable } from './chromium.mjs';
import { makeTinyModel } from './make-tiny-model.mjs';
import { startDemoServer } from '../demo/server/server.ts';
import { startEverything } from '../test/servers/everything.ts';
import { startModelFileServer } from '../test/servers/model-file-server.ts';
import { freePort } from '../test/servers/running-server.ts';

const { values } = parseArgs({
  options: { model: { type: 'string' }, context: { type: 'string' }, timeout: { type: 'string', default: '1800' } },
});
const started = [];
let browser;
try {
  const demo = await startDemoServer({ port: 0 });
  started.push(demo);
  const everything = await startEverything();
  started.push(everything);
  let modelUrl = values.model;
  if (!modelUrl) {
    const files = await startModelFileServer([{ path: 'tiny-model.gguf', data: makeTinyModel() }]);
    started.push(files);
    modelUrl = `${files.url}/eval/tiny-model.gguf`;
  }
  const port = await freePort();
  process.env.DEMO_PAGE_PORT = String(port);
  const vite = await createServer({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, logLevel: 'warn' });
  await vite.listen();
  started.push({ close: () => vite.close() });

  browser = await chromium.launch({ executablePath: chromiumExecutable() });
  const page = await browser.newPage();
  const params = new URLSearchParams({
    model: modelUrl,
    demo: demo.url,
    everything: everything.url,
    ...(values.context ? { context: values.context } : {}),
  });
  await page.goto(`http://127.0.0.1:${port}/models-eval.html?${params}`);
  const status = page.locator('#status');
  await page
    .locator('#download')
    .waitFor({ state: 'visible', timeout: 60_000 })
    .catch(() => {});
  if (await page.locator('#download').isVisible()) await page.locator('#download').click();
  await status.filter({ hasText: /^(cached|ready)/ }).waitFor({ timeout: 600_000 });
  console.log(`model: ${await status.textContent()}`);
  await page.locator('#run').click();
  const out = page.locator('#out');
  await out.filter({ hasText: '| task |' }).waitFor({ timeout: Number(values.timeout) * 1000 });
  console.log((await out.textContent()).trim());
} finally {
  await browser?.close();
  await Promise.allSettled(started.reverse().map((s) => s.close()));
}
