import { createServer } from 'node:net';

/** A server a test started: where it answers and how to stop it. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:41234/mcp` for MCP servers. */
  url: string;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for child processes that need a port up front). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls until `url` answers any HTTP status, or fails after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { method: 'GET', signal: AbortSignal.timeout(1000) }).then((r) => r.body?.cancel());
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}
