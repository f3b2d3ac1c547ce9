#!/usr/bin/env node
// `npm run demo`: the demo MCP server (127.0.0.1:3001, PORT to change) with the
// MCP Apps sandbox proxy on its own origin (127.0.0.1:3002, SANDBOX_PORT), the
// official basic-vanillajs MCP Apps example server (127.0.0.1:3003,
// BASIC_PORT) and the demo pages (Vite on http://127.0.0.1:5173/,
// DEMO_PAGE_PORT). Every port reaches the pages: Vite exposes VITE_* variables
// to them (demo/chat-params.ts reads them). When PostgreSQL is installed, also
// a throwaway PostgreSQL and the reference sync server (127.0.0.1:3004,
// SYNC_PORT): the demo chat syncs across browser profiles (docs/sync.md).
// Ctrl+C stops them all.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { signToken } from '../examples/sync-server/server.mjs';
import { makeTinyModel } from './make-tiny-model.mjs';

const port = (name, fallback) => {
  const value = process.env[name] ?? fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`${name}=${value} is not a port (1-65535)`);
    process.exit(1);
  }
  return value;
};
const ports = {
  PORT: port('PORT', '3001'),
  SANDBOX_PORT: port('SANDBOX_PORT', '3002'),
  BASIC_PORT: port('BASIC_PORT', '3003'),
  DEMO_PAGE_PORT: port('DEMO_PAGE_PORT', '5173'),
  SYNC_PORT: port('SYNC_PORT', '3004'),
  MODEL_PORT: port('MODEL_PORT', '3005'),
};
// Sync when PostgreSQL is installed (Debian's package: /usr/lib/postgresql/<version>/bin).
const postgres =
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));
const syncSecret = randomBytes(24).toString('hex');
const tiny = makeTinyModel();
const env = {
  ...process.env,
  ...ports,
  VITE_DEMO_SERVER: `http://127.0.0.1:${ports.PORT}/mcp`,
  VITE_SANDBOX_URL: `http://127.0.0.1:${ports.SANDBOX_PORT}/mcp-app-sandbox.html`,
  VITE_BASIC_SERVER: `http://127.0.0.1:${ports.BASIC_PORT}/mcp`,
  // The chat's default open model, served from here (demo/server/model.ts): the generated tiny model.
  VITE_DEFAULT_MODEL: JSON.stringify({
    url: `http://127.0.0.1:${ports.MODEL_PORT}/demo/tiny-model.gguf`,
    size: tiny.length,
    sha256: createHash('sha256').update(tiny).digest('hex'),
    label: 'Tiny demo model',
  }),
  ...(postgres
    ? {
        SYNC_SECRET: syncSecret,
        VITE_SYNC_URL: `http://127.0.0.1:${ports.SYNC_PORT}`,
        VITE_SYNC_TOKEN: signToken(syncSecret, { sub: 'demo' }),
      }
    : {}),
};
const basic = 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js';
// Each server is a direct child running Node (no npx in between), so stopping the demo
// reaches every one of them, PostgreSQL's owner included, and none is left behind.
const node = (args, extra = {}) => spawn(process.execPath, args, { stdio: 'inherit', env: { ...env, ...extra } });
const children = [
  node(['--import', 'tsx', 'demo/server/main.ts']),
  node(['--import', './test/servers/loopback.mjs', basic], { PORT: ports.BASIC_PORT }),
  node(['--import', 'tsx', 'demo/server/model.ts']),
  node(['node_modules/vite/bin/vite.js']),
  ...(postgres ? [node(['--import', 'tsx', 'demo/server/sync.ts'])] : []),
];
if (!postgres)
  console.log(
    'Sync is off: PostgreSQL is not installed. Install it (apt-get install postgresql) and run npm run demo again to sync the demo chat across browser profiles.',
  );
console.log(
  `demo pages on http://127.0.0.1:${ports.DEMO_PAGE_PORT}/ (MCP server ${env.VITE_DEMO_SERVER}, sandbox ${env.VITE_SANDBOX_URL}, MCP Apps example ${env.VITE_BASIC_SERVER})`,
);
let stopping = false;
/** Stops every server and waits for each to end (the sync server stops its PostgreSQL and deletes its data); 10 s at most. */
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const ended = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  const late = setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 10_000);
  await Promise.all(ended);
  clearTimeout(late);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
