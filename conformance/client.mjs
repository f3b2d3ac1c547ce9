#!/usr/bin/env node
// The client command the conformance suite runs for each scenario:
//   exec node conformance/client.mjs <server-url>
// (scenario in MCP_CONFORMANCE_SCENARIO, extra data in MCP_CONFORMANCE_CONTEXT,
// the era in MCP_CONFORMANCE_PROTOCOL_VERSION).
// It connects to the shared Chromium that conformance/run.mjs started
// (MCP_BROWSER_WS, harness page at MCP_HARNESS_URL), or, run on its own with
// MCP_HARNESS_DIR, starts its own (conformance/browser.mjs). It plays the
// scenario in a fresh browser context, clicks "Sign in to <server>" whenever
// the page shows it, and exits 0 when the page reports success. On SIGTERM (a
// timed-out scenario) its context closes with its connection.
import { chromium } from 'playwright';
import { startHarnessBrowser } from './browser.mjs';

const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = process.env.MCP_CONFORMANCE_CONTEXT ?? '';
const era = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '';
if (!serverUrl || !(process.env.MCP_BROWSER_WS || process.env.MCP_HARNESS_DIR)) {
  console.error('usage: MCP_HARNESS_DIR=<built harness> node conformance/client.mjs <server-url>');
  process.exit(2);
}

const own = process.env.MCP_BROWSER_WS ? undefined : await startHarnessBrowser(process.env.MCP_HARNESS_DIR);
const { MCP_BROWSER_WS: ws, MCP_HARNESS_URL: harnessUrl } = own?.env ?? process.env;
const browser = await chromium.connect(ws);
let exitCode = 1;
try {
  const page = await (await browser.newContext()).newPage();
  page.on('console', (message) => console.log(`[page] ${message.text()}`));
  page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  let finish;
  const done = new Promise((resolve) => (finish = resolve));
  await page.exposeFunction('harnessDone', (outcome) => finish(outcome));
  const url = new URL(harnessUrl);
  url.searchParams.set('server', serverUrl);
  url.searchParams.set('scenario', scenario);
  if (era) url.searchParams.set('era', era);
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
  await own?.close();
}
process.exit(exitCode);
