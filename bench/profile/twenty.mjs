#!/usr/bin/env node
// load.mjs's "twenty servers, all connected" and "connected + tools, one server"
// (issue 42), for one or more builds of the bundle and the floor, with what
// each run cost the page's main thread, how many Lit updates <mcp-chat> did,
// and (PROFILE=1) where that main thread's time went.
//
// The pages, servers and readiness checks are load.mjs's: twenty demo servers
// (each its own origin) set as the chat's `servers`, ready when every server
// chip says "connected"; the floor (bench/load/floor.ts) with twenty bare SDK
// Clients, ready at "20 connected". ONE=1 measures the one-server figure
// instead (ready at "Connected to … with N tools"). A fresh browser context
// per run (empty cache), scripts gzip-compressed, the sides alternating
// (A B floor, floor B A, …) so a busy moment of the shared machine weighs on all.
// Per side: navigation to ready (median, min–max), the renderer's main-thread
// work over that time (CDP Performance.getMetrics TaskDuration, as load.mjs),
// and the number of `performUpdate` calls of <mcp-chat> (counted from an init
// script that wraps the element's prototype chain before it is defined); the
// run-by-run ratios against the first side and against the floor.
// CPU=1: also the thread time of the renderer main thread's tasks until ready
// (a DevTools trace: what the page ran, not how long it waited for a core;
// steadier than TaskDuration on a busy machine).
// PROFILE=1: a CPU profile (CDP Profiler, SAMPLE_US µs) of each run of each
// side, from navigation to ready: self time by source module (through the
// build's source maps) and by function, per run.
// Run: DISTS="dist-a dist" RUNS=7 node --import tsx bench/profile/twenty.mjs
// (DISTS: directories holding a built mcp-web-elements.js and chunks/, default dist)
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { build } from 'vite';
import { startDemoServer } from '../../demo/server/server.ts';
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { alternateSides } from '../lib/profile-runs.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 7);
const WARMUP = Number(process.env.WARMUP ?? 1);
const SAMPLE_US = Number(process.env.SAMPLE_US ?? 200);
const PROFILE = Boolean(process.env.PROFILE);
const ONE = Boolean(process.env.ONE);
const CPU = Boolean(process.env.CPU);
const dists = (process.env.DISTS ?? 'dist')
  .split(/\s+/)
  .filter(Boolean)
  .map((d) => resolve(root, d));

// The floor, built as load.mjs builds it.
const floorDir = join(root, '.tmp/bench-floor-twenty');
rmSync(floorDir, { recursive: true, force: true });
await build({
  root,
  configFile: false,
  logLevel: 'error',
  build: {
    outDir: floorDir,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: { entry: join(root, 'bench/load/floor.ts'), formats: ['es'], fileName: () => 'floor.js' },
    rolldownOptions: { output: { minify: true, comments: false, codeSplitting: false } },
  },
});
const sides = [
  ...dists.map((dir, i) => ({ name: `${String.fromCharCode(97 + i)}:${dir.replace(root, '')}`, dir })),
  { name: 'floor', dir: floorDir },
];

const gz = new Map();
function file(dir, path) {
  const full = normalize(join(dir, path));
  if (!full.startsWith(dir) || !existsSync(full)) return undefined;
  if (!gz.has(full)) gz.set(full, gzipSync(readFileSync(full), { level: 9 }));
  return gz.get(full);
}

