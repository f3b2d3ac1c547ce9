/**
 * `npm run demo:server`: runs the demo MCP server alone on 127.0.0.1.
 * PORT picks the port (default 3001); HOST the interface (default 127.0.0.1).
 */
import { startDemoServer } from './server.js';

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? '127.0.0.1';
const server = await startDemoServer({ port, host });
console.log(`Demo MCP server (2025-11-25 and 2026-07-28) listening on ${server.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
