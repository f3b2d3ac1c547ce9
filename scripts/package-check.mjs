#!/usr/bin/env node
// The `package` suite of `npm test` (also `npm run package:check`): the npm
// package as a user gets it. Packs the tarball, lints it (publint, attw),
// installs it into a fresh project outside this repository (no @types/node,
// `skipLibCheck: false`) that must type-check and import in Node (a
// framework's server render), and builds the example apps in examples/
// against the tarball's contents, which test/e2e/examples.spec.ts then drives
// in Chromium, and the server-rendered examples (Next.js, Astro, Starlight)
// with the tarball installed beside their frameworks, which
// test/e2e/server-rendered.spec.ts drives. Writes reports/package-check.json ({ passed, failed, checks }).
// Needs dist/ (`npm run build`, the first step of `npm test`).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const work = join(root, '.tmp/package');
const checks = [];

/** Runs a command; returns its output, or throws with the tail of it. */
function run(cmd, args, { stdoutOnly = false, ...options } = {}) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${result.status ?? result.signal}:\n${output.slice(-4000)}`);
  return stdoutOnly ? result.stdout : output;
}

/** Runs a command in the background; resolves with its output, rejects with the tail of it. */
function runInBackground(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** Runs a command in the background; resolves with its exit status and output, whatever the status. */
function exitOf(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ status: null, signal: String(error), stdout, stderr }));
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** One named check: passes unless `body` throws. */
async function check(name, body) {
  const started = Date.now();
  try {
    const detail = await body();
    checks.push({ name, ok: true, ms: Date.now() - started, detail });
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    checks.push({ name, ok: false, ms: Date.now() - started, detail: String(error?.message ?? error) });
    console.log(`  ✗ ${name}\n${String(error?.message ?? error).replace(/^/gm, '    ')}`);
  }
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
let tarball = '';
/** The tarball's file list (from `npm pack --json`). */
let packed = [];

// The pages a user reads to install and use the package.
const userDocs = [
  'README.md',
  'docs/frameworks.md',
  'docs/api.md',
  'examples/README.md',
  ...readdirSync(join(root, 'docs/elements')).map((f) => `docs/elements/${f}`),
];

/**
 * What the user docs promise about the package, checked against the packed
 * file list: each `mcp-web-elements/<entry>` they import is in `exports` (and
 * each export's targets are packed), each `dist/...` file they name is packed
 * (a `*` or a trailing `/` matches any file there).
 */
function checkDocsPromises(files) {
  const problems = [];
  const exported = Object.keys(pkg.exports);
  const targets = Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)));
  for (const target of targets)
    if (!files.includes(target.slice(2))) problems.push(`package.json exports ${target}, which is not in the tarball`);
  let imports = 0;
  let paths = 0;
  for (const doc of userDocs.filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const [, entry] of text.matchAll(/['"`(\s]mcp-web-elements\/([a-z][\w./-]*[\w])/g)) {
      if (entry === 'dist' || entry.startsWith('dist/')) continue; // a file path, checked below
      imports++;
      if (!exported.includes(`./${entry}`)) problems.push(`${doc} imports mcp-web-elements/${entry}, which package.json does not export`);
    }
    for (const [, path] of text.matchAll(/(?:^|[\s`'"(/])(dist\/[\w./*-]*)/gm)) {
      if (path.includes('...') || path === 'dist/') continue;
      paths++;
      const pattern = new RegExp(
        `^${path
          .replace(/[.]/g, '\\.')
          .replace(/\*\*\//g, '(.*/)?')
          .replace(/\*/g, '[^/]*')}${path.endsWith('/') ? '' : '$'}`,
      );
      if (!files.some((f) => pattern.test(f))) problems.push(`${doc} names ${path}, which is not in the tarball`);
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return `${imports} imports and ${paths} file paths in ${userDocs.length} pages`;
}

await check('npm pack makes a tarball of what users need, and nothing else', () => {
  if (pkg.scripts.prepack !== 'npm run build') throw new Error('package.json must build dist/ in "prepack" ("npm run build")');
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  // dist/ was just built by the suite before; prepack would build it again.
  const [info] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { stdoutOnly: true }));
  tarball = join(work, info.filename);
  const files = info.files.map((f) => f.path);
  const required = [
    'LICENSE',
    'README.md',
    'package.json',
    'custom-elements.json',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/mcp-web-elements.js',
    'dist/react/index.js',
    'dist/react/index.d.ts',
    'dist/types/jsx.d.ts',
    'dist/types/vue.d.ts',
    'dist/types/svelte.d.ts',
    'dist/vscode.html-custom-data.json',
    'dist/web-types.json',
    'dist/mcp-app-sandbox.html',
    'CHANGELOG.md',
  ];
  const missing = required.filter((f) => !files.includes(f));
  if (missing.length) throw new Error(`missing from the tarball: ${missing.join(', ')}`);
  packed = files;
  const unwanted = files.filter(
    (f) => /^(src|test|demo|conformance|bench|scripts|examples|docs)\//.test(f) || /\.map$|fixtures|\.test\.|\.spec\./.test(f),
  );
  if (unwanted.length) throw new Error(`not for users, yet in the tarball: ${unwanted.slice(0, 10).join(', ')}`);
  // Issue 43: the engine's WebAssembly is the dependency's file (scripts/wasm-path.mjs), never a second copy
  // in the tarball (it was 3.8 MB packed with one; 0.84 MB before the engine came).
  const wasm = files.filter((f) => f.endsWith('.wasm'));
  if (wasm.length) throw new Error(`a WebAssembly file is in the tarball (the dependency carries it): ${wasm.join(', ')}`);
  if (info.size >= 1.5e6) throw new Error(`the tarball is ${(info.size / 1e6).toFixed(2)} MB packed: over the 1.5 MB limit`);
  const license = readFileSync(join(root, 'LICENSE'), 'utf8');
  if (pkg.license !== 'MIT' || !license.startsWith('MIT License')) throw new Error('LICENSE must be the MIT text package.json names');
  return `${info.filename}: ${(info.size / 1024).toFixed(0)} kB packed, ${(info.unpackedSize / 1024).toFixed(0)} kB unpacked, ${info.entryCount} files`;
});

// Issue 43: the on-device model (its engine, provider and consent) did not make the chat's first load
// grow. The first load as `npm run size` counts it (scripts/size.mjs): the page file and the chunks
// it loads before the chat is connected (`chat`, `mcp`, the runtime), gzip level 9. The limit is
// the figure before the last of that work (141.1 KB on 28 November, commit 7010257). On 29 November
// the voice buttons (issue 40: the microphone, Hands-free and Read aloud are drawn before anything is
// pressed; their code loads at the first press), the files' attach and refusal logic, an app view's own
// tools and the feedback and starters tools took it from 139.6 to 143.0 KB; an answer's sources moved
// out of it (loaded after a tool result) brought it to 141.4 KB. Issue 40 asks that the first load not
// grow: on 29 November (branch size40) the icons and English text only later parts use, the starters'
// reading, the feedback row's and the run form's style and publish-tools' code (browser agents' calls)
// moved to the chunks that use them, which took it to 139.4 KB (142,713 bytes) (docs/performance.md,
// "Issue 40: the first load back under 139.6 KB"). Then keeping SEP-2356's `x-mcp-file` on elicitation
// requests (which the SDK drops) added 212 bytes to the `mcp` chunk, and the voice buttons' on-state
// style moved to the voice chunk (-65): 142,864 bytes. The limit is the figure before issue 40's work,
// 139.6 KB: the first load may not grow past it.
const FIRST_LOAD_LIMIT = Math.ceil(139.6 * 1024);
await check("the chat's first load has not grown (gzip, as npm run size counts it)", () => {
  const chunks = readdirSync(join(root, 'dist/chunks')).filter((f) => /^(chat|mcp|rolldown-runtime)-[A-Za-z0-9_-]{8}\.js$/.test(f));
  if (!chunks.some((f) => f.startsWith('chat-')) || !chunks.some((f) => f.startsWith('mcp-')))
    throw new Error(`the first-load chunks were not found in dist/chunks (${chunks.join(', ')}): did their names change?`);
  const files = ['mcp-web-elements.js', ...chunks.map((f) => `chunks/${f}`)];
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(root, 'dist', f)), { level: 9 }).length, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  if (bytes > FIRST_LOAD_LIMIT) throw new Error(`the first load is ${kb(bytes)} gzip, over ${kb(FIRST_LOAD_LIMIT)} (${files.join(', ')})`);
  return `${kb(bytes)} gzip in ${files.length} files (limit ${kb(FIRST_LOAD_LIMIT)})`;
});

await check('the tarball holds what the docs promise: every import they show is an export, every file they name is packed', () => {
  if (!packed.length) throw new Error('no tarball (see the first check)');
  return checkDocsPromises(packed);
});

/** Steps after packing need the tarball. */
const needTarball = () => {
  if (!tarball) throw new Error('no tarball (see the first check)');
};

await check('the editor data (VS Code custom data, JetBrains web-types) lists every element, attribute and event', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
  const vscode = JSON.parse(readFileSync(join(root, 'dist/vscode.html-custom-data.json'), 'utf8'));
  const webTypes = JSON.parse(readFileSync(join(root, 'dist/web-types.json'), 'utf8'));
  if (pkg['web-types'] !== './dist/web-types.json')
    throw new Error('package.json must name dist/web-types.json in "web-types" (JetBrains reads it from there)');
  const problems = [];
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
  for (const element of elements) {
    const tag = vscode.tags.find((t) => t.name === element.tagName);
    const web = webTypes.contributions.html.elements.find((e) => e.name === element.tagName);
    if (!tag) problems.push(`VS Code data lacks <${element.tagName}>`);
    if (!web) problems.push(`web-types lack <${element.tagName}>`);
    for (const attribute of element.attributes ?? []) {
      if (tag && !tag.attributes.some((a) => a.name === attribute.name))
        problems.push(`VS Code data lacks ${element.tagName}[${attribute.name}]`);
      if (web && !web.attributes.some((a) => a.name === attribute.name))
        problems.push(`web-types lack ${element.tagName}[${attribute.name}]`);
    }
    for (const event of element.events ?? []) {
      if (web && !(web.js?.events ?? []).some((e) => e.name === event.name))
        problems.push(`web-types lack ${element.tagName} ${event.name}`);
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return `${elements.length} elements`;
});

await check('publint finds nothing in the tarball', () => {
  needTarball();
  const out = run(join(root, 'node_modules/.bin/publint'), ['run', tarball, '--strict']);
  if (!out.includes('All good!')) throw new Error(out);
});

// attw takes a while and needs only the tarball: it runs beside the next steps
// (two cores), and its check is recorded after them.
// The package is ESM only: node10 and require() from CommonJS are out of scope.
const attwStarted = Date.now();
const attw = tarball
  ? runInBackground(join(root, 'node_modules/.bin/attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'])
  : Promise.reject(new Error('no tarball (see the first check)'));
attw.catch(() => {}); // awaited below

// The server-rendered examples (examples/next, astro, starlight, docusaurus)
// need their frameworks (about 900 MB): one install for the four, in .tmp/frameworks,
// linked as each example's node_modules, beside the steps below (it waits on
// the network and the disk more than on the CPU); their builds follow it, one
// at a time, and are recorded at the end. test/e2e/server-rendered.spec.ts
// drives the builds in Chromium.
const frameworkApps = ['next', 'astro', 'starlight', 'docusaurus'];
const frameworkDeps = [
  'next@16.4.6',
  'react@19.3.1',
  'react-dom@19.3.1',
  '@types/react@19.3.0',
  '@types/react-dom@19.3.0',
  'typescript@5.9.3',
  'astro@5.18.2',
  '@astrojs/starlight@0.37.7',
  // Docusaurus builds with Rspack and SWC (`future.faster`): about 15 s instead of 4 min with webpack.
  '@docusaurus/core@3.10.2',
  '@docusaurus/preset-classic@3.10.2',
  '@docusaurus/faster@3.10.2',
];
const frameworkTimes = {};
/** Runs `body`, keeping its wall-clock time under `name` for the report. */
const timed = async (name, body) => {
  const started = Date.now();
  try {
    return await body();
  } finally {
    frameworkTimes[name] = Date.now() - started;
  }
};
const frameworksDir = join(root, '.tmp/frameworks');
const frameworksInstalled = !tarball
  ? Promise.reject(new Error('no tarball (see the first check)'))
  : timed('install', async () => {
      rmSync(frameworksDir, { recursive: true, force: true });
      mkdirSync(frameworksDir, { recursive: true });
      writeFileSync(join(frameworksDir, 'package.json'), JSON.stringify({ name: 'frameworks', private: true }));
      await runInBackground('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...frameworkDeps], {
        cwd: frameworksDir,
      });
      for (const app of frameworkApps) {
        const link = join(root, 'examples', app, 'node_modules');
        rmSync(link, { recursive: true, force: true });
        symlinkSync(relative(dirname(link), join(frameworksDir, 'node_modules')), link);
      }
      const size = run('du', ['-sm', join(frameworksDir, 'node_modules')], { stdoutOnly: true }).split('\t')[0];
      return `${size} MB`;
    });
const frameworkEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1' };
const frameworkBin = (name) => join(frameworksDir, 'node_modules/.bin', name);
const frameworkBuilds = {};
let frameworkChain = frameworksInstalled.catch(() => {});
for (const app of frameworkApps) {
  const [bin, args] = { next: ['next', ['build']], docusaurus: ['docusaurus', ['build']] }[app] ?? ['astro', ['build']];
  frameworkBuilds[app] = frameworkChain.then(async () => {
    await frameworksInstalled;
    return timed(app, () => runInBackground(frameworkBin(bin), args, { cwd: join(root, 'examples', app), env: frameworkEnv }));
  });
  frameworkBuilds[app].catch(() => {}); // awaited below
  frameworkChain = frameworkBuilds[app].catch(() => {});
}
frameworksInstalled.catch(() => {});

// A fresh project outside this repository, so nothing of ours (node_modules,
// @types/node) is found by walking up. Versions as in our lockfile, so npm
// takes them from its cache.
const consumer = mkdtempSync(join(tmpdir(), 'mcp-web-elements-consumer-'));
const version = (name) => `${name}@${pkg.devDependencies[name]}`;
let installed = false;

await check('the tarball installs into a fresh project', () => {
  needTarball();
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      tarball,
      version('typescript'),
      version('react'),
      version('react-dom'),
      version('@types/react'),
      version('vue'),
    ],
    { cwd: consumer },
  );
  if (existsSync(join(consumer, 'node_modules/@types/node'))) throw new Error('@types/node came with the package: users must not need it');
  installed = true;
});

// The type checks are single-threaded and take a minute or more each: they run
// in two lanes on the machine's two cores (this one, then svelte-check; React's
// tsc, then vue-tsc, below) and are recorded in order.
const consumerFiles = installed ? (cpSync(join(root, 'test/package/consumer'), consumer, { recursive: true }), true) : false;
const consumerTypeCheck = consumerFiles
  ? runInBackground(join(consumer, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: consumer })
  : Promise.reject(new Error('not installed'));
consumerTypeCheck.catch(() => {}); // settled below

await check('importing every entry in Node (server render) does not throw; React renders the tags on the server', () => {
  if (!installed) throw new Error('not installed');
  const out = run('node', ['ssr.mjs'], { cwd: consumer });
  if (!out.includes('<mcp-chat')) throw new Error(`the server render has no <mcp-chat>:\n${out}`);
  return out.trim().split('\n').at(-1);
});

// React 18 beside our React 19, for a second build of the React example.
const react18 = mkdtempSync(join(tmpdir(), 'mcp-web-elements-react18-'));
await check('React 18 installs for the React example (built on both 18 and 19)', () => {
  writeFileSync(join(react18, 'package.json'), JSON.stringify({ name: 'react18', private: true }));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', 'react@18.3.1', 'react-dom@18.3.1'], { cwd: react18 });
});

await check('are-the-types-wrong finds nothing in the tarball (ESM-only profile)', async () => {
  await attw;
  return `ran beside the steps above, ${((Date.now() - attwStarted) / 1000).toFixed(1)} s from its start`;
});

// The example apps import `mcp-web-elements` as users do; here it resolves to
// the tarball's contents in examples/node_modules, and its dependencies
// (lit, the SDK, React...) to this repository's node_modules.
let unpacked = false;
await check('the tarball unpacks as examples/node_modules/mcp-web-elements', () => {
  needTarball();
  const target = join(root, 'examples/node_modules/mcp-web-elements');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  unpacked = true;
});

/**
 * Each example app is checked by its framework's own checker, together with
 * the wrong usages in test/package/type-errors/<app>/ (copied beside it into
 * examples/<app>/.type-check/, with a tsconfig that takes both): the app must
 * have no error, and each wrong file must fail with every message its
 * `expect:` lines name. One run per app proves both.
 */
async function typeCheck(app, checker) {
  if (!unpacked) throw new Error('the tarball is not unpacked (see above)');
  const dir = join(root, 'examples', app, '.type-check');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const fixtures = join(root, 'test/package/type-errors', app);
  const wrong = readdirSync(fixtures);
  cpSync(fixtures, dir, { recursive: true });
  const base = JSON.parse(readFileSync(join(root, 'examples', app, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: '../tsconfig.json', include: [...base.include.map((p) => `../${p}`), './*'] }, null, 2),
  );
  const bin = (name) => join(root, 'node_modules/.bin', name);
  const args = {
    tsc: [bin('tsc'), ['-p', '.type-check/tsconfig.json', '--pretty', 'false']],
    'vue-tsc': [bin('vue-tsc'), ['-p', '.type-check/tsconfig.json', '--pretty', 'false']],
    'svelte-check': [bin('svelte-check'), ['--tsconfig', './.type-check/tsconfig.json', '--output', 'machine', '--fail-on-warnings']],
  }[checker];
  const result = await exitOf(args[0], args[1], { cwd: join(root, 'examples', app) });
  rmSync(dir, { recursive: true, force: true });
  const output = `${result.stdout}${result.stderr}`;
  // One line per error: `file(line,col): error TS…` (tsc, vue-tsc) or `<time> ERROR "file" line:col "message"` (svelte-check).
  // A tsc error's explanation continues on indented lines: keep them with it.
  const errors = [];
  for (const line of output.split('\n')) {
    if (/\): error TS\d+|^\d+ ERROR /.test(line)) errors.push(line);
    else if (/^\s+\S/.test(line) && errors.length) errors[errors.length - 1] += `\n${line}`;
  }
  const problems = [];
  const inApp = errors.filter((l) => !l.includes('.type-check/'));
  if (inApp.length) problems.push(`the ${app} example itself fails ${checker}:\n${inApp.join('\n')}`);
  for (const file of wrong) {
    const expected = [...readFileSync(join(fixtures, file), 'utf8').matchAll(/^(?:\/\/ )?expect: (.*)$/gm)].map((m) => m[1].trim());
    const own = errors.filter((l) => l.includes(`.type-check/${file}`)).join('\n');
    for (const message of expected)
      if (!own.includes(message))
        problems.push(`${checker} accepted a wrong usage in test/package/type-errors/${app}/${file}: no error "${message}"`);
  }
  if (!errors.length && result.status !== 0)
    problems.push(`${checker} exited ${result.status ?? result.signal} without errors we could read:\n${output.slice(-3000)}`);
  if (problems.length) throw new Error(`${problems.join('\n')}\n--- ${checker} said:\n${output.slice(-3000)}`);
  return `the app passes; ${errors.length} errors in ${wrong.join(', ')}, as expected`;
}

/** A promise that never rejects: its value or its error, for checks recorded later. */
const settle = (promise) =>
  promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
/** The value of a settled promise, or its error thrown. */
const unwrap = ({ value, error }) => {
  if (error) throw error;
  return value;
};
const consumerDone = settle(consumerTypeCheck);
const svelteDone = consumerDone.then(() => settle(typeCheck('svelte', 'svelte-check')));
const reactDone = settle(typeCheck('react', 'tsc'));
const vueDone = reactDone.then(() => settle(typeCheck('vue', 'vue-tsc')));
await check('a TypeScript project with skipLibCheck: false and no @types/node type-checks against it', async () => {
  unwrap(await consumerDone);
});
rmSync(consumer, { recursive: true, force: true });
await check('React: tsc passes the example app and rejects a wrong event handler and property', async () => unwrap(await reactDone));
await check(
  'Vue: vue-tsc passes the example app (with env.d.ts as documented) and rejects a wrong @mcp-tool-call handler and property',
  async () => unwrap(await vueDone),
);
await check(
  'Svelte: svelte-check passes the example app (with app.d.ts as documented) and rejects a wrong onmcp-tool-call handler and property',
  async () => unwrap(await svelteDone),
);

await check('the example apps build with their usual tooling against the tarball', async () => {
  if (!unpacked) throw new Error('the tarball is not unpacked (see above)');
  const { build } = await import('vite');
  const built = [];
  const builds = [
    { app: 'react', name: 'react' },
    { app: 'vue', name: 'vue' },
    { app: 'svelte', name: 'svelte' },
    // The same React app on React 18 (examples/react/dist-react18/).
    {
      app: 'react',
      name: 'react 18',
      config: {
        resolve: { alias: [{ find: /^react(-dom)?(\/.*)?$/, replacement: `${join(react18, 'node_modules')}/react$1$2` }] },
        build: { outDir: 'dist-react18' },
      },
    },
  ];
  for (const { app, name, config = {} } of builds) {
    const started = Date.now();
    await build({
      root: join(root, 'examples', app),
      configFile: join(root, 'examples', app, 'vite.config.ts'),
      logLevel: 'warn',
      ...config,
    });
    built.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // The React 18 build must hold React 18 only (React puts its version in the bundle).
  const assets = join(root, 'examples/react/dist-react18/assets');
  const code = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
  const version = (v) => new RegExp(`version[=:]["'\`]${v.replace(/\./g, '\\.')}["'\`]`);
  if (!version('18.3.1').test(code) || version(pkg.devDependencies.react).test(code))
    throw new Error('the React 18 build of examples/react does not hold React 18 alone');
  return built.join(', ');
});
rmSync(react18, { recursive: true, force: true });

// VitePress is this repository's own docs tool: the example docs site builds
// with it, importing the unpacked tarball; test/e2e/server-rendered.spec.ts
// opens it like the other docs sites.
await check('VitePress: the example docs site (<mcp-chat auto launcher> in the layout-bottom slot) builds', () => {
  if (!unpacked) throw new Error('the tarball is not unpacked (see above)');
  const started = Date.now();
  run(join(root, 'node_modules/.bin/vitepress'), ['build', 'examples/vitepress']);
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
});

const seconds = (name) => `${((frameworkTimes[name] ?? 0) / 1000).toFixed(1)} s`;
await check(
  'the server-rendered examples install the tarball with Next.js, Astro, Starlight and Docusaurus (one shared install)',
  async () => {
    const size = await frameworksInstalled;
    return `${size} in ${seconds('install')}, beside the steps above`;
  },
);
await check('Next.js: the example (app router, mcp-web-elements/react, McpChatPlaceholder) builds and prerenders', async () => {
  await frameworkBuilds.next;
  return seconds('next');
});
await check('Astro: the example (chatPlaceholderHtml in the page) builds', async () => {
  await frameworkBuilds.astro;
  return seconds('astro');
});
await check('Starlight: the example docs site (<mcp-chat auto launcher> on every page) builds', async () => {
  await frameworkBuilds.starlight;
  return seconds('starlight');
});
await check('Docusaurus: the example docs site (<mcp-chat auto launcher> in the swizzled Root) builds', async () => {
  await frameworkBuilds.docusaurus;
  return seconds('docusaurus');
});

const passed = checks.filter((c) => c.ok).length;
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports/package-check.json'), JSON.stringify({ passed, failed: checks.length - passed, checks }, null, 2));
console.log(`package: ${passed} passed, ${checks.length - passed} failed`);
process.exit(passed === checks.length ? 0 : 1);
