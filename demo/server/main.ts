/**
 * `npm run demo:server`: runs the demo MCP server alone on 127.0.0.1, and the
 * MCP Apps sandbox proxy on a second port (a second origin, as a site would
 * host it on a second host name).
 * PORT picks the port (default 3001); SANDBOX_PORT the sandbox's (default 3002);
 * HOST the interface (default 127.0.0.1).
 */
import { startSandboxOrigin } from './sandbox-origin.js';
import { startDemoServer } from './server.js';

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? '127.0.0.1';
const server = await startDemoServer({ port, host });
const sandbox = await startSandboxOrigin({ port: Number(process.env.SANDBOX_PORT ?? 3002), host });
console.log(`Demo MCP server (2025-11-25 and 2026-07-28) listening on ${server.url}`);
console.log(`MCP Apps sandbox proxy on ${sandbox.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([server.close(), sandbox.close()]).then(() => process.exit(0));
  });
}
