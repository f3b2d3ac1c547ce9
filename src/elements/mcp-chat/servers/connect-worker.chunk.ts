// What <mcp-chat connections="worker"> loads to connect to servers, in place
// of connect.chunk.ts: a `WorkerHub` (src/mcp/worker-hub.ts) over a module
// Worker running the real McpHub (src/mcp/mcp-worker.ts). The page loads no
// code of the MCP SDK or zod (issue 42, item 3; docs/performance.md, "the
// connections in a worker"): this chunk and what it imports are outside
// the `mcp` chunk (vite.bundle.config.ts).
import type { McpConnectionConfig } from '../../../mcp/connection-config.js';
import { hostOf } from '../../../mcp/server-key.js';
import { WorkerHub, type WorkerConnection } from '../../../mcp/worker-hub.js';
import type { ChatServerConfig } from './auth.js';

/** A server's settings as the worker hub takes them: as given, `auth` kept, so `ChatWorkerHub.add` sees that it needs sign-in. */
export const connectionConfig = (server: ChatServerConfig): McpConnectionConfig => server;

/** Why a server that needs sign-in is not connected in worker mode (a worker cannot open the sign-in popup or hold the page's OAuth provider). */
export const workerCannotSignIn = (name: string) =>
  `${name} needs sign-in, which this chat cannot do: it connects to its servers from a background worker (connections="worker").`;

/** Where the page file (src/bundle-preload.ts) leaves the Worker it started early for a chat with `connections="worker"`. */
const EARLY = Symbol.for('mcp-web-elements.connections-worker');

/** The Worker: the one the page file started early (taken once), else a new one. */
export function startWorker(): Worker {
  const scope = globalThis as { [EARLY]?: Worker };
  const early = scope[EARLY];
  if (early) {
    delete scope[EARLY];
    return early;
  }
  return new Worker(new URL('../../../mcp/mcp-worker.js', import.meta.url), { type: 'module', name: 'mcp-web-elements connections' });
}

/**
 * The chat's hub in worker mode: the connections run in the Worker; the page
 * keeps what it reads. The session trace is recorded in the Worker (its
 * export is a promise: `ServerSet.exportTraceLater`), and servers that need
 * sign-in are listed as failed with why.
 */
export class ChatWorkerHub extends WorkerHub {
  readonly #worker: Worker;

  constructor(worker: Worker = startWorker()) {
    super(worker);
    this.#worker = worker;
    // A Worker that fails to load (its file missing, blocked by the page's CSP) says so once, in words, on every server.
    worker.addEventListener('error', (event) => this.workerFailed(event.message), { once: true });
    // The page file's Worker may have failed before this hub listened.
    if ((worker as Worker & { failed?: boolean }).failed) this.workerFailed();
  }

  /** A server with sign-in settings (`auth`, `authProvider`) or its own `fetch` is listed as failed, saying why. */
  override add(config: ChatServerConfig): WorkerConnection {
    if (config.auth || config.authProvider || config.fetch)
      return this.refuse(config, workerCannotSignIn(config.name ?? hostOf(config.url)));
    return super.add(config);
  }

  /** Closes every connection and ends the Worker. */
  override async close(): Promise<void> {
    await super.close();
    this.#worker.terminate();
  }
}
