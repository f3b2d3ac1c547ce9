#!/usr/bin/env node
// A fresh React app's main chunk (issue 28; prints figures, not a test).
//
// Three tiny apps built with Vite's production settings (minified, code
// splitting on, React 19 from this repository's devDependencies), each one
// entry rendering into #root:
// - React alone (react + react-dom/client): the floor of any React app;
// - `import { McpChat } from 'mcp-web-elements/react'` rendering <McpChat>:
//   what an app gets by default;
// - the same through the one line docs/frameworks.md shows,
//   `const McpChat = lazy(() => import('mcp-web-elements/react').then((m) => ({ default: m.McpChat })))`
//   under <Suspense>.
// `mcp-web-elements/react` resolves to src/react/index.ts (the package's
// dist/react/index.js is its unbundled tsc output, so a bundler splits it the
// same way). Prints each app's main chunk (the entry and its static imports),
// gzip level 9, and whether the chat's element (src/elements/mcp-chat/mcp-chat.ts)
// is in it. Goal: the main chunk does not carry the chat.
// Run: node --import tsx bench/react.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { checkGoal } from './lib/goal.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const apps = {
  'React alone': `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(h('main', null, h('h1', null, 'Hello')));`,
  'import { McpChat } from mcp-web-elements/react': `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { McpChat } from 'mcp-web-elements/react';
createRoot(document.getElementById('root')).render(h('main', null, h('h1', null, 'Hello'), h(McpChat, { server: 'http://127.0.0.1:3001/mcp' })));`,
  "the docs' line: lazy(() => import('mcp-web-elements/react'))": `import { createElement as h, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
const McpChat = lazy(() => import('mcp-web-elements/react').then((m) => ({ default: m.McpChat })));
createRoot(document.getElementById('root')).render(h('main', null, h('h1', null, 'Hello'), h(Suspense, { fallback: null }, h(McpChat, { server: 'http://127.0.0.1:3001/mcp' }))));`,
};

/** Builds one app; its main chunk (entry + static imports) gzip size and whether it holds the chat element. */
async function mainChunk(source) {
  const dir = mkdtempSync(join(root, '.bench-react-')); // inside the repository, so bare imports resolve
  try {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>');
    writeFileSync(join(dir, 'main.js'), source);
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'error',
      resolve: { alias: { 'mcp-web-elements/react': join(root, 'src/react/index.ts') } },
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { write: false, minify: true, target: 'es2022', chunkSizeWarningLimit: 5000 },
    });
    const chunks = (Array.isArray(result) ? result[0] : result).output.filter((o) => o.type === 'chunk');
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const main = new Set();
    const visit = (name) => {
      if (main.has(name)) return;
      main.add(name);
      for (const dep of byName.get(name)?.imports ?? []) visit(dep);
    };
    visit(chunks.find((c) => c.isEntry).fileName);
    const mainChunks = [...main].map((n) => byName.get(n));
    const gzip = mainChunks.reduce((s, c) => s + gzipSync(Buffer.from(c.code), { level: 9 }).length, 0);
    const hasChat = mainChunks.some((c) => c.moduleIds.some((id) => id.endsWith('src/elements/mcp-chat/mcp-chat.ts')));
    const all = chunks.reduce((s, c) => s + gzipSync(Buffer.from(c.code), { level: 9 }).length, 0);
    return { gzip, hasChat, files: main.size, all, count: chunks.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const figures = {};
for (const [name, source] of Object.entries(apps)) {
  figures[name] = await mainChunk(source);
  const f = figures[name];
  console.log(
    `${name}: main chunk ${kb(f.gzip)} gzip in ${f.files} file(s), ${f.hasChat ? 'carries the chat' : 'without the chat'}; all ${f.count} chunks ${kb(f.all)}`,
  );
}
const [alone, plain, lazy] = Object.values(figures);
const EXTRA_KB = 5;
checkGoal(
  'React app main chunk, default import of mcp-web-elements/react',
  `${kb(plain.gzip)}, ${plain.hasChat ? 'carries the chat' : 'without the chat'} (+${kb(plain.gzip - alone.gzip)})`,
  `React alone ${kb(alone.gzip)}`,
  `≤ React alone + ${EXTRA_KB} KB`,
  plain.gzip - alone.gzip <= EXTRA_KB * 1024,
);
checkGoal(
  "React app main chunk, the docs' React.lazy line",
  `${kb(lazy.gzip)}, ${lazy.hasChat ? 'carries the chat' : 'without the chat'}`,
  `React alone ${kb(alone.gzip)}`,
  'no chat in it',
  !lazy.hasChat,
);
