#!/usr/bin/env node
// MCP Apps benchmarks (print figures; not tests).
//
// 1. Bytes the host adds: two production builds of a page entry (Vite,
//    minified, code splitting on): one importing McpConnection and Lit only,
//    one also importing <mcp-app-view>. The difference of their eagerly loaded
//    JavaScript (gzip) is what the element adds to every page; the chunk with
//    the Apps SDK's AppBridge is loaded only when the first view appears.
// 2. Time from tool result to the app's first paint: the demo server's
//    counter app shown by <mcp-app-view> in headless Chromium (sandbox proxy on
//    a second origin, both servers on 127.0.0.1). The view is created when the
//    result is there (a docs page or the palette's runner); the app reports
//    Date.now() one frame after it rendered the result. First view of the page
//    (the bridge chunk still to load) and the median of 7 later views.
// 3. (issue 28) In the chat, a first visit: a fresh page per run loads the
//    built bundle (dist/mcp-web-elements.js, built first), <mcp-chat> with the
//    demo server and sandbox-url connects and settles for a second, then
//    `chat.runTool('counter-app')`: from the call's result arriving (the
//    connection's callTool settling) to the app's first paint (goal < 150 ms),
//    and a second call's view on the same page.
// Run: node --import tsx bench/apps.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { build } from 'vite';
import { startDemoServer } from '../demo/server/server.ts';
import { startSandboxOrigin } from '../demo/server/sandbox-origin.ts';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { boundGoal } from './lib/goal.mjs';
import { startViteOrigin } from './lib/vite-origin.mjs';
import { median, spread } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const kb = (n) => (n / 1024).toFixed(1);

