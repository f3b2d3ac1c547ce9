import { createServer, request as httpRequest } from 'node:http';
import type { RunningServer } from './running-server.js';

/**
 * A slow server: an HTTP proxy in front of `target` (an MCP endpoint) that
 * holds every request `delayMs` before passing it on, and streams the answer
 * back as it comes (SSE included). For tests of what a person sees while a
 * server is slow to connect.
 */
export async function startSlowProxy(target: string, delayMs: number): Promise<RunningServer> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const timer = setTimeout(() => {
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(out);
    }, delayMs);
    req.on('close', () => {
      if (!res.headersSent) clearTimeout(timer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
