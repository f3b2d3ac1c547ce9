#!/usr/bin/env node
// `npm run demo`: the demo MCP server (127.0.0.1:3001, PORT to change) with the
// MCP Apps sandbox proxy on its own origin (127.0.0.1:3002, SANDBOX_PORT), the
// official basic-vanillajs MCP Apps example server (127.0.0.1:3003,
// BASIC_PORT) and the demo pages (Vite on http://127.0.0.1:5173/). Ctrl+C
// stops them all.
import { spawn } from 'node:child_process';

// The pages' default server follows PORT (Vite exposes VITE_* variables to them).
const env = { ...process.env, VITE_DEMO_SERVER: `http://127.0.0.1:${process.env.PORT ?? '3001'}/mcp` };
const basic = 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js';
const children = [
  spawn('npx', ['tsx', 'demo/server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['--import', './test/servers/loopback.mjs', basic], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.BASIC_PORT ?? '3003' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