const demo = ONE ? await startDemoServer({ port: 0 }) : undefined;
const twenty = ONE ? [] : await Promise.all(Array.from({ length: 20 }, () => startDemoServer({ port: 0 })));
const urls = ONE ? [demo.url] : twenty.map((s) => s.url);
const page = (body, script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>load</title>
<script>window.__scriptStart = performance.now();</script><script type="module" src="${script}"></script></head>
<body style="margin:0"><main style="max-width:900px;margin:auto">${body}</main></body></html>`;
const chatPage = ONE
  ? page(`<mcp-chat server="${urls[0]}"></mcp-chat>`, 'mcp-web-elements.js')
  : page(
      `<mcp-chat></mcp-chat><script>document.querySelector('mcp-chat').servers = ${JSON.stringify(urls)};</script>`,
      'mcp-web-elements.js',
    );
const floorPage = page(`<floor-chat server="${urls.join(' ')}"></floor-chat>`, 'floor.js');
const server = createServer((req, res) => {
  const [, index, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/');
  const side = sides[Number(index)];
  if (!side) return res.writeHead(404).end();
  if (rest.join('/') === 'page.html')
    return res
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(gzipSync(side.name === 'floor' ? floorPage : chatPage, { level: 9 }));
  const body = file(side.dir, rest.join('/'));
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'no-store' }).end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });

// Counts <mcp-chat>'s Lit updates (set before any script runs).
const counter = () => {
  window.__updates = 0;
  const define = customElements.define.bind(customElements);
  customElements.define = (name, ctor, options) => {
    if (name === 'mcp-chat') {
      let proto = ctor.prototype;
      while (proto && !Object.prototype.hasOwnProperty.call(proto, 'performUpdate')) proto = Object.getPrototypeOf(proto);
      const original = proto.performUpdate;
      proto.performUpdate = function () {
        if (this.localName === 'mcp-chat' && !window.__readyAt) window.__updates++;
        return original.call(this);
      };
    }
    return define(name, ctor, options);
  };
};
const chatReady = ONE
  ? () =>
      /Connected to .* with \d+ tools?/.test(
        document.querySelector('mcp-chat')?.shadowRoot?.querySelector('[part="empty-state"]')?.textContent ?? '',
      )
  : () => {
      const chips = document.querySelector('mcp-chat')?.shadowRoot?.querySelectorAll('[part~="server-status"]') ?? [];
      return chips.length === 20 && [...chips].every((c) => c.classList.contains('connected'));
    };
const floorReady = ONE
  ? () => /\d+ tools/.test(document.querySelector('floor-chat')?.shadowRoot?.querySelector('.tools')?.textContent ?? '')
  : () => document.querySelector('floor-chat')?.shadowRoot?.querySelector('.connected')?.textContent === '20 connected';

async function once(index) {
  const side = sides[index];
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const tab = await context.newPage();
  await tab.addInitScript(counter);
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
    await cdp.send('Profiler.start');
  }
  const events = [];
  let traced;
  if (CPU) {
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
  }
  const before = await taskSeconds();
  await tab.goto(`${base}/${index}/page.html`, { waitUntil: 'commit' });
  const ready = side.name === 'floor' ? floorReady : chatReady;
  const result = await tab.evaluate(
    (ready) =>
      new Promise((resolve, reject) => {
        const check = new Function('return (' + ready + ')()');
        const timeout = setTimeout(() => reject(new Error('timed out')), 60_000);
        const tick = () => {
          if (!check()) return requestAnimationFrame(tick);
          requestAnimationFrame(() => {
            clearTimeout(timeout);
            window.__readyAt = performance.now();
            console.timeStamp('ready');
            resolve({
              ms: window.__readyAt,
              updates: window.__updates,
              fetches: performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'fetch').length,
            });
          });
        };
        tick();
      }),
    ready.toString(),
  );
  const after = await taskSeconds();
  result.main = (after >= before ? after - before : after) * 1000;
  if (PROFILE) result.profile = (await cdp.send('Profiler.stop')).profile;
  if (CPU) {
    await cdp.send('Tracing.end');
    await traced;
    // The renderer main thread's tasks until the ready mark: their thread time (what it ran, not how long it waited for a core).
    const ready = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'ready');
    const tasks = events.filter(
      (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === ready?.pid && e.tid === ready?.tid && e.ts <= ready.ts,
    );
    result.cpu = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  }
  await context.close();
  return result;
}

const { results, profiles } = await alternateSides({ sides, once, warmup: WARMUP, runs: RUNS, base });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
const floorIndex = sides.length - 1;
console.log(
  `${ONE ? 'one server, navigation to connected + tools shown' : 'twenty servers, navigation to all connected'}; ${RUNS} runs per side after ${WARMUP} warm-up, alternating; load ${(
    await import('node:os')
  )
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
for (const [j, side] of sides.entries()) {
  const rs = results[j];
  const vsFloor = median(rs.map((r, k) => r.ms / results[floorIndex][k].ms)).toFixed(2);
  const mainVsFloor = median(rs.map((r, k) => r.main / results[floorIndex][k].main)).toFixed(2);
  const vsA = median(rs.map((r, k) => r.ms / results[0][k].ms)).toFixed(2);
  const mainVsA = median(rs.map((r, k) => r.main / results[0][k].main)).toFixed(2);
  console.log(
    `${side.name.padEnd(24)} ready ${fmt(rs.map((r) => r.ms))} ms; main thread ${fmt(rs.map((r) => r.main))} ms;${CPU ? ` its CPU time ${fmt(rs.map((r) => r.cpu))} ms (run by run vs floor ${median(rs.map((r, k) => r.cpu / results[floorIndex][k].cpu)).toFixed(2)}, vs a ${median(rs.map((r, k) => r.cpu / results[0][k].cpu)).toFixed(2)});` : ''} mcp-chat updates ${fmt(rs.map((r) => r.updates))}; fetches ${fmt(rs.map((r) => r.fetches))}; run by run vs floor ${vsFloor} (main ${mainVsFloor}), vs a ${vsA} (main ${mainVsA})`,
  );
}
if (PROFILE) {
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${(v / RUNS).toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  for (const [j, side] of sides.entries()) {
    const p = profiles[j];
    console.log(`\n${side.name}: CPU profile, JavaScript and GC per run ${(p.total / RUNS).toFixed(0)} ms (profiler on)`);
    console.log(`by module:\n${top(p.modules, Number(process.env.TOP_MODULES ?? 25))}`);
    console.log(`by function:\n${top(p.functions, Number(process.env.TOP_FUNCTIONS ?? 40))}`);
  }
}
await browser.close();
server.close();
await demo?.close();
await Promise.all(twenty.map((s) => s.close()));
