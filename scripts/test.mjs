#!/usr/bin/env node
// `npm test`: every suite, one after the other (two cores: running them in
// parallel starves the browsers). Each writes a JSON report to reports/;
// the closing line `N passed, N failed` is summed from those reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { summarize } from './summarize.mjs';

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

const suites = [
  // The library and the single-file bundle must build (the bundle's e2e test loads it).
  ['build', ['npm', 'run', 'build', '--silent']],
  // The npm package as users get it: tarball, publint, attw, a fresh TypeScript
  // consumer, Node import, the example apps built (writes reports/package-check.json;
  // test/e2e/examples.spec.ts drives the apps).
  ['package', ['node', 'scripts/package-check.mjs']],
  // The documentation site (dead internal links fail it); test/e2e/docs-site.spec.ts checks it.
  ['docs', ['npm', 'run', 'docs', '--silent']],
  ['vitest', ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']],
  // The official MCP conformance suite against our client in Chromium (writes reports/conformance.json).
  ['conformance', ['node', 'conformance/run.mjs']],
];
const hasE2e = existsSync('test/e2e') && readdirSync('test/e2e').some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  suites.push(['playwright', ['npx', 'playwright', 'test']]);
}

let exitCode = 0;
const times = [];
const started = Date.now();
for (const [name, [cmd, ...args]] of suites) {
  console.log(`\n=== ${name} ===`);
  const suiteStarted = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: 'reports/playwright.json' } });
  times.push(`${name} ${Math.round((Date.now() - suiteStarted) / 1000)} s`);
  if (run.status !== 0) exitCode = 1;
  if (name === 'build' || name === 'docs') writeFileSync(`reports/${name}.json`, JSON.stringify({ passed: run.status === 0 ? 1 : 0, failed: run.status === 0 ? 0 : 1 }));
}

const expected = ['build.json', 'package-check.json', 'docs.json', 'vitest.json', 'conformance.json', ...(hasE2e ? ['playwright.json'] : [])];
const { passed, failed, missing } = summarize('reports', expected);
for (const file of missing) console.log(`no report from ${file}: counted as a failure`);
if (failed > 0 || missing.length > 0) exitCode = 1;
// Where the time went (the goal is under 15 minutes on a 2-core machine).
console.log(`\ntime: ${times.join(', ')}; ${Math.round((Date.now() - started) / 1000)} s in all`);
console.log(`${passed} passed, ${failed + missing.length} failed`);
process.exit(exitCode);
