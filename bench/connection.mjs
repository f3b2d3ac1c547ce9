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
//
// Issue 28: CPU and heap per call. The same two sides, measured in blocks of
// BLOCK calls of one side at a time (the sides alternating ABBA, BLOCKS blocks
// each after one warm-up block each): CPU time per call (Node: the process's
// user + system CPU time, process.cpuUsage(), with the demo server in a child
// process so its work is not counted; Chromium: the renderer main thread's
// CPU time, the `tdur` of its RunTask events in a DevTools trace) and bytes allocated per call
// (a sampling heap profile with the objects collected by minor and major GCs
// kept, every 1 KB on average: inspector HeapProfiler in Node, CDP in
// Chromium; the profile runs in blocks of its own, not in the CPU blocks).
// Medians of the blocks and the ratio McpConnection / bare Client (goal ≤ 1.05
// for both, in Node and in Chromium, each era).
// Node runs our side as the package ships it (bench/connection/shipped.mjs: tsx, which runs the
// benchmarks, wraps each of our functions in a name-keeping helper that allocates at every call and
// that neither the npm files nor the bundle have); Chromium runs it as Vite serves the sources
// (no such helper).
// Run: node --import tsx bench/connection.mjs
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { startDemoServer } from '../demo/server/server.ts';
import { shippedRun } from './connection/shipped.mjs';
import { ratioGoal } from './lib/goal.mjs';
import { startViteOrigin } from './lib/vite-origin.mjs';
import { fmt, median, spread } from './lib/stats.mjs';

const CALLS = 500;
const RUNS = 3;
const BLOCK = Number(process.env.COST_BLOCK ?? 50);
const BLOCKS = Number(process.env.COST_BLOCKS ?? 10);
const HEAP_SAMPLING = { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true };
/** Bytes in a sampling heap profile (its nodes' self sizes). */
const profileBytes = (node) => node.selfSize + node.children.reduce((s, c) => s + profileBytes(c), 0);

/**
 * CPU and heap per call of each side: `cpu(side, n)` runs n calls of one side
 * and gives the CPU time they took (ms); `heap(side, n)` runs n calls under a
 * sampling heap profile and gives the bytes allocated. ABBA order, one warm-up
 * block each.
 */
async function cost(cpu, heap) {
  const figures = { ours: { cpu: [], heap: [] }, bare: { cpu: [], heap: [] } };
  for (let b = -1; b < BLOCKS; b++) {
    for (const side of b % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours']) {
      const c = await cpu(side, BLOCK);
      const h = await heap(side, BLOCK);
      if (b < 0) continue;
      figures[side].cpu.push(c / BLOCK);
      figures[side].heap.push(h / BLOCK);
    }
  }
  return figures;
}

function reportCost(where, era, figures) {
  const us = (ms) => `${fmt(ms * 1000, 0)} µs`;
  const kbs = (bytes) => `${fmt(bytes / 1024, 1)} KB`;
  const cpu = { ours: median(figures.ours.cpu), bare: median(figures.bare.cpu) };
  const heap = { ours: median(figures.ours.heap), bare: median(figures.bare.heap) };
  console.log(`CPU and heap per echo call, ${where}, ${era} era (${BLOCKS} blocks of ${BLOCK} calls per side, ABBA):`);
  console.log(
    `  McpConnection     CPU ${us(cpu.ours)} per call (${us(Math.min(...figures.ours.cpu))}–${us(Math.max(...figures.ours.cpu))}); allocated ${kbs(heap.ours)} per call (${kbs(Math.min(...figures.ours.heap))}–${kbs(Math.max(...figures.ours.heap))})`,
  );
  console.log(
    `  bare SDK Client   CPU ${us(cpu.bare)} per call (${us(Math.min(...figures.bare.cpu))}–${us(Math.max(...figures.bare.cpu))}); allocated ${kbs(heap.bare)} per call (${kbs(Math.min(...figures.bare.heap))}–${kbs(Math.max(...figures.bare.heap))})`,
  );
  ratioGoal(
    `MCP layer CPU per call, ${where}, ${era} era`,
    { value: cpu.ours, text: us(cpu.ours) },
    { value: cpu.bare, text: `bare SDK ${us(cpu.bare)}` },
    1.05,
  );
  ratioGoal(
    `MCP layer heap allocated per call, ${where}, ${era} era`,
    { value: heap.ours, text: kbs(heap.ours) },
    { value: heap.bare, text: `bare SDK ${kbs(heap.bare)}` },
    1.05,
  );
}

