// Issue 21: no import circles in the project, and <mcp-chat>'s one lazy
// boundary stays one (docs/architecture.md, "The chat as features"). Runs in
// `npm test` (the node project), so a new circle fails the suite.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { importCycles, importGraph, sourceFiles } from '../../scripts/import-cycles.mjs';

const CHAT = path.resolve('src/elements/mcp-chat');
const rel = (f: string) => path.relative(CHAT, f);

describe('import circles', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('the check finds a circle, through a type import and a dynamic import too', () => {
    mkdirSync(path.join(scratch, 'lazy'));
    writeFileSync(path.join(scratch, 'a.ts'), "import type { B } from './b.js';\nexport type A = B;\n");
    writeFileSync(path.join(scratch, 'b.ts'), "export type B = string;\nexport const load = () => import('./lazy/c.js');\n");
    writeFileSync(path.join(scratch, 'lazy/c.ts'), "export { type A } from '../a.js';\n");
    writeFileSync(path.join(scratch, 'd.ts'), "import './a.js';\n");
    const cycles = importCycles(scratch);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.map((f) => path.basename(f)).sort()).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  test('src has none', () => {
    expect(importCycles('src')).toEqual([]);
  });
});

describe("<mcp-chat>'s one lazy boundary", () => {
  const files = sourceFiles(CHAT);
  const graph = importGraph(files);
  const chunks = path.join(CHAT, 'chunks.ts');
  const element = path.join(CHAT, 'mcp-chat.ts');

  test('only chunks.ts calls import()', () => {
    const calling = files.filter((f) => /(?<!typeof )\bimport\s*\(\s*['"]/.test(readFileSync(f, 'utf8'))).map(rel);
    expect(calling).toEqual(['chunks.ts']);
  });

  test('only the element imports chunks.ts, and no feature imports the element', () => {
    const importers = (target: string) => files.filter((f) => graph.get(f)!.has(target)).map(rel);
    expect(importers(chunks)).toEqual(['mcp-chat.ts']);
    // index.ts is the folder's public entry, above the element.
    expect(importers(element)).toEqual(['index.ts']);
  });

  test('a chunk imports neither the element, nor chunks.ts, nor a file that does', () => {
    const above = new Set([element, chunks, path.join(CHAT, 'index.ts')]);
    for (const f of files) if (graph.get(f)!.has(chunks)) above.add(f);
    for (const chunk of files.filter((f) => f.endsWith('.chunk.ts'))) {
      const seen = new Set<string>();
      const walk = (f: string) => {
        for (const next of graph.get(f) ?? []) {
          if (seen.has(next) || !next.startsWith(CHAT)) continue;
          seen.add(next);
          walk(next);
        }
      };
      walk(chunk);
      expect([...seen].filter((f) => above.has(f)).map(rel), rel(chunk)).toEqual([]);
    }
  });
});

// Issue 37: the chat's orchestration (wiring/, the element, its chunks, its
// entry) sits above its features: no feature imports it, so no arrow runs
// back up. What a feature imports from the chat's top level are leaves below
// every feature (shared types, strings, error words).
describe("<mcp-chat>'s layers", () => {
  const files = sourceFiles(CHAT);
  const graph = importGraph(files);
  const orchestration = (f: string) => rel(f).startsWith(`wiring${path.sep}`) || ['mcp-chat.ts', 'chunks.ts', 'index.ts'].includes(rel(f));
  const feature = (f: string) => f.startsWith(CHAT) && rel(f).includes(path.sep) && !orchestration(f);

  test('the graph sees the arrows into the orchestration and down to the features (the check below can fail)', () => {
    const fromElement = [...graph.get(path.join(CHAT, 'mcp-chat.ts'))!];
    expect(fromElement.filter(orchestration).map(rel)).toContain(path.join('wiring', 'orchestration.ts'));
    expect(fromElement.filter(feature).map(rel)).toContain(path.join('conversation', 'chat-session.ts'));
  });

  test('no feature imports the orchestration', () => {
    const up = files.filter(feature).flatMap((f) => [...graph.get(f)!].filter(orchestration).map((to) => `${rel(f)} -> ${rel(to)}`));
    expect(up).toEqual([]);
  });

  test('what a feature imports from the top level imports no feature', () => {
    const topLevel = new Set(
      files.filter(feature).flatMap((f) => [...graph.get(f)!].filter((to) => to.startsWith(CHAT) && !rel(to).includes(path.sep))),
    );
    expect(topLevel.size).toBeGreaterThan(0);
    for (const leaf of topLevel) expect([...graph.get(leaf)!].filter(feature).map(rel), rel(leaf)).toEqual([]);
  });
});

// Issue 37 item 1: no service locator. Each feature's host is given the
// features it uses, built before it (compose.ts); what it needs of a later one
// it asks by a named intent. Only the layer above every feature (orchestration,
// layout, the element) reads the composed features.
describe("<mcp-chat>'s features are built with what they need", () => {
  const hosts = readFileSync(path.join(CHAT, 'wiring', 'feature-hosts.ts'), 'utf8');
  const compose = readFileSync(path.join(CHAT, 'wiring', 'compose.ts'), 'utf8');

  test('no host reads the composed features (no `w.f`, no `Wiring` with features)', () => {
    expect(hosts).toMatch(/export function sessionHost\(/);
    expect(hosts.match(/\bw\.f\b/g) ?? []).toEqual([]);
    expect(hosts).not.toMatch(/\bWiring\b(?! ?\[)/);
    expect(compose.match(/\bw\.f\b/g) ?? []).toEqual([]);
  });

  test('each host names the features it is given, and each is built before the host that uses it', () => {
    const order = [...compose.matchAll(/const (\w+) = new \w+\(/g)].map((m) => m[1]!);
    expect(order.slice(0, 4)).toEqual(['intents', 'shell', 'voice', 'session']);
    const given = [...hosts.matchAll(/export function (\w+)Host\([^)]*?\{ ([\w, ]+) \}: Pick<ChatFeatures/gs)];
    expect(given.length).toBeGreaterThan(10);
    for (const [, feature, names] of given) {
      const built = order.indexOf(feature === 'view' ? 'view' : feature!);
      for (const name of names!.split(',').map((n) => n.trim())) {
        expect(order.indexOf(name), `${feature}Host is given ${name}`).toBeGreaterThanOrEqual(0);
        expect(order.indexOf(name), `${name} is built before ${feature}`).toBeLessThan(built);
      }
    }
  });

  test('the orchestration is given, function by function, the features it reads (no `Wiring.f`, no bag of every feature)', () => {
    const wiring = ['orchestration.ts', 'layout.ts', 'analytics.ts', 'types.ts'].map((f) => [
      f,
      readFileSync(path.join(CHAT, 'wiring', f), 'utf8'),
    ]);
    for (const [file, code] of wiring) {
      expect(code.match(/\bw\.f\b|\bf: ChatFeatures\b|\binterface Wiring\b/g) ?? [], file).toEqual([]);
      // ChatFeatures is named only to pick from it: `Pick<ChatFeatures, 'session' | …>` or `ChatFeatures['shell']`.
      const statements = code.replace(/^\s*(\/\/|\*|\/\*\*).*$|^import .*$/gm, '');
      const picked = statements.replace(/\bPick<\s*ChatFeatures\b|\bChatFeatures\[/g, '');
      if (file !== 'types.ts') expect(picked.match(/\bChatFeatures\b/g) ?? [], file).toEqual([]);
    }
    const orchestration = wiring[0]![1]!;
    for (const name of ['sendMessage', 'newConversation', 'openConversation', 'onEscape', 'waitClock', 'renderServerNotices'])
      expect(orchestration, name).toMatch(new RegExp(`export (async )?function ${name}\\([^)]*?Pick<ChatFeatures`, 's'));
  });
});
