#!/usr/bin/env node
// A/B of the MCP layer's cost per call in Chromium (issue 42, item 4): McpConnection of two
// checkouts (A, B), each page served by Vite from its own checkout (bench/connection/index.html),
// and the bare SDK Client (A's page), in one headless Chromium, on one demo server. As
// bench/connection.mjs measures: blocks of BLOCK echo calls of one side at a time (the three
// sides' order rotating block by block, a warm-up block each), CPU per call (the renderer main
// thread's RunTask thread time in a DevTools trace) and bytes allocated per call (a 1 KB sampling
// heap profile, objects collected by GCs kept); medians of BLOCKS blocks, B/A block by block.
// Run: A=/work/main B=. node --import tsx bench/profile/connection-ab-chromium.mjs [legacy|modern …]
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { startDemoServer } from '../../demo/server/server.ts';
import { reportAB } from '../lib/ab-report.mjs';

const BLOCK = Number(process.env.BLOCK ?? 50);
const BLOCKS = Number(process.env.BLOCKS ?? 8);
const eras = process.argv.slice(2).length ? process.argv.slice(2) : ['legacy', 'modern'];
const roots = { A: resolve(process.env.A ?? '/work/main'), B: resolve(process.env.B ?? '.') };
const SAMPLING = { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
const profileBytes = (node) => node.selfSize + node.children.reduce((s, c) => s + profileBytes(c), 0);

const demo = await startDemoServer({ port: 0 });
const servers = [];
const browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
console.log(
  `A = ${roots.A}\nB = ${roots.B}\n${BLOCKS} blocks of ${BLOCK} calls per side, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  const pages = {};
  for (const name of ['A', 'B']) {
    const vite = await createServer({
      root: roots[name],
      configFile: false,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    });
    await vite.listen();
    servers.push(vite);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${vite.httpServer.address().port}/bench/connection/index.html`);
    await page.waitForFunction(() => typeof window.costSides === 'function', undefined, { timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    pages[name] = { page, cdp };
  }
  const run = ({ page }, side, n) =>
    page.evaluate(([side, n]) => (console.timeStamp('cost-block'), window.__cost.block(side, n)), [side, n]);
  const cpu = async (where, side, n) => {
    const { cdp } = where;
    const events = [];
    const collect = (e) => events.push(...e.value);
    cdp.on('Tracing.dataCollected', collect);
    const finished = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.start', {
      categories: 'disabled-by-default-devtools.timeline,devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await run(where, side, n);
    await cdp.send('Tracing.end');
    await finished;
    cdp.off('Tracing.dataCollected', collect);
    const mark = events.find((e) => e.name === 'TimeStamp');
    return events
      .filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.name === 'RunTask' && e.ph === 'X')
      .reduce((s, e) => s + (e.tdur ?? 0), 0);
  };
  const heap = async (where, side, n) => {
    await where.cdp.send('HeapProfiler.startSampling', SAMPLING);
    await run(where, side, n);
    const { profile } = await where.cdp.send('HeapProfiler.stopSampling');
    return profileBytes(profile.head);
  };
  const sides = { A: [pages.A, 'ours'], B: [pages.B, 'ours'], bare: [pages.A, 'bare'] };
  for (const era of eras) {
    for (const { page } of Object.values(pages))
      await page.evaluate(async ([url, era]) => (window.__cost = await window.costSides(url, era)).era.ours, [demo.url, era]);
    const figures = { A: { cpu: [], heap: [] }, B: { cpu: [], heap: [] }, bare: { cpu: [], heap: [] } };
    const names = ['A', 'B', 'bare'];
    for (let block = -1; block < BLOCKS; block++) {
      for (const side of names.map((_, i) => names[(i + block + 3) % 3])) {
        const c = await cpu(...sides[side], BLOCK);
        const h = await heap(...sides[side], BLOCK);
        if (block < 0) continue;
        figures[side].cpu.push(c / BLOCK);
        figures[side].heap.push(h / BLOCK / 1024);
      }
    }
    const ratio = reportAB(`${era} era, Chromium`, figures);
    for (const { page } of Object.values(pages)) await page.evaluate(() => window.__cost.close());
  }
} finally {
  await browser.close();
  for (const vite of servers) await vite.close();
  await demo.close();
}
