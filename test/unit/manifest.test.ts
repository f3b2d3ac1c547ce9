import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

interface Manifest {
  modules: Array<{
    path: string;
    declarations?: Array<{
      name: string;
      customElement?: boolean;
      tagName?: string;
      cssParts?: Array<{ name: string }>;
      events?: Array<{ name: string }>;
      members?: Array<{ name: string; static?: boolean; default?: string }>;
    }>;
  }>;
}

const committed = (): Manifest => JSON.parse(readFileSync('custom-elements.json', 'utf8'));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('custom-elements.json', () => {
  test('is what the analyzer makes of the sources today (run `npm run analyze` and commit)', () => {
    // The analyzer joins --outdir to the working directory: keep it relative.
    const out = `.tmp/cem-${process.pid}`;
    try {
      execFileSync('node_modules/.bin/cem', ['analyze', '--litelement', '--globs', 'src/**/*.ts', '--outdir', out], { stdio: 'ignore' });
      expect(readFileSync(join(out, 'custom-elements.json'), 'utf8')).toBe(readFileSync('custom-elements.json', 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  test('documents every part an element renders (@csspart)', () => {
    for (const module of committed().modules) {
      for (const element of module.declarations ?? []) {
        if (!element.customElement) continue;
        const folder = module.path.slice(0, module.path.lastIndexOf('/'));
        const source = filesUnder(folder)
          .map((f) => readFileSync(f, 'utf8'))
          .join('\n');
        // Static part names only: part="name" or part="a b" (dynamic parts are documented by hand).
        const used = new Set([...source.matchAll(/\spart="([a-z0-9 -]+)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter(Boolean));
        const documented = new Set((element.cssParts ?? []).map((p) => p.name));
        const missing = [...used].filter((p) => !documented.has(p));
        expect(missing, `${element.tagName} renders undocumented parts`).toEqual([]);
      }
    }
  });

  test('documents every mcp-* event the project defines on some element (@event)', () => {
    const defined = new Set(
      filesUnder('src/events').flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/['"](mcp-[a-z-]+)['"]/g)].map((m) => m[1]!)),
    );
    const documented = new Set(
      committed().modules.flatMap((m) => (m.declarations ?? []).flatMap((d) => (d.events ?? []).map((e) => e.name))),
    );
    expect([...defined].filter((e) => !documented.has(e))).toEqual([]);
  });

  test('lists only events an element really fires, itself or through an element it renders', () => {
    const modules = committed().modules;
    // Event classes carry their name as `static eventName`.
    const eventOf = new Map<string, string>();
    for (const d of modules.flatMap((m) => m.declarations ?? [])) {
      const field = d.members?.find((m) => m.static && m.name === 'eventName' && m.default);
      if (field) eventOf.set(d.name, field.default!.replace(/^['"]|['"]$/g, ''));
    }
    const elements = modules.flatMap((m) =>
      (m.declarations ?? [])
        .filter((d) => d.customElement && d.tagName)
        .map((d) => ({ declaration: d, folder: m.path.slice(0, m.path.lastIndexOf('/')) })),
    );
    const sourceOf = new Map(
      elements.map((e) => [
        e.declaration.tagName!,
        filesUnder(e.folder)
          .map((f) => readFileSync(f, 'utf8'))
          .join('\n'),
      ]),
    );
    const ownEvents = (source: string) =>
      new Set([
        ...[...source.matchAll(/new (\w+)\(/g)].flatMap((m) => (eventOf.has(m[1]!) ? [eventOf.get(m[1]!)!] : [])),
        ...[...source.matchAll(/new (?:Custom)?Event\(['"]([a-z-]+)['"]/g)].map((m) => m[1]!),
      ]);
    const fired = (tag: string, seen = new Set<string>()): Set<string> => {
      seen.add(tag);
      const source = sourceOf.get(tag) ?? '';
      const events = ownEvents(source);
      for (const child of sourceOf.keys()) {
        if (!seen.has(child) && source.includes(`<${child}`)) for (const e of fired(child, seen)) events.add(e);
      }
      return events;
    };
    expect(elements.length).toBeGreaterThan(3);
    for (const { declaration } of elements) {
      const listed = (declaration.events ?? []).map((e) => e.name);
      const real = fired(declaration.tagName!);
      expect(
        listed.filter((name) => !real.has(name)),
        `${declaration.tagName} lists events it never fires`,
      ).toEqual([]);
    }
  });
  test('lists events on elements only, and only their mcp-* events (no `change` of ServerSet or InputRouter)', () => {
    const declarations = committed().modules.flatMap((m) => m.declarations ?? []);
    const misplaced = declarations
      .filter((d) => !d.customElement && d.events?.length)
      .map((d) => `${d.name}: ${d.events!.map((e) => e.name).join(', ')}`);
    expect(misplaced).toEqual([]);
    const native = declarations
      .filter((d) => d.customElement)
      .flatMap((d) => (d.events ?? []).filter((e) => !e.name.startsWith('mcp-')).map((e) => `${d.tagName} ${e.name}`));
    expect(native).toEqual([]);
    // The elements' own events are still there.
    expect(declarations.find((d) => d.tagName === 'mcp-chat')?.events?.map((e) => e.name)).toContain('mcp-tool-call');
  });
});
