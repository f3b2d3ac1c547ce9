// Where McpConnection allocates more than a bare SDK Client per echo call (issue 28),
// in Node: a sampling heap profile (objects collected by GCs kept) of N calls of each
// side on a demo server in a child process, grouped by the allocating function
// (file:line); prints the per-call bytes of each side and the functions whose
// per-call bytes differ most.
// Run: node --import tsx bench/profile/connection-heap.ts [legacy|modern]  (N=200)
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { CostSides, Era } from '../connection/run.ts';
import { shippedRun } from '../connection/shipped.mjs';

const era = (process.argv[2] ?? 'legacy') as Era;
const N = Number(process.env.N ?? 200);
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../connection/server.ts', import.meta.url))], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', (line) => resolve(line.trim())));
// Our side as shipped (bench/connection/shipped.mjs): no tsx name-keeping helpers in the profile.
const { costSides } = (await shippedRun()) as { costSides: (url: string, era: Era) => Promise<CostSides> };
const sides = await costSides(url, era);
const session = new Session();
session.connect();
type Node = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };
const byFunction = { ours: new Map<string, number>(), bare: new Map<string, number>() };
const totals = { ours: 0, bare: 0 };
for (const side of ['ours', 'bare', 'bare', 'ours'] as const) {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await sides.block(side, N);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const walk = (node: Node) => {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/')}:${f.lineNumber + 1}`;
    byFunction[side].set(key, (byFunction[side].get(key) ?? 0) + node.selfSize);
    totals[side] += node.selfSize;
    node.children.forEach(walk);
  };
  walk(profile.head as Node);
}
const calls = 2 * N;
console.log(
  `${era} era, ${calls} calls per side: McpConnection ${(totals.ours / calls / 1024).toFixed(1)} KB per call, bare Client ${(totals.bare / calls / 1024).toFixed(1)} KB per call`,
);
const keys = new Set([...byFunction.ours.keys(), ...byFunction.bare.keys()]);
const diff = [...keys]
  .map((k) => [k, ((byFunction.ours.get(k) ?? 0) - (byFunction.bare.get(k) ?? 0)) / calls] as const)
  .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
for (const [k, v] of diff.slice(0, 30))
  console.log(`  ${(v / 1024).toFixed(2).padStart(7)} KB  ${k}  (ours ${((byFunction.ours.get(k) ?? 0) / calls / 1024).toFixed(2)})`);
await sides.close();
child.stdin!.end();
