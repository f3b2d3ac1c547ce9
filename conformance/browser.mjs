// What every scenario's client shares: a static server for the built harness
// page, the CORS-adding forward proxy (both on 127.0.0.1), one Chromium that
// goes through the proxy, and the player: a small HTTP service on 127.0.0.1
// that plays one scenario per request in a fresh browser context (own
// storage, own cookies). conformance/run.mjs starts it once; the client
// process the suite starts for each run (conformance/client.mjs) only asks the
// player and relays what it says, so a run costs a page, not a browser start
// nor a Playwright load. The suite can kill that client at any time (timeout):
// its request ends, the player closes the context, and the browser stays for
// the next run.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { startCorsProxy } from './cors-proxy.mjs';

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

/**
 * Plays one scenario in a fresh context of `browser`: opens the harness page
 * for `server`, clicks "Sign in to <server>" whenever the page shows it (as a
 * person would), and resolves with the page's outcome (`{ ok, error? }`).
 * `log` gets the page's console lines; `signal` ends the run early (the
 * context closes).
 */
export async function playScenario(browser, harnessUrl, { server, scenario, era, context }, log, signal) {
  const browserContext = await browser.newContext();
  const closed = new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
  try {
    const page = await browserContext.newPage();
    page.on('console', (message) => log(`[page] ${message.text()}`));
    page.on('pageerror', (error) => log(`[page error] ${error.message}`));
    let finish;
    const done = new Promise((resolve) => (finish = resolve));
    await page.exposeFunction('harnessDone', (outcome) => finish(outcome));
    const url = new URL(harnessUrl);
    url.searchParams.set('server', server);
    url.searchParams.set('scenario', scenario);
    if (era) url.searchParams.set('era', era);
    if (context) url.searchParams.set('context', context);
    await page.goto(url.href);
    let finished = false;
    const outcome = Promise.race([done, closed.then(() => ({ ok: false, error: 'stopped' }))]).then((o) => ((finished = true), o));
    // The person: click "Sign in to <server>" whenever the page asks.
    (async () => {
      while (!finished) {
        await page
          .getByRole('button', { name: /^Sign in to / })
          .click({ timeout: 250 })
          .catch(() => undefined);
      }
    })();
    return await outcome;
  } finally {
    await browserContext.close().catch(() => undefined);
  }
}

/**
 * Starts the static server, the proxy, Chromium and the player.
 * `env` is what a client process needs to use them (MCP_PLAYER_URL); `play`
 * is playScenario on this browser and page, for a client in this process.
 */
export async function startHarnessBrowser(harnessDir) {
  const proxy = await startCorsProxy({
    onRequest: (method, url) => process.env.MCP_HARNESS_VERBOSE && console.log(`[proxy] ${method} ${url}`),
  });
  const site = await startStatic(harnessDir);
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [`--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'],
  });
  const play = (params, log, signal) => playScenario(browser, site.url, params, log, signal);
  // POST / with the scenario as JSON: the answer streams the page's lines, then `outcome <json>`.
  const player = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const stop = new AbortController();
      res.on('close', () => stop.abort());
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      let outcome;
      try {
        outcome = await play(JSON.parse(body), (line) => res.write(`${line}\n`), stop.signal);
      } catch (error) {
        outcome = { ok: false, error: String(error?.message ?? error) };
      }
      res.end(`outcome ${JSON.stringify(outcome)}\n`);
    });
  });
  await new Promise((resolve) => player.listen(0, '127.0.0.1', resolve));
  return {
    env: { MCP_PLAYER_URL: `http://127.0.0.1:${player.address().port}/` },
    play,
    async close() {
      player.closeAllConnections();
      player.close();
      await browser.close();
      site.server.closeAllConnections();
      site.server.close();
      await proxy.close();
    },
  };
}
