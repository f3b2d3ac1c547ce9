#!/usr/bin/env node
// The MCP layer's overhead (prints figures; not a test). 500 sequential `echo`
// calls through McpConnection and through a bare SDK Client on the same demo
// server (127.0.0.1, a free port), in Node and in headless Chromium (the page
// served by Vite), in each protocol era (2025 sessions, 2026 stateless). The bare
// Client gets the same client info and capabilities (sdkClientOptions), so both send
// the same messages. Warm-up of 50 calls each, then 3 runs in which the two are
// interleaved call by call (the order swapping each call), so a busy moment of a
// shared machine weighs on both alike; medians, spread and the ratio
// McpConnection / bare Client (goal: ≤ 1.05); also the median single call of
// each side (less moved by a busy moment than a total; in Chromium
// performance.now() is rounded to 0.1 ms, so the per-call figure has that grain).
// Run: node --import tsx bench/connection.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { startDemoServer } from '../demo/server/server.ts';
import { connectionBench } from './connection/run.ts';
import { fmt, median, spread } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CALLS = 500;
const RUNS = 3;

function report(where, figures) {
  const ratio = median(figures.ours) / median(figures.bare);
  console.log(`${CALLS} sequential echo calls, ${where} (${figures.era.ours ?? '?'} era; bare client: ${figures.era.bare ?? '?'}):`);
  console.log(`  McpConnection     ${spread(figures.ours)}, ${fmt(median(figures.ours) / CALLS, 2)} ms per call`);
  console.log(`  bare SDK Client   ${spread(figures.bare)}, ${fmt(median(figures.bare) / CALLS, 2)} ms per call`);
  console.log(`  ratio McpConnection / bare Client: ${fmt(ratio, 3)} (goal ≤ 1.05)`);
  // The same calls, each on its own: the median call is not moved by a busy moment of the machine as a total is.
  const perCall = median(figures.oursCalls) / median(figures.bareCalls);
  console.log(`  per call (median of ${figures.oursCalls.length.toLocaleString('en-US')}): ${fmt(median(figures.oursCalls), 2)} ms vs ${fmt(median(figures.bareCalls), 2)} ms, ratio ${fmt(perCall, 3)}`);
}

const demo = await startDemoServer({ port: 0 });
const vite = await createServer({ root, configFile: false, logLevel: 'error', server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false } });
let browser;
try {
  for (const era of ['legacy', 'modern']) report('Node', await connectionBench(demo.url, era, CALLS, RUNS));
  await vite.listen();
  const { port } = vite.httpServer.address();
  browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/bench/connection/index.html`);
  await page.waitForFunction(() => typeof window.connectionBench === 'function', undefined, { timeout: 60_000 });
  for (const era of ['legacy', 'modern']) {
    const figures = await page.evaluate(([url, era, calls, runs]) => window.connectionBench(url, era, calls, runs), [demo.url, era, CALLS, RUNS]);
    report('Chromium', figures);
  }
} finally {
  await browser?.close();
  await vite.close();
  await demo.close();
}
