#!/usr/bin/env node
// Sync benchmark (prints figures; not a test), against a real PostgreSQL (a
// throwaway one: Debian's postgresql package) and the reference sync server,
// with devices in headless Chromium (each a fresh browser context):
//   - first sync of a new device: 1,000 conversations / 50,000 messages already
//     on the server (pushed from Node beforehand): time to "up to date", and the
//     bytes of the pull answers (as sent: JSON, no compression);
//   - push: one message appended, then sent, 100 times one after the other:
//     median ms from the append to "up to date", and request bytes per message;
//   - live update: a message appended on one device until it is stored on another
//     online device (through the other server instance): median ms of 30;
//   - the size of the sync code a page loads only when it syncs (gzip).
// Run: node --import tsx bench/sync.mjs
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { startSyncServer, signToken } from '../examples/sync-server/server.mjs';
import { INSTALL_POSTGRES, postgresBin, startPostgres } from '../test/servers/postgres.ts';
import { boundGoal } from './lib/goal.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONVERSATIONS = 1_000;
const MESSAGES = 50_000;
const fmt = (n, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The sync code: what `startSync` loads (engine, HTTP adapter; idb comes with the history already): the entry's chunk,
// what it imports, and the chunks `sync.ts` itself imports at run time. Not a chunk a store imports only for a
// person's action (the import-file validator, zod: `memory-store.ts` loads it when a file is imported).
const bundle = await build({
  entryPoints: [`${root}src/history/sync.ts`],
  bundle: true,
  minify: true,
  format: 'esm',
  splitting: true,
  outdir: '/tmp/sync-bench-out',
  write: false,
  external: ['idb'],
  metafile: true,
});
const outputs = bundle.metafile.outputs;
const entryOut = Object.keys(outputs).find((k) => outputs[k].entryPoint?.endsWith('src/history/sync.ts'));
const loaded = new Set();
const visit = (out, fromSyncEntry) => {
  if (loaded.has(out) || !outputs[out]) return;
  loaded.add(out);
  for (const i of outputs[out].imports)
    if (i.kind === 'import-statement' || (i.kind === 'dynamic-import' && fromSyncEntry)) visit(i.path, false);
};
visit(entryOut, true);
const codeBytes = bundle.outputFiles
  .filter((f) => [...loaded].some((out) => f.path.endsWith(out.replace(/^.*sync-bench-out/, ''))))
  .reduce((n, f) => n + gzipSync(f.contents, { level: 9 }).length, 0);
const allBytes = bundle.outputFiles.reduce((n, f) => n + gzipSync(f.contents, { level: 9 }).length, 0);
console.log(
  `  (${loaded.size} of ${bundle.outputFiles.length} chunks; all of them, with what is loaded only on a person's action: ${fmt(allBytes / 1024)} KB)`,
);
console.log(
  `sync code loaded when sync is set: ${fmt(codeBytes / 1024)} KB gzip (startSync, engine, HTTP adapter; idb is the history's own)`,
);
boundGoal('sync code loaded with sync set (gzip)', { value: codeBytes / 1024, text: `${fmt(codeBytes / 1024)} KB` }, 20, 'KB');

if (!postgresBin()) {
  console.log(INSTALL_POSTGRES);
  process.exit(0);
}

const postgres = await startPostgres();
const secret = 'bench-secret';
const servers = [
  await startSyncServer({ databaseUrl: postgres.url, secret, origins: ['*'] }),
  await startSyncServer({ databaseUrl: postgres.url, secret, origins: ['*'] }),
];
const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
});
const browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
try {
  await vite.listen();
  const url = `http://127.0.0.1:${vite.httpServer.address().port}/bench/sync/index.html`;
  const token = signToken(secret, { sub: 'bench' });

  // The server's data: 1,000 conversations of 50 messages, pushed from Node.
  const seedStart = performance.now();
  const push = (rows) =>
    fetch(`${servers[0].url}/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: rows.map((r) => ({ newDocumentState: r })) }),
    }).then((r) => r.json());
  const perConversation = MESSAGES / CONVERSATIONS;
  for (let c = 0; c < CONVERSATIONS; c += 20) {
    const rows = [];
    for (let k = c; k < c + 20; k++) {
      rows.push({
        kind: 'conversation',
        id: `bench-${k}`,
        deleted: false,
        doc: { title: `Conversation ${k}`, servers: [{ url: 'https://example.com/mcp' }], metadata: {} },
      });
      for (let m = 0; m < perConversation; m++) {
        rows.push({
          kind: 'message',
          id: `bench-${k}:seed:${m + 1}`,
          conversationId: `bench-${k}`,
          createdAt: 1_700_000_000_000 + k * 1000 + m,
          message: {
            role: m % 2 ? 'assistant' : 'user',
            content: [
              { type: 'text', text: `Message ${m} of conversation ${k}: the model looked at the tool result and wrote a careful answer.` },
            ],
          },
        });
      }
    }
    await push(rows);
  }
  console.log(
    `seeded ${CONVERSATIONS} conversations / ${MESSAGES} messages in ${fmt((performance.now() - seedStart) / 1000)} s (from Node, not measured further)`,
  );

  const device = async (label) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let pulled = 0;
    let pushed = 0;
    page.on('response', async (response) => {
      if (response.url().includes('/pull')) pulled += (await response.body().catch(() => Buffer.alloc(0))).length;
    });
    page.on('request', (request) => {
      if (request.url().endsWith('/push')) pushed += (request.postData() ?? '').length;
    });
    await page.goto(url);
    await page.waitForFunction(() => typeof window.syncBench === 'function');
    const step = (name, args = {}) => page.evaluate(([s, a]) => window.syncBench(s, a), [name, { token, name: label, ...args }]);
    return { page, context, step, bytes: () => ({ pulled, pushed }) };
  };

  // First sync of a new device.
  const a = await device('device-a');
  const first = await a.step('firstSync', { server: servers[0].url });
  console.log(
    `first sync of a new device: ${first.conversations} conversations / ${first.messages} messages in ${fmt(first.ms / 1000, 2)} s, ${fmt(a.bytes().pulled / 1024 / 1024, 2)} MB pulled (${fmt(a.bytes().pulled / first.messages, 0)} bytes per message, JSON without compression)`,
  );

  // Push, one message at a time.
  const before = a.bytes().pushed;
  const pushes = await a.step('push', { server: servers[0].url, count: 100 });
  console.log(
    `push: median ${fmt(median(pushes.times), 1)} ms per message from append to "up to date" (100, one after the other; min ${fmt(Math.min(...pushes.times))}, max ${fmt(Math.max(...pushes.times))}), ${fmt((a.bytes().pushed - before) / 100, 0)} request bytes per message`,
  );

  // Live update to a second device, online through the other server instance.
  const b = await device('device-b');
  await b.step('online', { server: servers[1].url });
  const live = [];
  for (let i = 0; i < 30; i++) {
    const arrival = b.step('nextArrival');
    const sent = await a.step('appendOne', { name: pushes.conversationId });
    live.push((await arrival) - sent);
  }
  console.log(
    `live update to another device (other server instance, LISTEN/NOTIFY): median ${fmt(median(live))} ms of 30 (min ${fmt(Math.min(...live))}, max ${fmt(Math.max(...live))})`,
  );
  await a.step('stop');
  await b.step('stop');
} finally {
  await browser.close();
  await vite.close();
  await Promise.allSettled(servers.map((s) => s.close()));
  postgres.close();
}
