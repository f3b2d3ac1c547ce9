#!/usr/bin/env node
// A/B of apps.mjs's in-chat figure (issue 42): the first app view of a page in <mcp-chat>,
// from the tool's result (the connection's callTool settling) to the app's first paint,
// for two or more builds of dist/ interleaved run by run (A B B A …), a fresh page per run,
// so that both sides share the machine's load. Also prints where the time went in each run:
// the <mcp-app-view> element on the page, the sandbox proxy page's request and response
// (the frame's navigation; negative when the view started it while the call ran), and the
// app's paint, each in ms after the result.
// Run: DISTS=".tmp/dist-old dist" node --import tsx bench/profile/app-view.mjs  (RUNS=9)
import { chromium } from 'playwright';
import { startDemoServer } from '../../demo/server/server.ts';
import { startSandboxOrigin } from '../../demo/server/sandbox-origin.ts';
import { chromiumExecutable } from '../../scripts/chromium.mjs';
import { median } from '../lib/stats.mjs';
import { startViteOrigin } from '../lib/vite-origin.mjs';

const RUNS = Number(process.env.RUNS ?? 9);
const dists = (process.env.DISTS ?? 'dist').split(' ');
const demo = await startDemoServer({ port: 0 });
const sandbox = await startSandboxOrigin({ port: 0 });
const vite = await startViteOrigin();
let browser;
try {
  const { origin } = vite;
  browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
  const inChat = async (dist) => {
    const tab = await browser.newPage({ viewport: { width: 900, height: 800 } });
    await tab.goto(`${origin}/bench/apps/index.html`);
    const times = await tab.evaluate(
      async ({ demoUrl, sandboxUrl, bundle }) => {
        performance.setResourceTimingBufferSize(100000);
        await import(bundle);
        await customElements.whenDefined('mcp-chat');
        const chat = document.createElement('mcp-chat');
        chat.server = demoUrl;
        chat.sandboxUrl = sandboxUrl;
        chat.store = null;
        chat.style.height = '700px';
        document.body.append(chat);
        while (!chat.serverSet.listTools().some((t) => t.name === 'counter-app')) await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, 1000));
        const prewarmed = !!customElements.get('mcp-app-view');
        const connection = chat.serverSet.hub.connections[0];
        const call = connection.callTool.bind(connection);
        let resultAt = 0;
        let resultPerf = 0;
        connection.callTool = async (...args) => {
          const result = await call(...args);
          resultAt = Date.now();
          resultPerf = performance.now();
          return result;
        };
        // The view on the page: looked for at every frame (it is deep in shadow roots).
        let viewAt = 0;
        const find = (root) => {
          for (const el of root.querySelectorAll('*')) {
            if (el.localName === 'mcp-app-view') return true;
            if (el.shadowRoot && find(el.shadowRoot)) return true;
          }
          return false;
        };
        const look = () => {
          if (viewAt) return;
          if (resultPerf && find(chat.shadowRoot)) viewAt = performance.now();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
        const painted = new Promise((resolve) => {
          const on = (e) => {
            if (e.message.logger === 'app:demo-app' && e.message.data?.step === 'painted') {
              connection.removeEventListener('mcp-log-message', on);
              resolve(e.message.data.detail);
            }
          };
          connection.addEventListener('mcp-log-message', on);
        });
        const callPerf = performance.now();
        await chat.runTool('counter-app', {});
        const paintedAt = await painted;
        const paintedPerf = performance.now() - (Date.now() - paintedAt);
        // The proxy page's entry is added when its frame's load event fires (after the app's own frame loaded).
        await new Promise((r) => setTimeout(r, 500));
        const frame = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(sandboxUrl.replace(/\/[^/]*$/, '')) && e.startTime > callPerf)
          .sort((a, b) => a.startTime - b.startTime)[0];
        const at = (t) => Math.round(t - resultPerf);
        return {
          total: paintedAt - resultAt,
          prewarmed,
          view: viewAt ? at(viewAt) : -1,
          frameStart: frame ? at(frame.startTime) : -1,
          frameEnd: frame ? at(frame.responseEnd) : -1,
          painted: at(paintedPerf),
        };
      },
      { demoUrl: demo.url, sandboxUrl: sandbox.url, bundle: `/${dist}/mcp-web-elements.js` },
    );
    await tab.close();
    return times;
  };
  await inChat(dists[0]); // warm-up: Vite serves the files for the first time
  for (const d of dists.slice(1)) await inChat(d);
  const runs = dists.map(() => []);
  for (let i = 0; i < RUNS * dists.length; i++) {
    const which = dists.length === 2 ? [0, 1, 1, 0][i % 4] : i % dists.length;
    const r = await inChat(dists[which]);
    runs[which].push(r);
    console.log(
      `  ${dists[which]}: ${r.total} ms (view on the page +${r.view}, proxy page requested +${r.frameStart}, received +${r.frameEnd}, painted +${r.painted}; pre-warmed ${r.prewarmed})`,
    );
  }
  const med = (rs, k) => median(rs.map((r) => r[k]));
  dists.forEach((d, k) =>
    console.log(
      `${d}: result to the app's first paint, median ${med(runs[k], 'total')} ms (${runs[k]
        .map((r) => r.total)
        .sort((a, b) => a - b)
        .join(
          ' ',
        )}); medians: view +${med(runs[k], 'view')}, proxy requested +${med(runs[k], 'frameStart')}, received +${med(runs[k], 'frameEnd')}`,
    ),
  );
  if (dists.length === 2) {
    const ratios = runs[1].map((r, i) => r.total / runs[0][i].total);
    console.log(`B/A run by run: median ${median(ratios).toFixed(2)}`);
  }
} finally {
  await browser?.close();
  await vite.close();
  await sandbox.close();
  await demo.close();
}
