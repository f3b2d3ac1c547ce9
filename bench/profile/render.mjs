#!/usr/bin/env node
// Profile of load.mjs's "script start to rendered, no server" (issue 28): where
// the page's main thread spends the time between the module script's start and
// the composer's first paint, for <mcp-chat> (the built bundle, dist/, as
// `npm run build` leaves it) and deep-chat 2.4.2, on the page load.mjs uses.
//
// Per run (a fresh browser context, empty cache; WARMUP runs dropped): a CDP
// CPU profile (`Profiler`, SAMPLE_US µs sampling) and a DevTools trace
// (devtools.timeline) from navigation to one frame after the composer exists.
// Prints, summed over the runs and divided by their number:
// - the renderer main thread's trace events between the script start and the
//   rendered mark, by kind (script evaluation, compile, style, layout, paint, GC…);
// - the CPU profile's self time by source module (through dist's source maps)
//   and the top functions by self time;
// - in the page: custom-element upgrades and, for <mcp-chat>, the number of
//   Lit updates per element during the first frame (LIT_COUNT=1: the bundle's
//   `performUpdate` is wrapped from outside through the element's prototype chain).
// The profiler slows the page: compare the parts, not the total with load.mjs.
// Run: node bench/profile/render.mjs [chat|deep] (RUNS=5 WARMUP=1 SAMPLE_US=100, DIST=dist)
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright';
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { gzipFiles } from '../lib/gzip-files.mjs';
import { selfMs, withChildTimes } from '../lib/trace.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, process.env.DIST ?? 'dist');
const RUNS = Number(process.env.RUNS ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 1);
const SAMPLE_US = Number(process.env.SAMPLE_US ?? 100);
const which = process.argv[2] ?? 'chat';

