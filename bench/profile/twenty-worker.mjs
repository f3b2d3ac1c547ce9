#!/usr/bin/env node
// Issue 42, item 3, the bound of "the connections in a worker": twenty.mjs's
// pages and method, with three sides built here from this checkout:
// - `chat`: the bundle as `npm run build` makes it (vite.bundle.config.ts);
// - `worker`: the same bundle with <mcp-chat>'s `connect` chunk replaced by
//   bench/worker/connect-worker.chunk.ts, a mirror of the hub whose real
//   McpHub and McpConnections (the SDK, zod, the fetch tap, the trace) run in
//   a dedicated Worker (bench/worker/mcp-worker.ts, built here into one file,
//   mcp-worker.js, beside the page); the page's chat is the real one;
// - `floor`: bench/load/floor.ts, twenty bare SDK Clients on the main thread.
// Per side, as twenty.mjs with CPU=1: the page main thread's thread time until
// ready (a DevTools trace's RunTask events; always on here), and for the worker
// side the worker thread's thread time until the same mark; the scripts' gzip
// bytes the page fetched until ready (page and worker). Runs alternate (chat
// worker floor, floor worker chat, ...), a fresh browser context each.
// ONE=1: one server (ready at "Connected to … with N tools"). EARLY=1: a fourth side, `early`, the worker's
// page with the Worker started by the page's first script (the mirror takes it) instead of by the chat.
// Run: RUNS=7 node --import tsx bench/profile/twenty-worker.mjs
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';
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
const CPU = true;

