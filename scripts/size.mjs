#!/usr/bin/env node
// `npm run size`: the single-file bundle as browsers get it (dist/mcp-web-elements.js
// and the chunks it loads from dist/chunks/), built now with vite.bundle.config.ts.
// Prints, gzip (level 9) and brotli (quality 11):
// - first load: what a page with `<script type="module" src=".../mcp-web-elements.js">`
//   and `<mcp-chat server=...>` downloads before the chat is rendered, connected and
//   shows the server's tools: mcp-web-elements.js (the page file: the early frame), the
//   `chat` chunk it imports at once, and the chunks the chat imports dynamically to
//   connect (FIRST_LOAD_LAZY below, and their static imports). bench/load.mjs checks it against the requests a real
//   page makes;
// - total: every chunk;
// - the top contributors (packages, and this repository's folders), first load and
//   total: each chunk's compressed size shared among its modules by their minified
//   length (so the parts add up to the chunk);
// - deep-chat 2.4.2's bundle (node_modules/deep-chat/dist/deepChat.bundle.js, the
//   file its CDN instructions load) measured in the same run, and the ratios.
// Run: npm run size  (node scripts/size.mjs [--json])
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
/** Modules the chat imports dynamically on its way to "connected, tools shown" (first load). */
export const FIRST_LOAD_LAZY = ['src/elements/mcp-chat/servers/connect.chunk.ts'];
/** Chunk names (codeSplitting groups) the chat loads on its way to "connected, tools shown". */
export const FIRST_LOAD_CHUNKS = ['chat', 'mcp'];

const gzip = (code) => gzipSync(code, { level: 9 }).length;
const brotli = (code) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const result = await build({ root, configFile: resolve(root, 'vite.bundle.config.ts'), logLevel: 'warn' });
const output = (Array.isArray(result) ? result[0] : result).output;
// The file a page loads (src/bundle-loader.ts built on its own; vite.bundle.config.ts `pageFile`): it
// imports no other file statically, and imports the `chat` chunk at once (FIRST_LOAD_CHUNKS).
const page = output.find((c) => c.fileName === 'mcp-web-elements.js');
if (!page) throw new Error('the build has no mcp-web-elements.js');
const chunks = [
  ...output.filter((c) => c.type === 'chunk'),
  { type: 'chunk', fileName: page.fileName, name: 'page', code: String(page.source ?? page.code), imports: [], modules: {} },
];
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
const entry = byFile.get('mcp-web-elements.js');

/** A chunk and everything it imports statically. */
function closure(files, into = new Set()) {
  for (const file of files) {
    if (into.has(file)) continue;
    into.add(file);
    closure(byFile.get(file).imports, into);
  }
  return into;
}
const lazyForFirstLoad = chunks.filter(
  (c) => (c.facadeModuleId && FIRST_LOAD_LAZY.includes(relative(root, c.facadeModuleId))) || FIRST_LOAD_CHUNKS.includes(c.name),
);
const firstLoad = closure([entry.fileName, ...lazyForFirstLoad.map((c) => c.fileName)]);

const sizes = new Map(chunks.map((c) => [c.fileName, { raw: Buffer.byteLength(c.code), gzip: gzip(c.code), brotli: brotli(c.code) }]));
const sum = (files, key) => [...files].reduce((s, f) => s + sizes.get(f)[key], 0);
const all = new Set(chunks.map((c) => c.fileName));

/** Package name, or the repository folder (two levels under src/). */
function owner(id) {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const inModules = clean.split('node_modules/').at(-1);
  if (inModules !== clean)
    return inModules
      .split('/')
      .slice(0, inModules.startsWith('@') ? 2 : 1)
      .join('/');
  const path = relative(root, clean);
  return path.startsWith('src/')
    ? `(ours) ${path
        .split('/')
        .slice(0, path.startsWith('src/elements/') ? 3 : 2)
        .join('/')}`
    : path;
}
function contributors(files) {
  const parts = new Map();
  for (const file of files) {
    const chunk = byFile.get(file);
    const modules = Object.entries(chunk.modules);
    const length = modules.reduce((s, [, m]) => s + m.renderedLength, 0) || 1;
    for (const [id, m] of modules) parts.set(owner(id), (parts.get(owner(id)) ?? 0) + (sizes.get(file).gzip * m.renderedLength) / length);
  }
  return [...parts].filter(([, g]) => g >= 50).sort((a, b) => b[1] - a[1]);
}

const deepChatCode = readFileSync(resolve(root, 'node_modules/deep-chat/dist/deepChat.bundle.js'));
const deepChat = { raw: deepChatCode.length, gzip: gzip(deepChatCode), brotli: brotli(deepChatCode) };
const figures = {
  firstLoad: { files: [...firstLoad].sort(), raw: sum(firstLoad, 'raw'), gzip: sum(firstLoad, 'gzip'), brotli: sum(firstLoad, 'brotli') },
  total: { files: all.size, raw: sum(all, 'raw'), gzip: sum(all, 'gzip'), brotli: sum(all, 'brotli') },
  deepChat,
  // The chunks that carry the MCP SDK: a page with no server should fetch none of them (issue 42).
  mcpChunks: chunks.filter((c) => Object.keys(c.modules).some((id) => /@modelcontextprotocol[/\\]/.test(id))).map((c) => c.fileName),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  const ratio = (a, b) => (a / b).toFixed(2);
  const line = (label, f, peer) =>
    `${label.padEnd(44)} ${kb(f.gzip).padStart(9)} gzip ${kb(f.brotli).padStart(9)} brotli ${kb(f.raw).padStart(9)} minified` +
    (peer ? `   ratio to deep-chat ${ratio(f.gzip, peer.gzip)} gzip, ${ratio(f.brotli, peer.brotli)} brotli` : '');
  console.log(line(`first load (${firstLoad.size} files)`, figures.firstLoad, deepChat));
  console.log(line(`total (${all.size} files)`, figures.total, deepChat));
  console.log(line('deep-chat 2.4.2 (deepChat.bundle.js, same run)', deepChat));
  console.log('\nfirst-load files:');
  for (const f of figures.firstLoad.files) console.log(`  ${f.padEnd(50)} ${kb(sizes.get(f).gzip).padStart(9)} gzip`);
  console.log('\nlazy chunks (loaded when first needed):');
  for (const c of chunks
    .filter((c) => !firstLoad.has(c.fileName))
    .sort((a, b) => sizes.get(b.fileName).gzip - sizes.get(a.fileName).gzip)) {
    console.log(`  ${c.fileName.padEnd(50)} ${kb(sizes.get(c.fileName).gzip).padStart(9)} gzip`);
  }
  for (const [label, files] of [
    ['first load', firstLoad],
    ['total', all],
  ]) {
    console.log(`\ntop contributors, ${label} (gzip, ≈ each chunk shared by minified length):`);
    for (const [name, g] of contributors(files).slice(0, 15)) console.log(`  ${name.padEnd(50)} ${kb(g).padStart(9)}`);
  }
}
