#!/usr/bin/env node
// `npm run bench`: every benchmark in bench/*.mjs, one after the other (they
// print their own figures), then the bundle size. Benchmarks measure; they do
// not pass or fail.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const benches = readdirSync('bench').filter((f) => f.endsWith('.mjs')).sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
console.log('\n=== size ===');
spawnSync(process.execPath, ['scripts/size.mjs', '--build'], { stdio: 'inherit' });
process.exit(failed ? 1 : 0);
