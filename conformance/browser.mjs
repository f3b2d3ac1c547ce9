// What every scenario's client shares: a static server for the built harness
// page, the CORS-adding forward proxy (both on 127.0.0.1), and one Chromium
// started as a Playwright browser server that goes through the proxy.
// conformance/run.mjs starts it once; each scenario's client process connects
// to it and plays in a fresh browser context (own storage, own cookies), so a
// scenario costs a page, not a browser start. The client process started by
// the suite can be killed at any time (timeout): its contexts close with its
// connection, and the browser stays for the next scenario.
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
 * Starts the static server, the proxy and Chromium.
 * `env` is what a client process needs to use them (MCP_HARNESS_URL, MCP_BROWSER_WS).
 * @returns {Promise<{ env: Record<string, string>, close(): Promise<void> }>}
 */
export async function startHarnessBrowser(harnessDir) {
  const proxy = await startCorsProxy({ onRequest: (method, url) => process.env.MCP_HARNESS_VERBOSE && console.log(`[proxy] ${method} ${url}`) });
  const site = await startStatic(harnessDir);
  const server = await chromium.launchServer({
    executablePath: chromiumExecutable(),
    host: '127.0.0.1',
    args: [`--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'],
  });
  return {
    env: { MCP_HARNESS_URL: site.url, MCP_BROWSER_WS: server.wsEndpoint() },
    async close() {
      await server.close();
      site.server.closeAllConnections();
      site.server.close();
      await proxy.close();
    },
  };
}