/** The demo server in a child process (for the Node cost figures). */
async function childDemoServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./connection/server.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [url] = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the demo server exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve([line.trim()]));
  });
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.stdin.end();
      }),
  };
}

function report(where, figures) {
  const ratio = median(figures.ours) / median(figures.bare);
  console.log(`${CALLS} sequential echo calls, ${where} (${figures.era.ours ?? '?'} era; bare client: ${figures.era.bare ?? '?'}):`);
  console.log(`  McpConnection     ${spread(figures.ours)}, ${fmt(median(figures.ours) / CALLS, 2)} ms per call`);
  console.log(`  bare SDK Client   ${spread(figures.bare)}, ${fmt(median(figures.bare) / CALLS, 2)} ms per call`);
  console.log(`  ratio McpConnection / bare Client: ${fmt(ratio, 3)} (goal ≤ 1.05)`);
  // The same calls, each on its own: the median call is not moved by a busy moment of the machine as a total is.
  const perCall = median(figures.oursCalls) / median(figures.bareCalls);
  console.log(
    `  per call (median of ${figures.oursCalls.length.toLocaleString('en-US')}): ${fmt(median(figures.oursCalls), 2)} ms vs ${fmt(median(figures.bareCalls), 2)} ms, ratio ${fmt(perCall, 3)}`,
  );
}

const demo = await startDemoServer({ port: 0 });
const vite = await startViteOrigin();
let browser;
try {
  const shipped = await shippedRun();
  for (const era of ['legacy', 'modern']) report('Node', await shipped.connectionBench(demo.url, era, CALLS, RUNS));
  browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
  const page = await browser.newPage();
  await page.goto(`${vite.origin}/bench/connection/index.html`);
  await page.waitForFunction(() => typeof window.connectionBench === 'function', undefined, { timeout: 60_000 });
  for (const era of ['legacy', 'modern']) {
    const figures = await page.evaluate(
      ([url, era, calls, runs]) => window.connectionBench(url, era, calls, runs),
      [demo.url, era, CALLS, RUNS],
    );
    report('Chromium', figures);
  }

  // Issue 28: CPU and heap per call. Node first (the server in a child process), then Chromium.
  const child = await childDemoServer();
  const inspector = new Session();
  inspector.connect();
  await inspector.post('HeapProfiler.enable');
  try {
    for (const era of ['legacy', 'modern']) {
      const sides = await shipped.costSides(child.url, era);
      const cpu = async (side, n) => {
        const u0 = process.cpuUsage();
        await sides.block(side, n);
        const u = process.cpuUsage(u0);
        return (u.user + u.system) / 1000;
      };
      const heap = async (side, n) => {
        await inspector.post('HeapProfiler.startSampling', HEAP_SAMPLING);
        await sides.block(side, n);
        const { profile } = await inspector.post('HeapProfiler.stopSampling');
        return profileBytes(profile.head);
      };
      reportCost('Node', sides.era.ours ?? era, await cost(cpu, heap));
      await sides.close();
    }
  } finally {
    inspector.disconnect();
    await child.close();
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  /** The main thread's CPU time (ms) while the page runs `n` calls of `side` (a trace's RunTask thread durations). */
  const cpu = async (side, n) => {
    const events = [];
    const collect = (e) => events.push(...e.value);
    cdp.on('Tracing.dataCollected', collect);
    const finished = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'disabled-by-default-devtools.timeline,devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await page.evaluate(
      async ([side, n]) => {
        console.timeStamp('cost-block');
        await window.__cost.block(side, n);
      },
      [side, n],
    );
    await cdp.send('Tracing.end');
    await finished;
    cdp.off('Tracing.dataCollected', collect);
    const mark = events.find((e) => e.name === 'TimeStamp');
    if (!mark) throw new Error('the trace lacks the cost-block mark');
    return (
      events
        .filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.name === 'RunTask' && e.ph === 'X')
        .reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000
    );
  };
  const heap = async (side, n) => {
    await cdp.send('HeapProfiler.startSampling', HEAP_SAMPLING);
    await page.evaluate(([side, n]) => window.__cost.block(side, n), [side, n]);
    const { profile } = await cdp.send('HeapProfiler.stopSampling');
    return profileBytes(profile.head);
  };
  for (const era of ['legacy', 'modern']) {
    const ours = await page.evaluate(
      async ([url, era]) => {
        window.__cost = await window.costSides(url, era);
        return window.__cost.era.ours;
      },
      [demo.url, era],
    );
    reportCost('Chromium', ours ?? era, await cost(cpu, heap));
    await page.evaluate(() => window.__cost.close());
  }
} finally {
  await browser?.close();
  await vite.close();
  await demo.close();
}
