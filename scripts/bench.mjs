#!/usr/bin/env node
// `npm run bench`: every benchmark in bench/*.mjs, one after the other (they
// print their own figures), then the bundle size, then the goal lines
// ("GOAL | …", bench/lib/goal.mjs) of every benchmark again as one table.
// Benchmarks measure; they do not pass or fail. A benchmark that fails to run
// does not stop the others: the exit code is non-zero only at the end.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const benches = readdirSync('bench')
  .filter((f) => f.endsWith('.mjs'))
  .sort();
const goals = [];
let failed = 0;

/** Runs one benchmark, its output passed through as it comes; resolves with its exit code. */
function runBench(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) if (line.startsWith('GOAL |')) goals.push(`${line} | ${file}`);
    });
    child.on('close', (code) => {
      if (rest.startsWith('GOAL |')) goals.push(`${rest} | ${file}`);
      resolve(code);
    });
  });
}

for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  const status = await runBench(file);
  if (status !== 0) {
    failed += 1;
    console.log(`bench/${file} exited with ${status}; the others still run`);
  }
}
console.log('\n=== size ===');
spawnSync(process.execPath, ['scripts/size.mjs', '--build'], { stdio: 'inherit' });
console.log(`\n=== every goal line (${new Date().toISOString()}) ===`);
console.log('| goal | figure | peer or floor, same run | ratio | goal | met | bench |');
console.log('|---|---|---|---|---|---|---|');
for (const line of goals) console.log(`| ${line.slice('GOAL | '.length)} |`);
if (failed) console.log(`\n${failed} benchmark(s) failed to run`);
process.exit(failed ? 1 : 0);
