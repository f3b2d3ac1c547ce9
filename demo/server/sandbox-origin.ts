import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const PAGE = fileURLToPath(new URL('../../src/sandbox/mcp-app-sandbox.html', import.meta.url));

/** A running sandbox origin. */
export interface SandboxOrigin {
  /** The proxy page, e.g. `http://127.0.0.1:3002/mcp-app-sandbox.html`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the MCP Apps sandbox proxy page (`src/sandbox/mcp-app-sandbox.html`,
 * shipped as `dist/mcp-app-sandbox.html`) on a port, and so an origin, of its
 * own: what a site does on a second host name. No CSP header (the app's frame
 * would inherit it); nothing else is served. Bound to 127.0.0.1.
 */
export async function startSandboxOrigin(options: { port?: number; host?: string } = {}): Promise<SandboxOrigin> {
  const host = options.host ?? '127.0.0.1';
  const html = await readFile(PAGE);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method !== 'GET' || (path !== '/mcp-app-sandbox.html' && path !== '/')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
      .end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3002, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/mcp-app-sandbox.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
