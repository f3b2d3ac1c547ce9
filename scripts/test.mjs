#!/usr/bin/env node
// `npm test`: every suite, in steps. Each writes a JSON report to reports/;
// the closing line `N passed, N failed` is summed from those reports.
//
// Two cores, three steps (timings: docs/contributing.md):
// 1. the build, and beside it the formatter's check;
// 2. Vitest alone (it keeps both cores busy itself: vitest.config.ts runs two
//    files at a time, then the files that assert wall clock alone). Beside it,
//    even at nice 19, the package check made two of its Chromium tests fail
//    once in five runs;
// 3. two lanes of suites that only wait on events, with generous timeouts:
//    Playwright in two runs (the second: the MCP Apps specs and chat-polish),
//    the docs build, then the three specs that drive what the package check
//    and the docs build make; and beside it the package check, then the
//    conformance suite.
// The first lane of a step prints as it goes; the others keep their output and
// print it, suite by suite, when the step ends, so the log reads suite by suite.
//
// TEST_SUITES=build,conformance runs only those (default: all); the closing
// line then counts only their reports.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { summarize } from './summarize.mjs';

const specs = existsSync('test/e2e')
  ? readdirSync('test/e2e')
      .filter((f) => f.endsWith('.spec.ts'))
      .sort()
  : [];
/** The specs that drive what the package check builds (examples/) and the docs build (dist-docs/). */
const needBuilt = ['docs-site.spec.ts', 'examples.spec.ts', 'server-rendered.spec.ts'].filter((f) => specs.includes(f));
/** The specs of the second Playwright run: the MCP Apps specs and chat-polish. */
const secondLane = ['app-examples.spec.ts', 'apps.spec.ts', 'chat-polish.spec.ts'].filter((f) => specs.includes(f));
const specPaths = (files) => files.map((f) => `test/e2e/${f}`);

/** Each suite: its command and the report it writes. */
const all = {
  // The library and the single-file bundle must build (the bundle's e2e test loads it).
  build: { cmd: ['npm', 'run', 'build', '--silent'], report: 'build.json' },
  // One formatter (prettier, .prettierrc.json): code that is not formatted fails the run.
  format: { cmd: ['npm', 'run', 'format:check', '--silent'], report: 'format.json' },
  // The npm package as users get it: tarball, publint, attw, a fresh TypeScript
  // consumer, Node import, the example apps built (writes reports/package-check.json;
  // test/e2e/examples.spec.ts and server-rendered.spec.ts drive the apps).
  package: { cmd: ['node', 'scripts/package-check.mjs'], report: 'package-check.json' },
  // The documentation site (dead internal links fail it); test/e2e/docs-site.spec.ts checks it.
  docs: { cmd: ['npm', 'run', 'docs', '--silent'], report: 'docs.json' },
  vitest: {
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json'],
    report: 'vitest.json',
  },
  // The official MCP conformance suite against our client in Chromium (writes reports/conformance.json).
  conformance: { cmd: ['node', 'conformance/run.mjs'], report: 'conformance.json' },
  ...(specs.length > needBuilt.length + secondLane.length && {
    playwright: {
      cmd: ['npx', 'playwright', 'test', ...specPaths(specs.filter((f) => !needBuilt.includes(f) && !secondLane.includes(f)))],
      report: 'playwright.json',
    },
  }),
  // Its own output folder: each Playwright run empties its folder when it starts.
  ...(secondLane.length && {
    'playwright-2': {
      cmd: ['npx', 'playwright', 'test', '--output', 'test-results/second', ...specPaths(secondLane)],
      report: 'playwright-2.json',
    },
  }),
  ...(needBuilt.length && {
    'playwright-built': {
      cmd: ['npx', 'playwright', 'test', '--output', 'test-results/built', ...specPaths(needBuilt)],
      report: 'playwright-built.json',
      after: ['package', 'docs'],
    },
  }),
};
/**
 * The order: each step's lanes run at once, each lane's suites one after the
 * other; a suite with `after` also waits for those suites (in another lane).
 */
const steps = [
  [['build'], ['format']],
  [['vitest']],
  [
    ['playwright', 'playwright-2', 'docs', 'playwright-built'],
    ['package', 'conformance'],
  ],
];

const selected = process.env.TEST_SUITES?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = (selected ?? []).filter((name) => !all[name]);
if (unknown.length) {
  console.error(`TEST_SUITES names no suite called ${unknown.join(', ')} (there are ${Object.keys(all).join(', ')})`);
  process.exit(2);
}
const runs = (name) => Boolean(all[name]) && (!selected || selected.includes(name));

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

/**
 * Runs one suite. `live`: its output goes straight to ours; otherwise it is
 * kept and handed back for printing later. Resolves when it ends.
 */
function runSuite(name, live) {
  const suite = all[name];
  const [cmd, ...args] = suite.cmd;
  const started = Date.now();
  if (live) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `reports/${suite.report}` },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${suite.cmd.join(' ')}: ${error.message}\n`)));
    child.on('close', (status) => {
      // build, format and docs print no counts: one check each, passed when they exit 0.
      if (name === 'build' || name === 'format' || name === 'docs') {
        writeFileSync(`reports/${suite.report}`, JSON.stringify({ passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 }));
      }
      resolve({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000), output: Buffer.concat(output) });
    });
  });
}

let exitCode = 0;
const times = [];
const started = Date.now();
for (const step of steps) {
  const lanes = step.map((lane) => lane.filter(runs)).filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  const beside = lanes.slice(1).flat();
  if (beside.length) console.log(`\n(${beside.join(', ')} run beside ${lanes[0].join(', ')}; their output follows it)`);
  // The first lane prints live; the others keep their output until the step ends.
  // `ended`: for each suite of this step, a promise that settles when it has run.
  const ended = new Map();
  const endOf = new Map();
  for (const name of lanes.flat()) ended.set(name, new Promise((resolve) => endOf.set(name, resolve)));
  const results = await Promise.all(
    lanes.map(async (lane, i) => {
      const done = [];
      for (const name of lane) {
        await Promise.all((all[name].after ?? []).filter((other) => ended.has(other)).map((other) => ended.get(other)));
        const result = await runSuite(name, i === 0);
        endOf.get(name)(result);
        done.push(result);
      }
      return done;
    }),
  );
  for (const [i, lane] of results.entries()) {
    for (const result of lane) {
      if (i > 0) {
        console.log(`\n=== ${result.name} (ran beside ${lanes[0].join(', ')}) ===`);
        process.stdout.write(result.output);
      }
      times.push(`${result.name} ${result.seconds} s${i > 0 ? ' (beside)' : ''}`);
      if (!result.ok) exitCode = 1;
    }
  }
}

const expected = Object.keys(all)
  .filter(runs)
  .map((name) => all[name].report);
const { passed, failed, missing, failures } = summarize('reports', expected);
// Named at the end, where a log cut to its tail still shows them.
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
for (const file of missing) console.log(`no report from ${file}: counted as a failure`);
if (failed > 0 || missing.length > 0) exitCode = 1;
// Where the time went (the goal is under 15 minutes on a 2-core machine).
console.log(`\ntime: ${times.join(', ')}; ${Math.round((Date.now() - started) / 1000)} s in all`);
console.log(`${passed} passed, ${failed + missing.length} failed`);
process.exit(exitCode);
