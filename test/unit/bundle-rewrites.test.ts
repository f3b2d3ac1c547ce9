import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, test } from 'vitest';
import {
  minifyCss,
  placePageFile,
  sdkOAuthLater,
  sdkShims,
  wllamaWasmPath,
  zodEnglishCompact,
  zodWithoutJsonSchema,
} from '../../vite.bundle.config.js';

// Issue 37, item 5: each build-time rewrite of the single-file bundle (vite.bundle.config.ts) fails
// the build, not the visitor, when what it rewrites changes shape. Each is fed here a changed target
// (what a dependency's next version or our own next edit could make of it) and must throw, with its
// name and what it missed; the same hook fed the real target does not. `npm run build` runs them on
// the real files (test/e2e/bundle-as-shipped.spec.ts drives what they make).

type Hook = (...args: any[]) => any;
/** Calls a plugin's hook as Rolldown would (`this`: the little of the plugin context the hooks use). */
const call = (plugin: Plugin, hook: keyof Plugin, ...args: unknown[]) => {
  const value = plugin[hook] as Hook | { handler: Hook } | undefined;
  const fn = typeof value === 'function' ? value : value?.handler;
  if (!fn) throw new Error(`${plugin.name} has no ${String(hook)}`);
  const context = { resolve: async (source: string) => ({ id: join(process.cwd(), 'node_modules/zod/v4/core', source) }) };
  return fn.call(context, ...args);
};
const SDK = join(process.cwd(), 'node_modules/@modelcontextprotocol/client/dist');
const chunk = (fileName: string, code: string, more: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  name: fileName,
  code,
  imports: [],
  isEntry: false,
  ...more,
});

