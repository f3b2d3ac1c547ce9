#!/usr/bin/env node
// The client command the conformance suite runs for each scenario:
//   exec node conformance/client.mjs <server-url>
// (scenario in MCP_CONFORMANCE_SCENARIO, extra data in MCP_CONFORMANCE_CONTEXT).
// It starts the CORS-adding forward proxy and a static server for the built
// harness page, launches Chromium through the proxy, plays the scenario in
// the page, clicks "Sign in to <server>" whenever the page shows it, and exits
// 0 when the page reports success. On SIGTERM (a timed-out scenario) Playwright
// closes the browser and the servers die with this process.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { startCorsProxy } from './cors-proxy.mjs';

const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = process.env.MCP_CONFORMANCE_CONTEXT ?? '';
const harnessDir = process.env.MCP_HARNESS_DIR;
if (!serverUrl || !harnessDir) {
  console.error('usage: MCP_HARNESS_DIR=<built harness> node conformance/client.mjs <server-url>');
  process.exit(2);
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** Serves the built harness (index.html, callback.html, assets) on 127.0.0.1. */
async function startStatic(dir) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

const proxy = await startCorsProxy({ onRequest: (method, url) => process.env.MCP_HARNESS_VERBOSE && console.log(`[proxy] ${method} ${url}`) });
const site = await startStatic(harnessDir);
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: [`--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'],
});
let exitCode = 1;
try {
  const page = await browser.newPage();
  page.on('console', (message) => console.log(`[page] ${message.text()}`));
  page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  let finish;
  const done = new Promise((resolve) => (finish = resolve));
  await page.exposeFunction('harnessDone', (outcome) => finish(outcome));
  const url = new URL(site.url);
  url.searchParams.set('server', serverUrl);
  url.searchParams.set('scenario', scenario);
  if (context) url.searchParams.set('context', context);
  await page.goto(url.href);
  let finished = false;
  const outcome = done.then((o) => ((finished = true), o));
  // The person: click "Sign in to <server>" whenever the page asks.
  (async () => {
    while (!finished) {
      await page
        .getByRole('button', { name: /^Sign in to / })
        .click({ timeout: 250 })
        .catch(() => undefined);
    }
  })();
  const result = await outcome;
  console.log(result.ok ? `[client] ${scenario}: done` : `[client] ${scenario}: ${result.error}`);
  exitCode = result.ok ? 0 : 1;
} finally {
  await browser.close();
  site.server.closeAllConnections();
  site.server.close();
  await proxy.close();
}
process.exit(exitCode);
