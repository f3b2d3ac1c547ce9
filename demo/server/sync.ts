// The demo's sync (run by `npm run demo` when PostgreSQL is installed): a
// throwaway PostgreSQL (its data is deleted when the demo stops) and the
// reference sync server on 127.0.0.1:SYNC_PORT, answering the demo pages'
// origin. The demo page is handed a token for the person "demo", so two
// browser profiles opening the demo share its conversations.
import { startPostgres } from '../../test/servers/postgres.js';
// @ts-expect-error plain JS: the reference server as sites run it
import { startSyncServer } from '../../examples/sync-server/server.mjs';

const port = Number(process.env.SYNC_PORT ?? 3004);
const pagePort = process.env.DEMO_PAGE_PORT ?? '5173';
// A stop that comes while PostgreSQL is still starting waits for the start, then stops it and deletes
// its data (killed mid-start, the demo left a 39 MB folder behind).
let stopping = false;
let close: (() => Promise<void>) | undefined;
const stop = async () => {
  stopping = true;
  await close?.();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const postgres = await startPostgres();
const server = await startSyncServer({
  databaseUrl: postgres.url,
  port,
  secret: process.env.SYNC_SECRET,
  origins: [`http://127.0.0.1:${pagePort}`, `http://localhost:${pagePort}`],
}).catch((error: unknown) => {
  postgres.close();
  throw error;
});
close = async () => {
  await server.close().catch(() => undefined);
  postgres.close();
  process.exit(0);
};
if (stopping) await close();
console.log(`sync server on ${server.url} (PostgreSQL on 127.0.0.1:${postgres.port}, data deleted when the demo stops)`);
