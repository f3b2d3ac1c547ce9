import { fileURLToPath } from 'node:url';
import { startChildServer } from './child-server.js';
import type { RunningServer } from './running-server.js';

/**
 * The official MCP Apps example servers this project installs from npm
 * (`@modelcontextprotocol/server-<name>`, devDependencies pinned in
 * package.json). docs/apps.md says which are tested and why the others
 * (they need the internet) are not.
 */
export type AppExampleName =
  | 'basic-vanillajs'
  | 'basic-react'
  | 'basic-preact'
  | 'basic-solid'
  | 'basic-svelte'
  | 'basic-vue'
  | 'budget-allocator'
  | 'cohort-heatmap'
  | 'customer-segmentation'
  | 'map'
  | 'pdf'
  | 'scenario-modeler'
  | 'shadertoy'
  | 'sheet-music'
  | 'system-monitor'
  | 'threejs'
  | 'transcript'
  | 'video-resource'
  | 'wiki-explorer';

/**
 * Starts one of the official MCP Apps example servers from npm over
 * Streamable HTTP on 127.0.0.1 (free port). 2025 era only (stateless);
 * permissive CORS. `args` go to its command line (the pdf server takes the
 * local files it may serve). `timeoutMs`: how long it may take to answer
 * (default 20 s; more when many start at once on two cores).
 */
export function startAppExample(name: AppExampleName, args: string[] = [], timeoutMs?: number): Promise<RunningServer> {
  // The packages export only their server module; the HTTP entry (their `bin`) is dist/index.js.
  const entry = fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/server-${name}/dist/index.js`, import.meta.url));
  return startChildServer(`server-${name}`, entry, args, timeoutMs);
}
