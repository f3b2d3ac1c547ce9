import { createRequire } from 'node:module';
import { startChildServer } from './child-server.js';
import type { RunningServer } from './running-server.js';

const require = createRequire(import.meta.url);

/**
 * Starts `@modelcontextprotocol/server-everything` (2025 era, Streamable HTTP)
 * as a child process bound to 127.0.0.1. Its `/mcp` endpoint is the URL.
 */
export function startEverything(): Promise<RunningServer> {
  const entry = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  return startChildServer('server-everything', entry, ['streamableHttp']);
}
