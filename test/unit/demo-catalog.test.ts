import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { discoverSiteServer } from '../../src/mcp/discover.js';
import { freePort } from '../servers/running-server.js';

// The demo pages as `npm run demo` serves them (Vite, vite.config.ts, with the
// demo server's address): an MCP Catalog names the demo server's card, whose
// remote is the pages' own /mcp, proxied to the real demo server. `auto`
// discovery finds it there first, through the catalog.

let vite: ViteDevServer;
let origin: string;
const saved = process.env.VITE_DEMO_SERVER;

beforeAll(async () => {
  process.env.VITE_DEMO_SERVER = inject('demoUrl');
  const port = await freePort();
  vite = await createServer({ configFile: 'vite.config.ts', server: { port, hmr: false, watch: null }, logLevel: 'silent' });
  await vite.listen();
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await vite?.close();
  if (saved === undefined) delete process.env.VITE_DEMO_SERVER;
  else process.env.VITE_DEMO_SERVER = saved;
});

test('the demo pages serve a catalog that names the demo server, and discovery finds it through the catalog', async () => {
  const result = await discoverSiteServer({ origin });
  expect(result.found).toBe(true);
  if (!result.found) return;
  expect(result.url).toBe(`${origin}/mcp`);
  expect(result.source).toBe(`${origin}/.well-known/mcp/demo-server-card.json`);
  expect(result.probe.serverInfo?.name).toMatch(/demo/i);
  // Nothing before the catalog was needed.
  expect(result.tried.map((t) => t.outcome)).toEqual(['found']);
});