describe('each rewrite of the bundle fails the build when its target changes shape', () => {
  test('sdk-shims: the SDK no longer imports its `_shims` by that name', () => {
    const plugin = sdkShims();
    call(plugin, 'resolveId', '@modelcontextprotocol/client/_shims-v2', `${SDK}/index.mjs`);
    expect(() => call(plugin, 'buildEnd')).toThrow(
      /sdk-shims-without-validator: the MCP SDK no longer imports `@modelcontextprotocol\/client\/_shims`/,
    );
    const real = sdkShims();
    expect(call(real, 'resolveId', '@modelcontextprotocol/client/_shims', `${SDK}/index.mjs`)).toMatch(/src\/mcp\/sdk-shims\.ts$/);
    expect(() => call(real, 'buildEnd')).not.toThrow();
  });

  test('zod without JSON Schema: a file it stubs exports in another form, or is no longer imported', async () => {
    const plugin = zodWithoutJsonSchema();
    const dir = mkdtempSync(join(tmpdir(), 'zod-shape-'));
    const changed = join(dir, 'to-json-schema.js');
    writeFileSync(changed, 'export function toJSONSchema() {}\nexport class JSONSchemaGenerator {}\n');
    expect(() => call(plugin, 'load', `\0zod-without-json-schema:${changed}`)).toThrow(
      /zod-without-json-schema: to-json-schema\.js exports in a form this rewrite does not read: `export class JSONSchemaGenerator/,
    );
    // Only one of the two files came through: the other moved.
    const id = await call(plugin, 'resolveId', './to-json-schema.js', join(process.cwd(), 'node_modules/zod/v4/core/index.js'));
    expect(call(plugin, 'load', id)).toContain('export const processSchema = fail;');
    expect(() => call(plugin, 'buildEnd')).toThrow(/zod no longer imports json-schema-processors\.js from its own files/);
    const both = await call(plugin, 'resolveId', './json-schema-processors.js', join(process.cwd(), 'node_modules/zod/v4/core/index.js'));
    call(plugin, 'load', both);
    expect(() => call(plugin, 'buildEnd')).not.toThrow();
  });

  test("zod's compact English: zod's schemas no longer import locales/en.js", () => {
    const plugin = zodEnglishCompact();
    call(plugin, 'resolveId', '../locales/english.js', join(process.cwd(), 'node_modules/zod/v4/classic/schemas.js'));
    expect(() => call(plugin, 'buildEnd')).toThrow(/zod-english-compact: zod's classic schemas no longer import `locales\/en\.js`/);
    const real = zodEnglishCompact();
    expect(call(real, 'resolveId', '../locales/en.js', join(process.cwd(), 'node_modules/zod/v4/classic/schemas.js'))).toMatch(
      /bundle-zod-english\.ts$/,
    );
    expect(() => call(real, 'buildEnd')).not.toThrow();
  });

  test('the OAuth rewrite: the SDK renamed an OAuth function, or changed withDpopFromProvider', () => {
    const plugin = sdkOAuthLater();
    const authFile = readdirSync(SDK)
      .filter((f) => /^public-.*\.mjs$/.test(f))
      .map((f) => join(SDK, f))
      .find((f) => readFileSync(f, 'utf8').includes('//#region src/client/auth.ts'))!;
    const auth = readFileSync(authFile, 'utf8');
    expect(() => call(plugin, 'transform', auth.replace(/^async function fetchToken\(/m, 'async function fetchTokens('), authFile)).toThrow(
      /sdk-oauth-later: the MCP SDK has no async function fetchToken any more/,
    );
    expect(call(plugin, 'transform', auth, authFile).code).toContain('async function fetchToken$later(');
    const index = readFileSync(join(SDK, 'index.mjs'), 'utf8');
    expect(() =>
      call(
        plugin,
        'transform',
        index.replace('const withDpopFromProvider = (provider) => withDpop(', 'const withDpopFromProvider = (p) => withDpop('),
        join(SDK, 'index.mjs'),
      ),
    ).toThrow(/the MCP SDK has no withDpopFromProvider as it was any more/);
  });

  test('the css minifier: a css template with a string its rules would change, or an expression it cannot read', () => {
    const plugin = minifyCss();
    const id = join(process.cwd(), 'src/elements/example.styles.ts');
    expect(() => call(plugin, 'transform', "const s = css`.a::before { content: 'one: two'; }`;", id)).toThrow(
      /minify-lit-css: a css template in example\.styles\.ts has a string its rules would change: 'one: two'/,
    );
    expect(() => call(plugin, 'transform', 'const s = css`.a { color: ${dark ? `white` : `black`}; }`;', id)).toThrow(
      /has an expression it cannot read/,
    );
    // What it can read: minified, the string and the comment's apostrophe kept apart.
    expect(
      call(plugin, 'transform', "const s = css`\n  /* the page's own */\n  .a::before { content: 'x'; color: red; }\n`;", id).code,
    ).toBe("const s = css`\n\n.a::before{content:'x';color:red}\n`;");
  });

  test('the page file: no `mcp` or `chat` chunk, or the loader no longer asks for them', () => {
    const loader = 'preload("__MCP_CHUNK__"); preload("__CHAT_IMPORTS__"); import("__CHAT_CHUNK__")';
    const mcp = { ...chunk('chunks/mcp-1.js', 'x', { imports: ['chunks/chat-1.js', 'chunks/runtime-1.js'] }), name: 'mcp' };
    const chat = { ...chunk('chunks/chat-1.js', 'y', { imports: ['chunks/runtime-1.js'] }), name: 'chat' };
    expect(() => placePageFile({ 'chunks/chat-1.js': chat }, loader)).toThrow(/page-file: the bundle has no `mcp` chunk/);
    expect(() => placePageFile({ 'chunks/mcp-1.js': mcp }, loader)).toThrow(/page-file: the bundle has no `chat` chunk/);
    const bundle = { 'chunks/mcp-1.js': mcp, 'chunks/chat-1.js': chat };
    expect(() => placePageFile(bundle, 'import("__CHAT_CHUNK__")')).toThrow(/no longer asks for the `mcp` chunk/);
    expect(() => placePageFile(bundle, 'preload("__MCP_CHUNK__")')).toThrow(/no longer imports the `chat` chunk/);
    // What it can place: each path relative to the page file; the mcp chunk's list leaves out the chat chunk (already loading).
    expect(placePageFile(bundle, loader)).toBe(
      'preload("./chunks/mcp-1.js ./chunks/runtime-1.js"); preload("./chunks/runtime-1.js"); import("./chunks/chat-1.js")',
    );
  });

  test("the engine's wasm path: no chunk names ../../wllama.wasm any more", () => {
    const plugin = wllamaWasmPath();
    expect(
      call(plugin, 'renderChunk', 'new URL(`../wasm/wllama.wasm`, import.meta.url)', { fileName: 'chunks/wllama-engine-1.js' }),
    ).toBeNull();
    expect(() => call(plugin, 'generateBundle')).toThrow(/wllama-wasm-path: no chunk names the engine's `\.\.\/\.\.\/wllama\.wasm`/);
    const real = wllamaWasmPath();
    expect(
      call(real, 'renderChunk', 'new URL(`../../wllama.wasm`, import.meta.url)', { fileName: 'chunks/wllama-engine-1.js' }).code,
    ).toMatch(/^new URL\(`https:\/\/cdn\.jsdelivr\.net\/npm\/@wllama\/wllama@[\d.]+\/esm\/wasm\/wllama\.wasm`, import\.meta\.url\)$/);
    expect(() => call(real, 'generateBundle')).not.toThrow();
  });
});
