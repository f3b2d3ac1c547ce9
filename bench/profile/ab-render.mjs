#!/usr/bin/env node
// A/B of load.mjs's "script start to rendered, no server" between two builds of
// the bundle (two copies of dist/, e.g. before and after a change): the same
// page and measure as load.mjs (an inline script marks the start; rendered is
// one frame after <mcp-chat>'s shadow root has its textarea), a fresh browser
// context per run (empty cache), the two builds alternating (A B B A …) so a busy
// moment of the shared machine weighs on both. Prints each side's median
// (min–max) and the median of the run-by-run ratios B/A, for the figure and for
// the main thread's CPU time in that window (thread time of its tasks in a
// DevTools trace: steadier than wall time while other processes compete).
// Run: A=path/to/dist-old B=dist RUNS=11 node bench/profile/ab-render.mjs
// (B=deep-chat: deep-chat 2.4.2 on load.mjs's page for it, as the B side)
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumExecutable } from '../../scripts/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 11);
const WARMUP = Number(process.env.WARMUP ?? 2);
const dists = { a: resolve(root, process.env.A ?? 'dist-a'), b: resolve(root, process.env.B ?? 'dist') };
const gz = new Map();
function file(side, url) {
  const path = normalize(join(dists[side], url));
  if (!path.startsWith(dists[side]) || !existsSync(path)) return undefined;
  if (!gz.has(path)) gz.set(path, gzipSync(readFileSync(path), { level: 9 }));
  return gz.get(path);
}
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>load</title>
<script>window.__scriptStart = performance.now(); console.timeStamp('script-start');</script><script type="module" src="mcp-web-elements.js"></script></head>
<body style="margin:0"><main style="max-width:900px;margin:auto"><mcp-chat></mcp-chat></main></body></html>`;
// B=deep-chat: deep-chat 2.4.2's bundle on load.mjs's page for it (its input is the composer).
const deepPage = page
  .replace('mcp-web-elements.js', 'dist/deepChat.bundle.js')
  .replace('<mcp-chat></mcp-chat>', '<deep-chat style="width:100%;height:600px"></deep-chat>');
if (process.env.B === 'deep-chat') dists.b = join(root, 'node_modules/deep-chat');
const server = createServer((req, res) => {
  const [, side, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/');
  if (!(side in dists)) return res.writeHead(404).end();
  if (rest.join('/') === 'chat.html')
    return res.writeHead(200, { 'content-type': 'text/html' }).end(dists[side].endsWith('deep-chat') ? deepPage : page);
  const body = file(side, rest.join('/'));
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'no-store' }).end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });

async function run(side) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await tab.goto(`${base}/${side}/chat.html`, { waitUntil: 'commit' });
  const ms = await tab.evaluate(
    () =>
      new Promise((resolve) => {
        const tick = () => {
          if (
            !document.querySelector('mcp-chat')?.shadowRoot?.querySelector('textarea') &&
            !document.querySelector('deep-chat')?.shadowRoot?.querySelector('#text-input')
          )
            return requestAnimationFrame(tick);
          requestAnimationFrame(() => {
            console.timeStamp('rendered');
            resolve(performance.now() - window.__scriptStart);
          });
        };
        tick();
      }),
  );
  await cdp.send('Tracing.end');
  await traced;
  await context.close();
  // Main-thread CPU (thread time of the renderer main thread's tasks) between the two marks.
  const mark = (m) => events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === m);
  const start = mark('script-start');
  const end = mark('rendered');
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && e.ts <= end.ts,
  );
  return { ms, cpu: tasks.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000, wall: tasks.reduce((s, e) => s + e.dur, 0) / 1000 };
}

for (let i = 0; i < WARMUP; i++) (await run('a'), await run('b'));
const a = [];
const b = [];
for (let i = 0; i < RUNS; i++) {
  if (i % 2 === 0) (a.push(await run('a')), b.push(await run('b')));
  else (b.push(await run('b')), a.push(await run('a')));
}
const line = (label, key) => {
  const av = a.map((r) => r[key]);
  const bv = b.map((r) => r[key]);
  console.log(
    `${label}: A ${spread(av)}; B ${spread(bv)}; B/A run by run ${median(bv.map((x, i) => x / av[i])).toFixed(2)} (ratios ${bv.map((x, i) => (x / av[i]).toFixed(2)).join(' ')})`,
  );
};
const median = (v) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];
const spread = (v) => `${median(v).toFixed(1)} ms (${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)})`;
console.log(`${RUNS} runs each after ${WARMUP} warm-up, alternating, A ${process.env.A}, B ${process.env.B}`);
line('script start to rendered, no server', 'ms');
line('  main-thread tasks in that window, thread CPU time', 'cpu');
line('  main-thread tasks in that window, wall time', 'wall');
await browser.close();
server.close();
