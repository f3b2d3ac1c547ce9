#!/usr/bin/env node
// Import circles among the project's own TypeScript/JavaScript files: static
// imports, `import type`, re-exports and dynamic `import()` (a circle through
// any of them still ties the files together). Used by
// test/unit/import-cycles.test.ts (so `npm test` fails on a new circle) and
// from the command line: node scripts/import-cycles.mjs [DIR=src] (exit 1 on a circle).
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(m?ts|m?js|tsx)$/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|import\s+['"](\.[^'"]+)['"]/g;

/** Every source file under `dir` (no node_modules, no .d.ts). */
export function sourceFiles(dir) {
  const files = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) files.push(p);
    }
  };
  walk(path.resolve(dir));
  return files;
}

/** The relative imports of each file, resolved to files of the set: Map<file, Set<file>>. */
export function importGraph(files) {
  const known = new Set(files);
  const resolve = (from, spec) => {
    const base = path.resolve(path.dirname(from), spec);
    for (const c of [
      base,
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.mjs$/, '.mts'),
      `${base}.ts`,
      `${base}.js`,
      path.join(base, 'index.ts'),
    ])
      if (known.has(c)) return c;
    return null;
  };
  const edges = new Map();
  for (const f of files) {
    const out = new Set();
    for (const m of fs.readFileSync(f, 'utf8').matchAll(IMPORT)) {
      const r = resolve(f, m[1] ?? m[2] ?? m[3]);
      if (r && r !== f) out.add(r);
    }
    edges.set(f, out);
  }
  return edges;
}

/** The import circles under `dir`: each a sorted list of the files that import one another (Tarjan's strongly connected components). */
export function importCycles(dir = 'src') {
  const edges = importGraph(sourceFiles(dir));
  let i = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const cycles = [];
  const visit = (v) => {
    idx.set(v, i);
    low.set(v, i);
    i++;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) cycles.push(c.map((f) => path.relative(process.cwd(), f)).sort());
    }
  };
  for (const f of edges.keys()) if (!idx.has(f)) visit(f);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'src';
  const cycles = importCycles(dir);
  for (const c of cycles) console.log(`circle of ${c.length} files: ${c.join(', ')}`);
  console.log(`${cycles.length} import circle(s) in ${dir}`);
  process.exit(cycles.length ? 1 : 0);
}
