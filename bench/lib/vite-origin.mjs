// Shared by the benchmarks: the repository served by Vite on 127.0.0.1 (a free port), so pages load the sources,
// dist/ and bench/'s own pages from one origin.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** Starts the server; `origin` is its address (`http://127.0.0.1:<port>`), `close()` stops it. */
export async function startViteOrigin() {
  const vite = await createServer({
    root: fileURLToPath(new URL('../..', import.meta.url)),
    configFile: false,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  });
  await vite.listen();
  return { origin: `http://127.0.0.1:${vite.httpServer.address().port}`, close: () => vite.close() };
}