const file = gzipFiles(root, dist, {
  '/mcp-web-elements.js': join(dist, 'mcp-web-elements.js'),
  '/deep-chat.js': join(root, 'node_modules/deep-chat/dist/deepChat.bundle.js'),
});
const page = (body, script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>load</title>
<script>window.__scriptStart = performance.now(); console.timeStamp('script-start');</script><script type="module" src="${script}"></script></head>
<body style="margin:0"><main style="max-width:900px;margin:auto">${body}</main></body></html>`;
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const pages = {
    '/chat.html': page('<mcp-chat></mcp-chat>', '/mcp-web-elements.js'),
    '/deep-chat.html': page('<deep-chat style="width:100%;height:600px"></deep-chat>', '/deep-chat.js'),
  };
  if (pages[url.pathname]) return res.writeHead(200, { 'content-type': 'text/html' }).end(pages[url.pathname]);
  const body = file(url.pathname);
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'no-store' }).end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });

const ready =
  which === 'chat'
    ? () => Boolean(document.querySelector('mcp-chat')?.shadowRoot?.querySelector('textarea'))
    : () => Boolean(document.querySelector('deep-chat')?.shadowRoot?.querySelector('#text-input'));

// Counts Lit updates per element tag until the rendered mark (set before any script runs).
const counter = () => {
  window.__updates = {};
  const define = customElements.define.bind(customElements);
  customElements.define = (name, ctor, options) => {
    let proto = ctor.prototype;
    while (proto && !Object.prototype.hasOwnProperty.call(proto, 'performUpdate')) proto = Object.getPrototypeOf(proto);
    if (proto && !proto.__counted) {
      proto.__counted = true;
      const original = proto.performUpdate;
      proto.performUpdate = function () {
        if (window.__renderedAt) return original.call(this);
        window.__updates[this.localName] = (window.__updates[this.localName] ?? 0) + 1;
        const t0 = performance.now();
        const out = original.call(this);
        window.__updates[`update ${this.localName}`] ??= `${(t0 - window.__scriptStart).toFixed(1)}+${(performance.now() - t0).toFixed(1)}`;
        return out;
      };
    }
    window.__updates[`define ${name}`] = performance.now() - window.__scriptStart;
    return define(name, ctor, options);
  };
};

async function once() {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const tab = await context.newPage();
  if (process.env.LIT_COUNT) await tab.addInitScript(counter);
  const cdp = await context.newCDPSession(tab);
  const profiling = !process.env.NOPROFILE;
  if (profiling) await cdp.send('Profiler.enable');
  if (profiling) await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  if (profiling)
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline.stack,disabled-by-default-devtools.timeline,v8,v8.execute,blink.user_timing,disabled-by-default-v8.compile',
      transferMode: 'ReportEvents',
    });
  if (profiling) await cdp.send('Profiler.start');
  await tab.goto(`${base}/${which === 'chat' ? 'chat' : 'deep-chat'}.html`, { waitUntil: 'commit' });
  const result = await tab.evaluate(
    (ready) =>
      new Promise((resolve) => {
        const check = new Function('return (' + ready + ')()');
        const tick = () => {
          if (!check()) return requestAnimationFrame(tick);
          requestAnimationFrame(() => {
            window.__renderedAt = performance.now();
            console.timeStamp('rendered');
            resolve({ ms: window.__renderedAt - window.__scriptStart, updates: window.__updates });
          });
        };
        tick();
      }),
    ready.toString(),
  );
  if (!profiling) {
    await context.close();
    return result;
  }
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;
  await context.close();
  return { ...result, profile, events };
}

// Source maps of dist's files, to name a minified position's module.
const maps = new Map();
function mapOf(url) {
  const path = new URL(url).pathname;
  if (!maps.has(path)) {
    const local = path === '/mcp-web-elements.js' ? join(dist, 'mcp-web-elements.js.map') : join(dist, `${path}.map`);
    maps.set(path, existsSync(local) ? new TraceMap(readFileSync(local, 'utf8')) : null);
  }
  return maps.get(path);
}
function where(frame) {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(native)';
  if (!frame.url.startsWith(base)) return frame.url;
  const map = mapOf(frame.url);
  if (!map) return new URL(frame.url).pathname;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
  if (!pos.source) return new URL(frame.url).pathname;
  const source = pos.source.replace(/^.*node_modules\//, 'node_modules/').replace(/^(\.\.\/)+/, '');
  return source.startsWith('node_modules/')
    ? source
        .split('/')
        .slice(1, source.split('/')[1].startsWith('@') ? 3 : 2)
        .join('/') +
        ':' +
        source.split('/').at(-1)
    : source;
}
function fnName(frame) {
  const map = frame.url?.startsWith(base) ? mapOf(frame.url) : null;
  const pos = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) }) : null;
  return `${frame.functionName || '(anonymous)'}${pos?.name ? `=${pos.name}` : ''} ${where(frame)}${pos?.line ? `:${pos.line}` : ''}`;
}

const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
const byModule = new Map();
const byFunction = new Map();
const byEvent = new Map();
const times = [];
const updates = [];
for (let i = 0; i < WARMUP + RUNS; i++) {
  const r = await once();
  if (i < WARMUP) continue;
  times.push(r.ms);
  updates.push(r.updates);
  if (!r.events) continue;
  // Trace: the main thread (the renderer's CrRendererMain), between script-start and rendered.
  const marks = r.events.filter((e) => e.name === 'TimeStamp' && ['script-start', 'rendered'].includes(e.args?.data?.message));
  const start = marks.find((e) => e.args.data.message === 'script-start');
  const end = marks.find((e) => e.args.data.message === 'rendered');
  const main = r.events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === start?.pid);
  const inWindow = r.events.filter((e) => e.ph === 'X' && e.pid === start.pid && e.tid === main?.tid && e.ts >= start.ts && e.ts <= end.ts);
  // Top-level kinds: each event's own time minus its children's (self), by name.
  // Thread time (tdur): what the main thread ran, not the time it waited for a core.
  const sorted = withChildTimes(inWindow);
  for (const e of sorted) add(byEvent, e.name, selfMs(e));
  add(
    byEvent,
    '= main-thread CPU (top-level RunTask thread time)',
    sorted.filter((e) => e.name === 'RunTask').reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000,
  );
  if (process.env.DUMP) {
    for (const task of sorted.filter((e) => e.name === 'RunTask' && e.dur > 1500)) {
      const kids = new Map();
      for (const e of sorted)
        if (e !== task && e.ts >= task.ts && e.ts < task.ts + task.dur)
          add(
            kids,
            e.name +
              (e.args?.data?.url
                ? ' ' + e.args.data.url.replace(base, '')
                : e.args?.fileName
                  ? ' ' + e.args.fileName.replace(base, '')
                  : ''),
            ((e.dur ?? 0) - (e.child ?? 0)) / 1000,
          );
      for (const e of sorted)
        if (
          e.ts >= task.ts &&
          e.ts < task.ts + task.dur &&
          ['Layout', 'UpdateLayoutTree', 'ParseAuthorStyleSheet', 'EventDispatch'].includes(e.name) &&
          e.dur > 500
        )
          console.log(`    ${e.name} ${(e.dur / 1000).toFixed(1)} ms ${JSON.stringify(e.args).slice(0, 400)}`);
      if (task.dur > 50000) {
        let depth = new Map();
        for (const e of sorted) {
          if (e === task || e.ts < task.ts || e.ts >= task.ts + task.dur) continue;
          const d = sorted.filter(
            (p) => p !== e && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur && p.ts >= task.ts && p.dur >= e.dur,
          ).length;
          if (d <= 3 && e.dur > 1000)
            console.log(
              `      ${'  '.repeat(d)}${((e.ts - start.ts) / 1000).toFixed(1)} +${(e.dur / 1000).toFixed(1)} ${e.name} ${e.args?.data?.url ?? e.args?.data?.type ?? e.args?.data?.functionName ?? ''}`,
            );
        }
      }
      console.log(
        `task at ${((task.ts - start.ts) / 1000).toFixed(1)} ms, ${(task.dur / 1000).toFixed(1)} ms: ${[...kids]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join('; ')}`,
      );
    }
  }
  add(byEvent, '= window (script-start to rendered)', (end.ts - start.ts) / 1000);
  add(
    byEvent,
    '= busy (top-level RunTask)',
    sorted.filter((e) => e.name === 'RunTask').reduce((s, e) => s + Math.min(e.ts + e.dur, end.ts) - e.ts, 0) / 1000,
  );
  // CPU profile: self time per node (samples × interval), in the same window.
  const nodes = new Map(r.profile.nodes.map((n) => [n.id, n]));
  if (process.env.DUMP) {
    const parents = new Map();
    for (const n of r.profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
    let tt = r.profile.startTime;
    const stamps = r.profile.timeDeltas.map((d) => (tt += d));
    for (const e of sorted.filter((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.dur > 2000)) {
      const i = stamps.findIndex((x) => x >= e.ts && x <= e.ts + e.dur);
      if (i < 0) continue;
      const stack = [];
      for (let id = r.profile.samples[i]; id; id = parents.get(id)) stack.push(fnName(nodes.get(id).callFrame));
      console.log(
        `  ${e.name} ${(e.dur / 1000).toFixed(1)} ms at ${((e.ts - start.ts) / 1000).toFixed(1)}: ${stack.slice(0, 12).join(' < ')}`,
      );
    }
  }
  const startUs = start.ts;
  const endUs = end.ts;
  let t = r.profile.startTime;
  for (let s = 0; s < r.profile.samples.length; s++) {
    const delta = r.profile.timeDeltas[s];
    t += delta;
    if (t < startUs || t > endUs) continue;
    const node = nodes.get(r.profile.samples[s]);
    const next = r.profile.timeDeltas[s + 1] ?? delta;
    const self = next / 1000;
    add(byModule, where(node.callFrame), self);
    add(byFunction, fnName(node.callFrame), self);
  }
}
const top = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${(v / RUNS).toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');
const sortedTimes = [...times].sort((a, b) => a - b);
console.log(
  `${which}: script start to rendered (profiled, ${RUNS} runs after ${WARMUP} warm-up): median ${sortedTimes[Math.floor(RUNS / 2)].toFixed(1)} ms (${sortedTimes.map((x) => x.toFixed(0)).join(' ')})`,
);
console.log(`trace events on the main thread, self thread time per run:\n${top(byEvent, 30)}`);
console.log(`CPU profile, self time per run by module:\n${top(byModule, 40)}`);
console.log(`CPU profile, self time per run by function:\n${top(byFunction, 40)}`);
if (process.env.LIT_COUNT)
  console.log('Lit updates before the rendered mark (and define times, ms after script start):', JSON.stringify(updates, null, 0));
await browser.close();
server.close();
