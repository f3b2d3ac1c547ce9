#!/usr/bin/env node
// History benchmark (prints figures; not a test). Serves bench/history/ with
// Vite on a free 127.0.0.1 port, drives headless Chromium through Playwright
// with a throwaway profile, and measures with real IndexedDB:
//   - append 10,000 messages, one append (one transaction) each, mixed blocks,
//     every tenth with a 50 KB image: messages per second;
//     (and, for comparison, the same in appends of 50 messages);
//   - open a new connection to that conversation and load its last 50: median ms;
//   - search those messages' text: median ms;
//   - first page (50) of a 1,000-conversation list: median ms;
//   - bytes stored per message against its JSON size, two ways: the growth of
//     navigator.storage.estimate().usage, and the growth on disk of the
//     profile's IndexedDB files (leveldb + blob files), read after the browser closed.
// Run: node bench/history.mjs
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { chromiumExecutable } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bytes of every file under `dir` whose path mentions IndexedDB. */
function indexedDbBytes(dir, inside = false) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const inIdb = inside || /indexeddb/i.test(entry.name);
    if (entry.isDirectory()) total += indexedDbBytes(path, inIdb);
    else if (inIdb && entry.isFile()) total += statSync(path).size;
  }
  return total;
}

const fmt = (n, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const profile = mkdtempSync(join(tmpdir(), 'history-bench-'));
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
});
let context;
try {
  await server.listen();
  const { port } = server.httpServer.address();
  const url = `http://127.0.0.1:${port}/bench/history/index.html`;
  const launch = () => chromium.launchPersistentContext(profile, { headless: true, executablePath: chromiumExecutable() });
  const step = async (name) => {
    const page = context.pages()[0] ?? (await context.newPage());
    if (!page.url().startsWith(url)) {
      await page.goto(url);
      await page.waitForFunction(() => typeof window.historyBench === 'function');
    }
    return page.evaluate((s) => window.historyBench(s), name);
  };

  context = await launch();
  await step('reset');
  await context.close();
  const diskBefore = indexedDbBytes(profile);

  context = await launch();
  const append = await step('append');
  await step('loadLast').then((r) => Object.assign(append, { load: r }));
  await context.close();
  const diskAfter = indexedDbBytes(profile);

  context = await launch();
  const load = append.load;
  const list = await step('list');
  const batched = await step('batched');
  await step('cleanup');
  await context.close();
  context = undefined;

  const perMessage = (bytes) => bytes / append.messages;
  console.log(
    `append ${append.messages.toLocaleString('en-US')} messages (one append each; every tenth with a 50 KB image): ${fmt(append.perSecond, 0)} messages/s (${fmt(append.ms / 1000, 2)} s)`,
  );
  console.log(`  the same 10,000 in appends of 50 messages: ${fmt(batched.perSecond, 0)} messages/s (${fmt(batched.ms / 1000, 2)} s)`);
  console.log(
    `open a connection + load the last 50 of 10,000 messages: median ${fmt(load.openAndLoadMedian, 2)} ms (load alone ${fmt(load.loadOnlyMedian, 2)} ms; ${load.runs} runs)`,
  );
  console.log(`search the text of those 10,000 messages: median ${fmt(load.searchMedian, 2)} ms`);
  console.log(`first page (50) of a ${list.conversations.toLocaleString('en-US')}-conversation list: median ${fmt(list.median, 2)} ms`);
  console.log(`JSON size: ${fmt(perMessage(append.jsonBytes), 0)} bytes/message (${fmt(append.jsonBytes / 1e6, 1)} MB in all)`);
  console.log(
    `stored, storage.estimate() growth: ${fmt(perMessage(append.usageDelta), 0)} bytes/message (${fmt(append.usageDelta / append.jsonBytes, 2)}x JSON)`,
  );
  console.log(
    `stored, IndexedDB files on disk growth: ${fmt(perMessage(diskAfter - diskBefore), 0)} bytes/message (${fmt((diskAfter - diskBefore) / append.jsonBytes, 2)}x JSON)`,
  );
} finally {
  await context?.close().catch(() => undefined);
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
