#!/usr/bin/env node
// Which source files a built chunk's bytes come from, following source maps
// twice: the chunk's own map (dist/**/*.js.map, `npm run build`), then the map
// of a pre-bundled dependency file when it has one (the MCP SDK ships
// dist/src-*.mjs and friends with maps back to its own sources, so its bytes
// are attributed to files such as client/auth.ts or wire/rev2026-07-28/...).
// Prints the minified bytes by source file (top N), and for each regular
// expression given, what the chunk's gzip size (level 9) drops by when only the
// bytes of matching sources are taken out (the saving of leaving them out;
// savings of separate expressions do not add up exactly).
// docs/performance.md ("Where the bytes go now") quotes its output.
// Run: node scripts/size-sources.mjs dist/chunks/mcp-XXXX.js ['client/auth\.ts|dpop' ...]  (TOP=40)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping, originalPositionFor } from '@jridgewell/trace-mapping';

const [file, ...patterns] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/size-sources.mjs <built chunk .js> [regexp ...]');
const code = readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
const lineStarts = [];
let offset = 0;
for (const line of code.split('\n')) {
  lineStarts.push(offset);
  offset += line.length + 1;
}
const segments = [];
eachMapping(map, (m) => segments.push(m));
segments.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
const at = (s) => lineStarts[s.generatedLine - 1] + s.generatedColumn;

const inner = new Map();
function innerMap(source) {
  if (!inner.has(source)) {
    const path = resolve(dirname(file), source);
    inner.set(source, existsSync(`${path}.map`) ? new TraceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')), `${path}.map`) : null);
  }
  return inner.get(source);
}
/** The original source of a segment: through the dependency's own map when it has one. */
function origin(s) {
  if (!s.source) return '(no source)';
  const deeper = innerMap(s.source);
  const found = deeper && originalPositionFor(deeper, { line: s.originalLine, column: s.originalColumn }).source;
  return (found ?? s.source).replace(/^(\.\.\/)+/, '').replace(/.*node_modules\//, '');
}
const origins = segments.map(origin);
const length = (i) => (segments[i + 1] ? at(segments[i + 1]) : code.length) - at(segments[i]);

const bySource = new Map();
origins.forEach((o, i) => bySource.set(o, (bySource.get(o) ?? 0) + length(i)));
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const total = gzip(code);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${file}: ${kb(code.length)} minified, ${kb(total)} gzip`);
console.log(`\nminified bytes by original source (top ${process.env.TOP ?? 40}):`);
for (const [source, bytes] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) {
  console.log(`  ${String(bytes).padStart(8)}  ${source}`);
}
if (patterns.length) console.log('\nleaving out the sources matching (minified, gzip saving):');
for (const pattern of patterns) {
  const re = new RegExp(pattern);
  let rest = segments.length ? code.slice(0, at(segments[0])) : code;
  let removed = 0;
  segments.forEach((s, i) => {
    if (re.test(origins[i])) removed += length(i);
    else rest += code.slice(at(s), at(s) + length(i));
  });
  console.log(`  ${pattern.padEnd(60)} ${kb(removed).padStart(9)} ${kb(total - gzip(rest)).padStart(8)}`);
}
