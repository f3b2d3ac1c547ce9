// The public API is what docs/api.md lists: each of its sections names one
// entry point (`mcp-web-elements/<area>`) and every name that entry exports;
// the root entry exports the elements and events entries (a page author's names). A name exported without being documented
// there, or documented without being exported, fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { HistoryError, HistoryErrorKind } from '../../src/history/errors.js';
import { SamplingError, SamplingErrorKind } from '../../src/elements/mcp-sampling-approval/sampling-request.js';
import { UnsupportedElicitationError } from '../../src/elements/mcp-elicit-form/unsupported-elicitation-error.js';
import { InputRequestError, InputRequestErrorKind } from '../../src/mcp/input-request-error.js';
import { McpConnectionError, McpErrorKind } from '../../src/mcp/errors.js';
import { OAuthSignInError, OAuthSignInErrorKind } from '../../src/mcp/oauth/errors.js';
import { ProviderError, ProviderErrorKind } from '../../src/providers/provider-error.js';

interface Section {
  entry: string;
  names: string[];
}

/** The sections of docs/api.md that name an entry, with the names listed (`- \`Name\`...`). */
function documented(): Section[] {
  const sections: Section[] = [];
  for (const line of readFileSync('docs/api.md', 'utf8').split('\n')) {
    const heading = /^## .*\(`mcp-web-elements\/([a-z-]+)`\)\s*$/.exec(line);
    if (heading) sections.push({ entry: heading[1]!, names: [] });
    else if (line.startsWith('## ')) sections.push({ entry: '', names: [] });
    const item = /^- `([A-Za-z_$][\w$]*)`/.exec(line);
    if (item && sections.length) sections.at(-1)!.names.push(item[1]!);
  }
  return sections.filter((s) => s.entry);
}

/** The names a module exports, read from its source (explicit lists only: `export *` is refused). */
function exported(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause) throw new Error(`${file}: \`export *\` hides what the entry exports; list the names`);
      if (ts.isNamedExports(statement.exportClause)) names.push(...statement.exportClause.elements.map((e) => e.name.text));
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      throw new Error(`${file}: an entry re-exports from the modules of its area; it declares nothing itself`);
    }
  }
  return names;
}

const sorted = (names: Iterable<string>) => [...names].sort();
const duplicates = (names: string[]) => names.filter((name, i) => names.indexOf(name) !== i);

describe('the public API (docs/api.md)', () => {
  const sections = documented();

  test('names the area entries of package.json, each once', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> };
    const entries = sections.map((s) => s.entry);
    expect(duplicates(entries)).toEqual([]);
    for (const entry of entries) expect(pkg.exports, `package.json exports ./${entry}`).toHaveProperty([`./${entry}`]);
    expect(entries.length).toBeGreaterThanOrEqual(7);
  });

  test.each(documented().map((s) => [s.entry, s] as const))(
    'mcp-web-elements/%s exports exactly what docs/api.md lists',
    (entry, section) => {
      expect(duplicates(section.names), `listed twice in docs/api.md`).toEqual([]);
      expect(sorted(exported(`src/${entry}/index.ts`))).toEqual(sorted(section.names));
    },
  );

  test('the root entry exports what a page author needs, the elements and events entries, nothing else; the areas stay on their subpaths', () => {
    const root = exported('src/index.ts');
    const all = sections.flatMap((s) => s.names);
    expect(duplicates(all), 'a name documented in two entries').toEqual([]);
    expect(duplicates(root)).toEqual([]);
    const pageAuthor = sections.filter((s) => s.entry === 'elements' || s.entry === 'events').flatMap((s) => s.names);
    expect(sorted(root)).toEqual(sorted(pageAuthor));
    // A short list: the elements, their events and config types (was 214 names, every area; 90 once
    // <mcp-tool>'s placeholder and McpAppToolsChangeEvent joined, each a page author's: every event class must be here).
    expect(root.length).toBeLessThan(100);
    for (const area of ['McpHub', 'openHistory', 'createOpenAICompatibleProvider', 'runTurn', 'BrowserOAuthProvider'])
      expect(root).not.toContain(area);
  });

  test('the root entry exports the class of every event custom-elements.json lists (the generated JSX/Vue/Svelte typings import them from it)', () => {
    const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as {
      modules: Array<{ declarations?: Array<{ customElement?: boolean; events?: Array<{ name: string; type?: { text: string } }> }> }>;
    };
    const types = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.customElement)
      .flatMap((d) => d.events ?? [])
      .map((e) => e.type?.text ?? `(no type for ${e.name})`);
    expect(types.length).toBeGreaterThan(10);
    const root = new Set(exported('src/index.ts'));
    expect([...new Set(types)].filter((type) => !root.has(type))).toEqual([]);
  });

  test('the unstable entry shares no name with the public API (a name is public or internal, not both)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, { default?: string }> };
    expect(pkg.exports['./internal']?.default).toBe('./dist/internal.js');
    const internal = exported('src/internal.ts');
    const publicNames = new Set(sections.flatMap((s) => s.names));
    expect(internal.filter((name) => publicNames.has(name))).toEqual([]);
    const docs = readFileSync('docs/api.md', 'utf8');
    expect(docs).toContain('**`mcp-web-elements/internal`**');
    expect(docs).toContain('no semver');
  });
});

