#!/usr/bin/env node
// Profile of chat.mjs's "palette first open" (issue 28): a fresh page per run
// with the built bundle (dist/, as `npm run build` leaves it; DIST=… for another
// copy), <mcp-chat> with the fixture server's 500 tools and one second to
// settle, then the page's first "/" under a DevTools trace and a CPU profile
// (SAMPLE_US µs). Prints the "/"-to-painted figure (as chat.mjs measures it:
// the key event's time to one frame and a zero-delay task later), the main
// thread's trace events in that window by kind (self thread time), the
// layout/style events with their object counts, and the top functions.
// Run: node --import tsx bench/profile/palette.mjs  (RUNS=5, PROFILE=0 without the CPU profile;
// DISTS="dist-old dist" (paths under the repository): an A/B of two builds, alternating;
// KEY=a: another first key than "/", a control: the same path without the palette)
// Besides the figure, it prints the main thread's CPU from the key to painted, and the CPU of
// the key's task and of the frame its requestAnimationFrame ran in (the palette's own path: the
// figure also holds Chromium's wait for the next frame when that frame ends after a vsync tick,
// docs/performance.md, "the palette's first open, third round").
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { startFixtureServer } from '../../test/servers/fixture-server.ts';
import { mountChatOn500Tools } from '../lib/pages.mjs';
import { selfMs, withChildTimes } from '../lib/trace.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
const PROFILE = process.env.PROFILE !== '0';
// DISTS="a b": two copies of dist/ (before and after a change), alternating run by run (A B B A …).
const dists = (process.env.DISTS ?? process.env.DIST ?? 'dist').split(' ');
const SAMPLE_US = Number(process.env.SAMPLE_US ?? 100);
const fixture = await startFixtureServer();
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
});
await server.listen();
const base = `http://127.0.0.1:${server.httpServer.address().port}`;
const browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
const byEvent = new Map();
const byFunction = new Map();
const figures = dists.map(() => []);
const cpus = dists.map(() => []);
const paths = dists.map(() => []);
const KEY = process.env.KEY ?? '/';
try {
  for (let i = 0; i <= RUNS * dists.length; i++) {
    const which = dists.length === 1 || i === 0 ? 0 : [0, 1, 1, 0][(i - 1) % 4];
    const bundle = `/${dists[which]}/mcp-web-elements.js`;
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await page.goto(`${base}/bench/page.html`);
    await page.evaluate(mountChatOn500Tools, [`${fixture.url}/five-hundred/mcp`, bundle, 1000]);
    await page.evaluate(() => {
      window.__keys = [];
      document.addEventListener(
        'keydown',
        (e) => {
          const start = e.timeStamp;
          console.timeStamp('key');
          requestAnimationFrame(() =>
            setTimeout(() => {
              window.__keys.push(performance.now() - start);
              console.timeStamp('painted');
            }, 0),
          );
        },
        { capture: true },
      );
    });
    const cdp = await page.context().newCDPSession(page);
    const events = [];
    if (i > 0) {
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,disabled-by-default-v8.compile',
        transferMode: 'ReportEvents',
      });
    }
    if (PROFILE && i > 0) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
      await cdp.send('Profiler.start');
    }
    await page.keyboard.type(KEY);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const [ms] = await page.evaluate(() => window.__keys);
    if (i > 0) {
      const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : { nodes: [], samples: [], timeDeltas: [], startTime: 0 };
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      const mark = (m) => events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === m);
      const start = mark('key');
      const end = mark('painted');
      const main = events.filter(
        (e) => e.ph === 'X' && e.pid === start.pid && e.tid === start.tid && e.ts + e.dur >= start.ts - 5000 && e.ts <= end.ts,
      );
      withChildTimes(main);
      for (const e of main) add(byEvent, e.name, selfMs(e));
      const cpu = main.filter((e) => e.name === 'RunTask').reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
      add(byEvent, '= main-thread CPU (RunTask thread time)', cpu);
      cpus[which].push(cpu);
      // The key's task (its keydown) and the frame that ran the key's requestAnimationFrame.
      const tasks = main.filter((e) => e.name === 'RunTask');
      const within = (t, name) => main.some((e) => e.name === name && e.ts >= t.ts && e.ts <= t.ts + t.dur);
      const keyTask = tasks.find((t) =>
        main.some((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown' && e.ts >= t.ts && e.ts <= t.ts + t.dur),
      );
      const frame = tasks.find((t) => keyTask && t.ts > keyTask.ts && within(t, 'FireAnimationFrame'));
      const path = ((keyTask?.tdur ?? 0) + (frame?.tdur ?? 0)) / 1000;
      add(byEvent, "= the key's task and its frame (thread time)", path);
      paths[which].push(path);
      if (PROFILE)
        for (const e of main)
          if (['Layout', 'UpdateLayoutTree', 'Paint', 'RunMicrotasks', 'EventDispatch', 'FunctionCall'].includes(e.name) && e.dur > 1000)
            console.log(
              `  run ${i}: ${((e.ts - start.ts) / 1000).toFixed(1)} +${(e.dur / 1000).toFixed(1)} ms ${e.name} ${JSON.stringify(e.args?.beginData ?? e.args?.data ?? e.args ?? {}).slice(0, 160)} ${e.args?.elementCount ?? ''}`,
            );
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      let t = profile.startTime;
      for (let s = 0; s < profile.samples.length; s++) {
        t += profile.timeDeltas[s];
        if (t < start.ts || t > end.ts) continue;
        const f = nodes.get(profile.samples[s]).callFrame;
        add(
          byFunction,
          `${f.functionName || '(anonymous)'} ${f.url.replace(base, '')}:${f.lineNumber}:${f.columnNumber}`,
          (profile.timeDeltas[s + 1] ?? SAMPLE_US) / 1000,
        );
      }
    }
    await cdp.detach();
    await page.close();
    if (i > 0) figures[which].push(ms);
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${(v / RUNS).toFixed(2).padStart(7)} ms  ${k}`)
      .join('\n');
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const spread = (v) =>
    `median ${median(v).toFixed(1)} ms (${[...v]
      .sort((a, b) => a - b)
      .map((x) => x.toFixed(1))
      .join(' ')})`;
  dists.forEach((d, k) =>
    console.log(
      `${d}: the page's first "${KEY}" to painted (${RUNS} runs after a warm-up${PROFILE ? ', profiled' : ''}) ${spread(figures[k])}; main-thread CPU from the key to painted ${spread(cpus[k])}; the key's task and its frame ${spread(paths[k])}`,
    ),
  );
  if (dists.length === 2) {
    const ratio = (a, b) => median(b.map((x, i) => x / a[i])).toFixed(2);
    console.log(
      `B/A run by run: figure ${ratio(figures[0], figures[1])}, main-thread CPU ${ratio(cpus[0], cpus[1])}, the key's task and its frame ${ratio(paths[0], paths[1])}`,
    );
  }
  if (dists.length === 1) {
    console.log(`main thread, self thread time per run:\n${top(byEvent, 25)}`);
    console.log(`CPU profile, self time per run:\n${top(byFunction, 25)}`);
  }
} finally {
  await browser.close();
  await server.close();
  await fixture.close();
}