// The three builds.
const tmp = join(root, '.tmp/bench-twenty-worker');
rmSync(tmp, { recursive: true, force: true });
const bundleConfig = join(root, 'vite.bundle.config.ts');
const { sdkShims, sdkOAuthLater, zodWithoutJsonSchema, zodEnglishCompact } = await import(bundleConfig);
const chatDir = join(tmp, 'chat');
const workerDir = join(tmp, 'worker');
await build({ root, configFile: bundleConfig, logLevel: 'error', build: { outDir: chatDir } });
const connectChunk = join(root, 'src/elements/mcp-chat/servers/connect.chunk.ts');
const mirror = join(root, 'bench/worker/connect-worker.chunk.ts');
let redirected = 0;
await build({
  root,
  configFile: bundleConfig,
  logLevel: 'error',
  build: { outDir: workerDir },
  plugins: [
    {
      name: 'connect-chunk-in-a-worker',
      enforce: 'pre',
      async resolveId(source, importer) {
        if (!importer || !source.endsWith('connect.chunk.js')) return null;
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        if (resolved?.id !== connectChunk) return null;
        redirected += 1;
        return mirror;
      },
    },
  ],
});
if (!redirected) throw new Error('twenty-worker: nothing imports connect.chunk.js any more; update the redirect');
// The page file preloads the `mcp` chunk when a chat has a `server` attribute (ONE=1): here the mirror's chunk in its place.
{
  const pageFile = join(workerDir, 'mcp-web-elements.js');
  const chunks = readdirSync(join(workerDir, 'chunks'));
  const mcp = chunks.find((f) => /^mcp-[\w-]{8}\.js$/.test(f));
  const mirrorChunk = chunks.find((f) => /^connect-worker-[\w-]{8}\.js$/.test(f));
  const code = readFileSync(pageFile, 'utf8');
  if (!mcp || !mirrorChunk || !code.includes(`./chunks/${mcp}`))
    throw new Error('twenty-worker: the page file no longer preloads the `mcp` chunk as it did');
  writeFileSync(pageFile, code.replace(`./chunks/${mcp}`, `./chunks/${mirrorChunk}`));
  if (readFileSync(join(workerDir, 'chunks', mirrorChunk), 'utf8').includes(mcp))
    throw new Error('twenty-worker: the mirror chunk imports the `mcp` chunk (the SDK would run on the page)');
}
await build({
  root,
  configFile: false,
  logLevel: 'error',
  plugins: [sdkShims(), sdkOAuthLater(), zodWithoutJsonSchema(), zodEnglishCompact()],
  build: {
    outDir: workerDir,
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: { entry: join(root, 'bench/worker/mcp-worker.ts'), formats: ['es'], fileName: () => 'mcp-worker.js' },
    rolldownOptions: { output: { minify: true, comments: false, codeSplitting: false } },
  },
});
// The floor, built as load.mjs builds it.
const floorDir = join(tmp, 'floor');
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
console.log(`uptime at start: ${execSync('uptime').toString().trim()}`);
const sides = [
  { name: 'chat', dir: chatDir },
  { name: 'worker', dir: workerDir },
  ...(process.env.EARLY ? [{ name: 'early', dir: workerDir }] : []),
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
const page = (body, script, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>load</title>
<script>window.__scriptStart = performance.now();</script>${head}<script type="module" src="${script}"></script></head>
<body style="margin:0"><main style="max-width:900px;margin:auto">${body}</main></body></html>`;
const chatPage = (head) =>
  ONE
    ? page(`<mcp-chat server="${urls[0]}"></mcp-chat>`, 'mcp-web-elements.js', head)
    : page(
        `<mcp-chat></mcp-chat><script>document.querySelector('mcp-chat').servers = ${JSON.stringify(urls)};</script>`,
        'mcp-web-elements.js',
        head,
      );
// EARLY=1, the `early` side: the worker's page with the Worker started by the page's first script (where the
// page file preloads the `mcp` chunk now), before the chat's code arrives; the mirror takes it (`mcpWorker`).
const earlyHead = `<script>window.mcpWorker = new Worker('mcp-worker.js', { type: 'module' });</script>`;
const floorPage = page(`<floor-chat server="${urls.join(' ')}"></floor-chat>`, 'floor.js');
const server = createServer((req, res) => {
  const [, index, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/');
  const side = sides[Number(index)];
  if (!side) return res.writeHead(404).end();
  if (rest.join('/') === 'page.html')
    return res
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(gzipSync(side.name === 'floor' ? floorPage : chatPage(side.name === 'early' ? earlyHead : ''), { level: 9 }));
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
  tab.on('pageerror', (e) => console.error(`${side.name}: page error: ${e.message}`));
  tab.on('response', (r) => r.status() >= 400 && console.error(`${side.name}: ${r.status()} ${r.url()}`));
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
              mcpChunk: performance.getEntriesByType('resource').some((r) => /\/chunks\/mcp-[\w-]{8}\.js$/.test(r.name)),
              scriptBytes: performance
                .getEntriesByType('resource')
                .filter((r) => r.name.endsWith('.js'))
                .reduce((sum, r) => sum + r.encodedBodySize, 0),
            });
          });
        };
        tick();
      }),
    ready.toString(),
  );
  const after = await taskSeconds();
  // SHOT=dir: what the page shows at ready, one PNG per side (the last run's).
  if (process.env.SHOT) await tab.screenshot({ path: join(process.env.SHOT, `twenty-worker-${side.name}${ONE ? '-one' : ''}.png`) });
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
    // The dedicated worker's thread (same renderer process), until the same mark.
    const workers = new Set(
      events
        .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === ready?.pid && /Worker/.test(e.args?.name ?? ''))
        .map((e) => e.tid),
    );
    result.worker =
      events
        .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === ready?.pid && workers.has(e.tid) && e.ts <= ready.ts)
        .reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
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
const chatIndex = 0;
const workerBytes = file(workerDir, 'mcp-worker.js').length;
for (const [j, side] of sides.entries()) {
  const rs = results[j];
  const ratio = (key, k) => median(rs.map((r, n) => r[key] / results[k][n][key])).toFixed(2);
  console.log(
    `${side.name.padEnd(7)} page main thread, thread time ${fmt(rs.map((r) => r.cpu))} ms (run by run vs floor ${ratio('cpu', floorIndex)}, vs chat ${ratio('cpu', chatIndex)})` +
      `${side.dir === workerDir ? `; worker thread ${fmt(rs.map((r) => r.worker))} ms, its script ${(workerBytes / 1024).toFixed(1)} KB gzip` : ''}` +
      `; TaskDuration ${fmt(rs.map((r) => r.main))} ms (vs floor ${ratio('main', floorIndex)}); ready ${fmt(rs.map((r) => r.ms))} ms (vs floor ${ratio('ms', floorIndex)}, vs chat ${ratio('ms', chatIndex)})` +
      `; the page fetched the SDK's \`mcp\` chunk in ${rs.filter((r) => r.mcpChunk).length} of ${rs.length} runs` +
      `; page scripts ${(median(rs.map((r) => r.scriptBytes)) / 1024).toFixed(1)} KB gzip; mcp-chat updates ${fmt(rs.map((r) => r.updates))}; fetches ${fmt(rs.map((r) => r.fetches))}`,
  );
}
console.log(`uptime: ${execSync('uptime').toString().trim()}`);
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