/** Every file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('the events (one style)', () => {
  const files = readdirSync('src/events').filter((f) => f !== 'index.ts');

  test.each(files)('src/events/%s: one event, named after the file, fields not `detail`, in the event map', (file) => {
    const source = readFileSync(join('src/events', file), 'utf8');
    const classes = [
      ...source.matchAll(/export class (\w+) extends Event(?: implements \w+)? \{[^]*?static readonly eventName = '([a-z-]+)' as const;/g),
    ];
    expect(classes.map((m) => m[2])).toEqual([`mcp-${file.replace(/\.ts$/, '')}`]);
    const [, name, event] = classes[0]!;
    const pascal = event!
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('');
    expect(name).toBe(`${pascal}Event`);
    expect(source).toMatch(new RegExp(`interface GlobalEventHandlersEventMap \\{\\s*'${event}': ${name};`));
    expect(source).not.toMatch(/\bdetail\b/);
    expect(source).toMatch(/bubbles: true, composed: true/);
  });

  test('no two event classes in src/ share an event name', () => {
    const names = sources('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/static readonly eventName = '([a-z-]+)'/g)].map((m) => m[1]!),
    );
    expect(names.length).toBeGreaterThan(files.length);
    expect(duplicates(names)).toEqual([]);
  });
});

describe('the errors (one discriminant, one way to list the kinds)', () => {
  const cases: Array<[string, Record<string, string>, (kind: string) => Error & { kind: string }]> = [
    ['McpConnectionError', McpErrorKind, (kind) => new McpConnectionError(kind as McpErrorKind, 'm')],
    ['InputRequestError', InputRequestErrorKind, (kind) => new InputRequestError(kind as InputRequestErrorKind, 'm')],
    ['OAuthSignInError', OAuthSignInErrorKind, (kind) => new OAuthSignInError(kind as OAuthSignInErrorKind, 'm')],
    ['ProviderError', ProviderErrorKind, (kind) => new ProviderError(kind as ProviderErrorKind, 'm', { provider: 'p' })],
    ['HistoryError', HistoryErrorKind, (kind) => new HistoryError(kind as HistoryErrorKind, 'm')],
    ['SamplingError', SamplingErrorKind, (kind) => new SamplingError(kind as SamplingErrorKind, 'm')],
  ];

  test.each(cases)('%s: `kind` is one of the values of its const object of kinds', (_name, kinds, make) => {
    const values = Object.values(kinds);
    expect(values.length).toBeGreaterThan(1);
    for (const value of values) {
      expect(value).toMatch(/^[a-z][a-z_-]*$/);
      const error = make(value);
      expect(error).toBeInstanceOf(Error);
      expect(error.kind).toBe(value);
      expect(error).not.toHaveProperty('reason');
      // `code`, when set here, is wire data (a JSON-RPC code), never the discriminant.
      if ('code' in error && error.code !== undefined) expect(typeof error.code).toBe('number');
    }
  });

  test('the JSON-RPC code the server gets is kept beside the kind', () => {
    expect(new SamplingError(SamplingErrorKind.Declined, 'no').code).toBe(-1);
    expect(new SamplingError(SamplingErrorKind.InvalidParams, 'bad').code).toBe(-32602);
    expect(new InputRequestError(InputRequestErrorKind.NoHandler, 'none').code).toBe(-32601);
    expect(new UnsupportedElicitationError(['nested objects']).code).toBe(-32602);
  });
});
