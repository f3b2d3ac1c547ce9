#!/usr/bin/env node
// A/B of the MCP layer's cost per call in Node (issue 42, item 4): McpConnection of two
// checkouts (A, B: each bundled as shipped, bench/connection/shipped.mjs) and the bare SDK
// Client, in one process, on the demo server in a child process. Blocks of BLOCK echo calls
// of one side at a time, the three sides' order rotating block by block, after a warm-up
// block each: CPU per call (process.cpuUsage) and bytes allocated per call (a 1 KB sampling
// heap profile, objects collected by GCs kept), medians of BLOCKS blocks, and B/A block by block.
// The checkout whose code is imported and whose connection is made first allocates 3–5 % less per
// call in the same process (measured with A and B the same code: V8's feedback is shared through the
// one SDK), so the harness runs twice, A first then B first, each in a process of its own, and
// prints both and the geometric mean of their B/A.
// Run: A=/work/main B=. node --import tsx bench/profile/connection-ab.mjs [legacy|modern …]
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shippedRun } from '../connection/shipped.mjs';
import { reportAB } from '../lib/ab-report.mjs';
import { fmt } from '../lib/stats.mjs';

const BLOCK = Number(process.env.BLOCK ?? 50);
const BLOCKS = Number(process.env.BLOCKS ?? 8);
const eras = process.argv.slice(2).length ? process.argv.slice(2) : ['legacy', 'modern'];
if (!process.env.ORDER) {
  const ratios = {};
  for (const order of ['AB', 'BA']) {
    const out = await new Promise((ok, fail) => {
      const run = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
        env: { ...process.env, ORDER: order },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      run.stdout.on('data', (chunk) => {
        text += chunk;
        process.stdout.write(chunk);
      });
      run.on('exit', (code) => (code === 0 ? ok(text) : fail(new Error(`the ${order} run exited with ${code}`))));
    });
    for (const [, era, what, ratio] of out.matchAll(/^RATIO (\w+) (\w+) ([\d.]+)$/gm))
      (ratios[`${era} ${what}`] ??= []).push(Number(ratio));
  }
  console.log('\nB/A, geometric mean of the two orders:');
  for (const [key, [x, y]] of Object.entries(ratios))
    console.log(`  ${key.padEnd(14)} ${fmt(Math.sqrt(x * y), 3)} (${fmt(x, 3)}, ${fmt(y, 3)})`);
  process.exit(0);
}
const roots = { A: resolve(process.env.A ?? '/work/main'), B: resolve(process.env.B ?? '.') };
// Imported in the order of the run too: the module imported first allocates less per call (see above).
const runs = {};
for (const name of process.env.ORDER === 'BA' ? ['B', 'A'] : ['A', 'B']) runs[name] = await shippedRun(roots[name]);
const profileBytes = (node) => node.selfSize + node.children.reduce((s, c) => s + profileBytes(c), 0);

const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../connection/server.ts', import.meta.url))], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const url = await new Promise((ok) => createInterface({ input: child.stdout }).once('line', (line) => ok(line.trim())));
const inspector = new Session();
inspector.connect();
await inspector.post('HeapProfiler.enable');
console.log(
  `\n=== ${process.env.ORDER === 'BA' ? 'B' : 'A'} made first ===\nA = ${roots.A}\nB = ${roots.B}\n${BLOCKS} blocks of ${BLOCK} calls per side, load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  for (const era of eras) {
    const first = process.env.ORDER === 'BA' ? 'B' : 'A';
    const made = { [first]: await runs[first].costSides(url, era) };
    made[first === 'A' ? 'B' : 'A'] = await runs[first === 'A' ? 'B' : 'A'].costSides(url, era);
    const { A: a, B: b } = made;
    const sides = { A: (n) => a.block('ours', n), B: (n) => b.block('ours', n), bare: (n) => made[first].block('bare', n) };
    const figures = { A: { cpu: [], heap: [] }, B: { cpu: [], heap: [] }, bare: { cpu: [], heap: [] } };
    const names = ['A', 'B', 'bare'];
    for (let block = -1; block < BLOCKS; block++) {
      const order = names.map((_, i) => names[(i + block + 3) % 3]);
      for (const side of order) {
        const u0 = process.cpuUsage();
        await sides[side](BLOCK);
        const u = process.cpuUsage(u0);
        await inspector.post('HeapProfiler.startSampling', {
          samplingInterval: 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
        await sides[side](BLOCK);
        const { profile } = await inspector.post('HeapProfiler.stopSampling');
        if (block < 0) continue;
        figures[side].cpu.push((u.user + u.system) / BLOCK);
        figures[side].heap.push(profileBytes(profile.head) / BLOCK / 1024);
      }
    }
    const ratio = reportAB(`${era} era (ours: ${a.era.ours}, bare: ${a.era.bare})`, figures);
    console.log(`RATIO ${era} cpu ${ratio.cpu}\nRATIO ${era} heap ${ratio.heap}`);
    await a.close();
    await b.close();
  }
} finally {
  inspector.disconnect();
  child.stdin.end();
}
