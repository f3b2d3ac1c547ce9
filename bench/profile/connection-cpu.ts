// Where McpConnection spends more CPU than a bare SDK Client per echo call (issue 42), in
// Node: a CPU profile (inspector, 100 µs sampling) of N calls of each side on a demo server
// in a child process, self time grouped by function (file:line); prints each side's
// profiled time per call and the functions whose self time per call differs most.
// Run: node --import tsx bench/profile/connection-cpu.ts [legacy|modern]  (N=250, twice per side)
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { costSides, type Era } from '../connection/run.ts';

const era = (process.argv[2] ?? 'legacy') as Era;
const N = Number(process.env.N ?? 250);
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../connection/server.ts', import.meta.url))], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', (line) => resolve(line.trim())));
const sides = await costSides(url, era);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
const byFunction = { ours: new Map<string, number>(), bare: new Map<string, number>() };
const totals = { ours: 0, bare: 0 };
for (const side of ['ours', 'bare', 'bare', 'ours'] as const) {
  await session.post('Profiler.start');
  await sides.block(side, N);
  const { profile } = await session.post('Profiler.stop');
  const nodes = new Map<number, Node>((profile.nodes as Node[]).map((n) => [n.id, n]));
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const f = nodes.get(id)!.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') return;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/')}:${f.lineNumber + 1}`;
    const us = deltas[i + 1] ?? 0;
    byFunction[side].set(key, (byFunction[side].get(key) ?? 0) + us);
    totals[side] += us;
  });
}
const calls = 2 * N;
console.log(
  `${era} era, ${calls} calls per side, profiled (busy) time: McpConnection ${(totals.ours / calls).toFixed(0)} µs per call, bare Client ${(totals.bare / calls).toFixed(0)} µs per call`,
);
const keys = new Set([...byFunction.ours.keys(), ...byFunction.bare.keys()]);
const diff = [...keys]
  .map((k) => [k, ((byFunction.ours.get(k) ?? 0) - (byFunction.bare.get(k) ?? 0)) / calls] as const)
  .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
for (const [k, v] of diff.slice(0, 25))
  console.log(`  ${v.toFixed(1).padStart(7)} µs  ${k}  (ours ${((byFunction.ours.get(k) ?? 0) / calls).toFixed(1)})`);
await sides.close();
child.stdin!.end();
