import { fileURLToPath } from 'node:url';
import { startChildServer } from './child-server.js';
import type { RunningServer } from './running-server.js';

/**
 * Starts one of the official MCP Apps example servers from npm
 * (`@modelcontextprotocol/server-basic-vanillajs` or `-react`) over
 * Streamable HTTP on 127.0.0.1. 2025 era only (stateless); permissive CORS.
 */
export function startAppExample(name: 'basic-vanillajs' | 'basic-react'): Promise<RunningServer> {
  // The packages export only their server module; the HTTP entry (their `bin`) is dist/index.js.
  const entry = fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/server-${name}/dist/index.js`, import.meta.url));
  return startChildServer(`server-${name}`, entry);
}