async function eagerAndLazy(source) {
  const dir = mkdtempSync(join(root, '.bench-apps-')); // inside the repo, so bare imports resolve
  try {
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, source);
    const out = join(dir, 'out');
    const result = await build({
      root,
      configFile: false,
      logLevel: 'error',
      build: { outDir: out, write: true, minify: true, target: 'es2022', lib: { entry, formats: ['es'], fileName: 'entry' } },
    });
    const chunks = (Array.isArray(result) ? result[0] : result).output.filter((o) => o.type === 'chunk');
    const entryChunk = chunks.find((c) => c.isEntry);
    const eager = new Set();
    const visit = (name) => {
      if (eager.has(name)) return;
      eager.add(name);
      for (const dep of chunks.find((c) => c.fileName === name)?.imports ?? []) visit(dep);
    };
    visit(entryChunk.fileName);
    const gz = (c) => gzipSync(Buffer.from(c.code), { level: 9 }).length;
    const eagerBytes = chunks.filter((c) => eager.has(c.fileName)).reduce((s, c) => s + gz(c), 0);
    const lazy = chunks.filter((c) => !eager.has(c.fileName));
    return {
      eagerBytes,
      lazy: lazy.map((c) => ({ name: c.fileName, gzip: gz(c), bridge: c.moduleIds.some((id) => id.includes('ext-apps')) })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const base = await eagerAndLazy(
  `import { McpConnection } from '${root}src/mcp/connection.ts'; import { LitElement } from 'lit'; console.log(McpConnection, LitElement);`,
);
const withView = await eagerAndLazy(
  `import { McpConnection } from '${root}src/mcp/connection.ts'; import { LitElement } from 'lit'; import '${root}src/elements/mcp-app-view/mcp-app-view.ts'; console.log(McpConnection, LitElement);`,
);
const bridge = withView.lazy.filter((c) => c.bridge).reduce((s, c) => s + c.gzip, 0);
console.log(
  `<mcp-app-view> adds ${kb(withView.eagerBytes - base.eagerBytes)} KB gzip to a page that already has the MCP client and Lit (eager).`,
);
console.log(
  `The AppBridge chunk, loaded at the first view only: ${kb(bridge)} KB gzip (${withView.lazy.length} lazy chunk(s), ${kb(withView.lazy.reduce((s, c) => s + c.gzip, 0))} KB in all).`,
);

const demo = await startDemoServer({ port: 0 });
const sandbox = await startSandboxOrigin({ port: 0 });
const vite = await startViteOrigin();
let browser;
try {
  const { origin } = vite;
  browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  // A served page (not page.route): Chromium refused the cross-origin fetches of a routed document here.
  await page.goto(`${origin}/bench/apps/index.html`);
  await page.evaluate(
    async ({ demoUrl }) => {
      const { McpConnection } = await import('/src/mcp/connection.ts');
      await import('/src/elements/mcp-app-view/mcp-app-view.ts');
      const connection = new McpConnection({ url: demoUrl });
      try {
        await connection.connect();
      } catch (error) {
        throw new Error(`${error.message} | ${String(error.cause ?? '')} | ${JSON.stringify(error.details ?? {})}`);
      }
      window.__bench = { connection };
    },
    { demoUrl: demo.url },
  );
  const once = () =>
    page.evaluate(
      async ({ sandboxUrl }) => {
        const { connection } = window.__bench;
        const result = await connection.callTool('counter-app', {});
        const painted = new Promise((resolve) => {
          const on = (e) => {
            if (e.message.logger === 'app:demo-app' && e.message.data?.step === 'painted') {
              connection.removeEventListener('mcp-log-message', on);
              resolve(e.message.data.detail);
            }
          };
          connection.addEventListener('mcp-log-message', on);
        });
        const view = document.createElement('mcp-app-view');
        view.sandboxUrl = sandboxUrl;
        view.connection = connection;
        view.tool = 'counter-app';
        view.toolInput = {};
        view.toolResult = result;
        const t0 = Date.now();
        document.body.append(view);
        const t1 = await painted;
        await view.close();
        view.remove();
        return t1 - t0;
      },
      { sandboxUrl: sandbox.url },
    );
  const first = await once();
  const later = [];
  for (let i = 0; i < 7; i++) later.push(await once());
  later.sort((a, b) => a - b);
  console.log(
    `Tool result to the app's first paint: first view ${first} ms (bridge chunk, proxy page and app loaded), later views median ${later[3]} ms (min ${later[0]}, max ${later[6]}).`,
  );
  await page.close();

  // 3. In the chat, the built bundle, a fresh page per run.
  execFileSync(process.execPath, ['scripts/size.mjs', '--json'], { cwd: root, stdio: 'ignore' });
  const RUNS = Number(process.env.RUNS ?? 7);
  const inChat = async () => {
    const tab = await browser.newPage({ viewport: { width: 900, height: 800 } });
    await tab.goto(`${origin}/bench/apps/index.html`);
    const times = await tab.evaluate(
      async ({ demoUrl, sandboxUrl }) => {
        await import('/dist/mcp-web-elements.js');
        await customElements.whenDefined('mcp-chat');
        const chat = document.createElement('mcp-chat');
        chat.server = demoUrl;
        chat.sandboxUrl = sandboxUrl;
        chat.store = null;
        chat.style.height = '700px';
        document.body.append(chat);
        while (!chat.serverSet.listTools().some((t) => t.name === 'counter-app')) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, 1000));
        const connection = chat.serverSet.hub.connections[0];
        // When the result arrives: the connection's callTool settling (the chat shows the view from it).
        const call = connection.callTool.bind(connection);
        let resultAt = 0;
        connection.callTool = async (...args) => {
          const result = await call(...args);
          resultAt = Date.now();
          return result;
        };
        const once = async () => {
          const painted = new Promise((resolve) => {
            const on = (e) => {
              if (e.message.logger === 'app:demo-app' && e.message.data?.step === 'painted') {
                connection.removeEventListener('mcp-log-message', on);
                resolve(e.message.data.detail);
              }
            };
            connection.addEventListener('mcp-log-message', on);
          });
          await chat.runTool('counter-app', {});
          return (await painted) - resultAt;
        };
        return [await once(), await once()];
      },
      { demoUrl: demo.url, sandboxUrl: sandbox.url },
    );
    await tab.close();
    return times;
  };
  await inChat(); // warm-up: Vite serves the files for the first time
  const firstViews = [];
  const secondViews = [];
  for (let i = 0; i < RUNS; i++) {
    const [a, b] = await inChat();
    firstViews.push(a);
    secondViews.push(b);
  }
  console.log(
    `In <mcp-chat> (built bundle, fresh page per run): result to the app's first paint, the page's first view ${spread(firstViews)}; its second view ${spread(secondViews)}`,
  );
  boundGoal(
    "app view painted after the tool's result (chat, first view of a page)",
    { value: median(firstViews), text: spread(firstViews) },
    150,
    'ms',
    `second view ${spread(secondViews)}`,
  );
} finally {
  await browser?.close();
  await vite.close();
  await sandbox.close();
  await demo.close();
}
