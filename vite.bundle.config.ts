import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The single-file bundle for `<script type="module">` users:
 * dist/mcp-web-elements.js defines the elements, with every dependency
 * inlined; what a page does not need at first is split into dist/chunks/,
 * loaded from beside the bundle with relative dynamic `import()`s when first
 * needed, so a CDN copy of dist/ works as it is.
 *
 * Chunks (see docs/performance.md):
 * - `chat`: everything src/bundle.ts imports statically (the <mcp-chat> shell,
 *   Lit), written as mcp-web-elements.js itself: the first paint needs this
 *   one file, not an entry, then its chunk, then a dozen small shared chunks;
 * - `mcp`: the MCP SDK client, zod and our connection code, fetched as soon as
 *   mcp-web-elements.js runs (src/bundle-preload.ts), evaluated right after
 *   the first paint to connect (src/elements/mcp-chat/servers/connect.chunk.ts);
 * - `output-validator`: the SDK's JSON Schema validator, at the first call of a
 *   tool with an output schema (see `sdkShims` below);
 * - `sdk-oauth`: the SDK's OAuth flow, at a server's first 401 (`sdkOAuthLater` below);
 * - one chunk per part loaded later (markdown, model, panels, history, forms,
 *   sampling, OAuth, MCP Apps), as Rolldown splits them.
 *
 * Fully minified: Vite's library mode keeps whitespace and `/*#__PURE__*\/`
 * annotations in ES output (for bundlers downstream); this file goes to
 * browsers as it is, so output.minify and output.comments turn both off.
 * Legal comments (`@license`, `/*!`) stay: the licences of Lit, DOMPurify and
 * the other inlined dependencies travel with their code (about 0.3 KB gzip).
 */

const normal = (id: string) => id.replace(/\\/g, '/').replace(/\?.*$/, '');

/**
 * Each rewrite below fails the build, not the visitor, when what it rewrites
 * changes shape (a dependency moved a file, renamed a function, wrote its
 * exports another way): it throws this, naming itself and what it missed.
 * A rewrite that found nothing to rewrite counts as changed too (checked at
 * the build's end). test/unit/bundle-rewrites.test.ts feeds each one a changed
 * target and sees the build error.
 */
export const rewriteFailed = (plugin: string, what: string): never => {
  throw new Error(`${plugin}: ${what}; update vite.bundle.config.ts (${plugin})`);
};

/** The file a page loads: src/bundle-loader.ts, built on its own by `pageFile` below. */
const PAGE_FILE = 'mcp-web-elements.js';

/**
 * The page file's code, from the loader's source (src/bundle-loader.ts), with
 * the chunks it asks for put in: `__CHAT_CHUNK__` (the `chat` chunk, which it
 * imports at once) and `__MCP_CHUNK__` (the `mcp` chunk and its static imports
 * other than the chat's, which src/bundle-preload.ts preloads when a chat has
 * a server), each relative to the page file. Fails the build when either
 * chunk is missing or the loader no longer asks for it.
 */
export function placePageFile(
  bundle: Record<string, { type: string; name?: string; fileName: string; imports?: string[] }>,
  loader: string,
): string {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const mcp = chunks.find((c) => c.name === 'mcp');
  if (!mcp) return rewriteFailed('page-file', 'the bundle has no `mcp` chunk');
  const chat = chunks.find((c) => c.name === 'chat');
  if (!chat) return rewriteFailed('page-file', 'the bundle has no `chat` chunk');
  if (!loader.includes('__MCP_CHUNK__'))
    rewriteFailed('page-file', 'the page file no longer asks for the `mcp` chunk (`__MCP_CHUNK__`, src/bundle-preload.ts)');
  if (!loader.includes('__CHAT_CHUNK__'))
    rewriteFailed('page-file', 'the page file no longer imports the `chat` chunk (`__CHAT_CHUNK__`, src/bundle-loader.ts)');
  const mcpFiles = [mcp.fileName, ...(mcp.imports ?? []).filter((f) => f !== chat.fileName)];
  return loader
    .replaceAll('__MCP_CHUNK__', mcpFiles.map((f) => `./${f}`).join(' '))
    .replaceAll('__CHAT_CHUNK__', `./${chat.fileName}`)
    .replaceAll('__CHAT_IMPORTS__', (chat.imports ?? []).map((f) => `./${f}`).join(' '));
}

/**
 * Writes the page file (dist/mcp-web-elements.js): src/bundle-loader.ts and
 * the little it imports (the early frame, the SDK preload), built on its own
 * into one file of a few kilobytes with no import of its own, so a page
 * paints the chat's frame after one small request; it imports the `chat`
 * chunk and preloads the `mcp` chunk at once (`placePageFile`). Drops the
 * entry facade (`chunks/entry-*.js`, a bare `import` of the chat chunk that
 * nothing loads).
 */
export const pageFile = (): Plugin => ({
  name: 'page-file',
  async generateBundle(_options, bundle) {
    const { build } = await import('vite');
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        write: false,
        target: 'es2022',
        minify: true,
        lib: { entry: fileURLToPath(new URL('./src/bundle-loader.ts', import.meta.url)), formats: ['es'], fileName: () => PAGE_FILE },
        rolldownOptions: {
          // Put in by placePageFile.
          external: ['__CHAT_CHUNK__'],
          output: { codeSplitting: false, minify: true, comments: { annotation: false, jsdoc: false, legal: false } },
        },
      },
    });
    const output = (Array.isArray(result) ? result[0] : result) as { output: { type: string; isEntry?: boolean; code?: string }[] };
    const loader = output.output.find((c) => c.type === 'chunk' && c.isEntry)?.code;
    if (!loader) return rewriteFailed('page-file', 'src/bundle-loader.ts built to nothing');
    const code = placePageFile(bundle as never, loader);
    for (const [name, chunk] of Object.entries(bundle)) {
      if (chunk.type === 'chunk' && chunk.isEntry) {
        delete bundle[name];
        delete bundle[`${name}.map`];
      }
    }
    this.emitFile({ type: 'asset', fileName: PAGE_FILE, source: code });
  },
});

/**
 * The on-device engine (src/providers/on-device/wllama-engine.ts) finds its
 * WebAssembly file at `../../wllama.wasm` from its module in this repository.
 * The package does not ship the file (its dependency @wllama/wllama does, and
 * so does every CDN that serves npm packages): this bundle's chunk points at
 * that version of the dependency on jsDelivr, the CDN the bundle itself is
 * documented from. A page can point elsewhere with
 * `globalThis.mcpWebElementsWasmUrl` (see docs/models.md, "Serving the engine").
 */
const wllamaVersion = (JSON.parse(readFileSync('node_modules/@wllama/wllama/package.json', 'utf8')) as { version: string }).version;
export const wllamaWasmPath = (): Plugin => {
  let rewritten = 0;
  return {
    name: 'wllama-wasm-path',
    renderChunk(code, chunk) {
      const path = /(["'`])\.\.\/\.\.\/wllama\.wasm\1/g;
      if (!chunk.fileName.startsWith('chunks/') || !path.test(code)) return null;
      rewritten += 1;
      return {
        code: code.replace(path, `$1https://cdn.jsdelivr.net/npm/@wllama/wllama@${wllamaVersion}/esm/wasm/wllama.wasm$1`),
        map: null,
      };
    },
    generateBundle() {
      // Without the rewrite the engine would ask the page's server for a wasm file the bundle does not ship.
      if (rewritten === 0)
        rewriteFailed('wllama-wasm-path', "no chunk names the engine's `../../wllama.wasm` (src/providers/on-device/wllama-engine.ts)");
    },
  };
};

/**
 * The MCP SDK's own imports of `@modelcontextprotocol/client/_shims` resolve to
 * src/mcp/sdk-shims.ts: the browser shims without the JSON Schema validator
 * (@cfworker/json-schema, about 5 KB gzip), which the SDK would construct as
 * the client's default. McpConnection always gives the client its own
 * (src/mcp/output-validator.ts), which imports the real `_shims` (this
 * repository's import, not the SDK's: not redirected) at the first call of a
 * tool with an output schema, so the validator is a chunk of its own.
 */
export const sdkShims = (): Plugin => {
  let redirected = 0;
  return {
    name: 'sdk-shims-without-validator',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@modelcontextprotocol/client/_shims' || !importer) return null;
      if (!/node_modules\/@modelcontextprotocol\/client\//.test(normal(importer))) return null;
      redirected += 1;
      return fileURLToPath(new URL('./src/mcp/sdk-shims.ts', import.meta.url));
    },
    buildEnd(error) {
      if (!error && redirected === 0)
        rewriteFailed('sdk-shims-without-validator', 'the MCP SDK no longer imports `@modelcontextprotocol/client/_shims`');
    },
  };
};

/**
 * zod's JSON Schema output (`core/to-json-schema.js`, `core/json-schema-processors.js`:
 * about 6 KB gzip of the `mcp` chunk) is left out of this bundle: each module
 * resolves, from zod's own files, to a module with the same exports that throw
 * when called. Nothing in the bundle turns a zod schema into JSON Schema: the
 * MCP SDK's client only parses with zod (its one conversion,
 * `standardSchemaToJsonSchema`, serves a server's `elicitInput`), and this
 * repository's code gives and checks JSON Schema as JSON. zod's classic
 * schemas still refer to them (each schema's `processJSONSchema`, the
 * `~standard.jsonSchema` methods made when `~standard` is read), so the
 * `create…` factories return a function that throws only when called.
 * The package's modules (dist/, for bundlers) keep zod whole.
 */
export const zodWithoutJsonSchema = (): Plugin => {
  const prefix = '\0zod-without-json-schema:';
  const FILES = ['to-json-schema.js', 'json-schema-processors.js'];
  const replaced = new Set<string>();
  const failed = (what: string) => rewriteFailed('zod-without-json-schema', what);
  return {
    name: 'zod-without-json-schema',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/node_modules\/zod\/v4\//.test(normal(importer))) return null;
      if (!/(^|\/)(to-json-schema|json-schema-processors)\.js$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? prefix + normal(resolved.id) : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length);
      const real = readFileSync(file, 'utf8');
      // Only the export forms read below: any other (a class, `let`, `default`, `export *`, a list over lines) would be missed.
      const other = real
        .split('\n')
        .find((line) => /^export\b/.test(line) && !/^export (?:(?:async )?function\*? \w+|const \w+|\{[^}]*\};?)/.test(line));
      if (other !== undefined) failed(`${posix.basename(file)} exports in a form this rewrite does not read: \`${other.slice(0, 80)}\``);
      const names = new Set<string>();
      for (const m of real.matchAll(/^export (?:async )?(?:function\*?|const) (\w+)/gm)) names.add(m[1]);
      for (const m of real.matchAll(/^export \{([^}]*)\}/gm))
        for (const part of m[1].split(','))
          names.add(
            part
              .trim()
              .split(/\s+as\s+/)
              .at(-1) ?? '',
          );
      names.delete('');
      if (names.size === 0) failed(`${posix.basename(file)} exports nothing this rewrite can read`);
      replaced.add(posix.basename(file));
      const lines = [
        'const fail = () => { throw new Error("mcp-web-elements.js leaves out zod\'s JSON Schema output (toJSONSchema); import zod itself to use it."); };',
      ];
      for (const name of names) {
        if (name === 'allProcessors') lines.push(`export const ${name} = {};`);
        else if (name.startsWith('create')) lines.push(`export const ${name} = () => fail;`);
        else lines.push(`export const ${name} = fail;`);
      }
      return lines.join('\n');
    },
    buildEnd(error) {
      const missed = FILES.filter((f) => !replaced.has(f));
      if (!error && missed.length) failed(`zod no longer imports ${missed.join(' and ')} from its own files`);
    },
  };
};

/**
 * The MCP SDK's OAuth client flow (`auth()`, the authorization server's
 * discovery, registration, the token requests, PKCE; about 4.4 KB gzip) and
 * its DPoP proofs (about 1 KB) are needed only for servers that ask for
 * sign-in, yet the SDK's HTTP transport refers to `auth()` in its 401 and
 * `finishAuth` paths and wraps its `fetch` with `withDpopFromProvider` for any
 * OAuth provider, so they came with the `mcp` chunk. In this bundle:
 * - each async function of `SDK_OAUTH_LATER` in the SDK module that holds
 *   `client/auth.ts` keeps its name and becomes a stub that loads the real one
 *   (`chunks/sdk-oauth-*.js`) at its first call; their callers await them;
 * - `withDpopFromProvider` asks the provider for its DPoP session as the real
 *   one does, and passes the request through unchanged while there is none
 *   (the real one does the same); once there is one, it loads the real one;
 * - `DpopSession`, for src/mcp/oauth/browser-oauth-provider.ts (a chunk of
 *   its own already), comes from the lazy copy.
 * - the OAuth types' zod schemas (core/src/auth.ts, 1.0 KB gzip, built at
 *   load by top-level zod calls) are in the lazy chunk only: core's `index`
 *   and `internal` entries import an empty module (`none`: each name
 *   undefined) in their place, the SDK's `specTypeSchemas` / `isSpecType` do
 *   not register them (the bundle reads `Tool` and the SDK `Implementation`),
 *   and the lazy copy of client/auth.ts imports them from core's module;
 * The lazy chunk is the same SDK modules once more (`?sdk-oauth-full`), of
 * which Rolldown keeps what those functions need: their error classes are
 * copies, which the SDK's `instanceof` tells apart by brand (`mcpBrand`), not
 * by identity. The synchronous helpers the transport uses (the
 * `WWW-Authenticate` parsing, scope union, `UnauthorizedError`,
 * `InsufficientScopeError`) stay. test/e2e/bundle-signin.spec.ts signs in
 * with the built bundle.
 */
const SDK_OAUTH_LATER = [
  'auth',
  'discoverOAuthProtectedResourceMetadata',
  'discoverOAuthMetadata',
  'discoverAuthorizationServerMetadata',
  'discoverOAuthServerInfo',
  'startAuthorization',
  'exchangeAuthorization',
  'refreshAuthorization',
  'fetchToken',
  'registerClient',
  'selectResourceURL',
  'parseErrorResponse',
];
export const sdkOAuthLater = (): Plugin => {
  const lazy = '\0sdk-oauth';
  const forOAuthProvider = '\0sdk-oauth-client';
  const full = '?sdk-oauth-full';
  const sdkIndex = normal(fileURLToPath(new URL('./node_modules/@modelcontextprotocol/client/dist/index.mjs', import.meta.url)));
  const fail = (what: string): never => {
    throw new Error(`sdk-oauth-later: the MCP SDK has no ${what} any more; update vite.bundle.config.ts (sdkOAuthLater)`);
  };
  // The SDK's own bundle puts client/auth.ts in one of its dist files (a hashed name).
  const authModule =
    readdirSync(posix.dirname(sdkIndex))
      .filter((f) => /^public-[^/]*\.mjs$/.test(f))
      .map((f) => `${posix.dirname(sdkIndex)}/${f}`)
      .find((f) => readFileSync(f, 'utf8').includes('//#region src/client/auth.ts')) ?? fail('dist/public-*.mjs with client/auth.ts');
  const isAuthModule = (id: string) => normal(id).replace(/\?.*$/, '') === authModule;
  // core/src/auth.ts: the OAuth types' zod schemas, one module of the SDK's core (a hashed name).
  const coreDist = normal(fileURLToPath(new URL('./node_modules/@modelcontextprotocol/core/dist/', import.meta.url)));
  const oauthSchemasFile =
    readdirSync(coreDist)
      .filter((f) => /^auth-[^/]*\.mjs$/.test(f))
      .map((f) => `${coreDist}${f}`)
      .find((f) => readFileSync(f, 'utf8').includes('//#region src/auth.ts')) ?? fail('dist/auth-*.mjs with core/src/auth.ts');
  const exportList = /^export \{([^}]*)\};$/m.exec(readFileSync(oauthSchemasFile, 'utf8')) ?? fail('export list in core/src/auth.ts');
  /** Each OAuth schema's name in that module, and the short name it exports it under. */
  const oauthSchemaExports = new Map(exportList[1].split(',').map((part) => part.trim().split(/\s+as\s+/) as [string, string]));
  /** The local name of `a as b` (or of `a`). */
  const localName = (binding: string) => binding.split(/\s+as\s+/).at(-1)!;
  const none = '\0sdk-oauth-schemas-none';
  const specTypesWithAuth = /^for \(const \[key, schema\] of Object\.entries\(authSchemas\)\) register\(key, schema\);$/m;
  return {
    name: 'sdk-oauth-later',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === lazy || source === forOAuthProvider || source === none) return source;
      // core's index and internal entries re-export the OAuth schemas: in the first load, none.
      if (
        importer &&
        posix.basename(source) === posix.basename(oauthSchemasFile) &&
        /@modelcontextprotocol\/core\/dist\/(index|internal)\.mjs$/.test(normal(importer))
      )
        return none;
      if (source.endsWith(full)) return source;
      if (source === '@modelcontextprotocol/client' && importer && /src\/mcp\/oauth\/browser-oauth-provider\.ts$/.test(normal(importer)))
        return forOAuthProvider;
      return null;
    },
    load(id) {
      if (id === none)
        return `const none = undefined;\nexport { ${[...oauthSchemaExports.values()].map((short) => `none as ${short}`).join(', ')} };`;
      if (id === lazy)
        return [
          `export { ${SDK_OAUTH_LATER.join(', ')} } from ${JSON.stringify(authModule + full)};`,
          `export { withDpopFromProvider } from ${JSON.stringify(sdkIndex + full)};`,
        ].join('\n');
      if (id === forOAuthProvider)
        return `export * from '@modelcontextprotocol/client';\nexport { DpopSession } from ${JSON.stringify(sdkIndex + full)};`;
      if (!id.endsWith(full)) return null;
      const code = readFileSync(id.slice(0, -full.length), 'utf8');
      if (!isAuthModule(id)) return code;
      // The OAuth types' schemas: from core's own module, not the first load's `none` (below).
      const fromSdk = /^import \{([^}]*)\} from "(\.\/src-[^"]*\.mjs)";$/m.exec(code) ?? fail('import of dist/src-*.mjs in client/auth.ts');
      const bindings = fromSdk[1]
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const schemas = bindings.filter((b) => oauthSchemaExports.has(localName(b)));
      if (schemas.length === 0) fail('OAuth schemas imported by client/auth.ts');
      const imports = [
        `import {${bindings.filter((b) => !schemas.includes(b)).join(', ')}} from "${fromSdk[2]}";`,
        `import { ${schemas.map((b) => `${oauthSchemaExports.get(localName(b))} as ${localName(b)}`).join(', ')} } from ${JSON.stringify(oauthSchemasFile)};`,
      ].join(' ');
      // The SDK module of client/auth.ts exports these under short names only.
      return `${code.replace(fromSdk[0], imports)}\nexport { ${SDK_OAUTH_LATER.join(', ')} };`;
    },
    transform(code, id) {
      if (id.endsWith(full)) return null;
      let out = code;
      // `specTypeSchemas` and `isSpecType`: the spec's types, not the OAuth ones (none here).
      if (
        /@modelcontextprotocol\/client\/dist\/src-[^/]*\.mjs$/.test(normal(id)) &&
        code.includes('//#region ../core-internal/src/types/specTypeSchema.ts')
      ) {
        if (!specTypesWithAuth.test(code)) fail('registration of authSchemas in specTypeSchema.ts');
        return { code: code.replace(specTypesWithAuth, ''), map: null };
      }
      if (normal(id) === sdkIndex) {
        const head = /^const withDpopFromProvider = \(provider\) => withDpop\(/m;
        if (!head.test(out) || !/\bmarkAuthSeamEscape\b/.test(out)) fail('withDpopFromProvider as it was');
        // On the same line, so the source map's lines hold.
        const stub =
          'const withDpopFromProvider = (provider) => (next) => { let real; return async (input, init) => { if (!real) { let session; try { session = await provider.dpop?.(); } catch (error) { throw markAuthSeamEscape(error); } ' +
          `if (!session) return next(input, init); real = import(${JSON.stringify(lazy)}).then((m) => m.withDpopFromProvider(provider)(next)); real.catch(() => { real = undefined; }); } return (await real)(input, init); }; }; `;
        out = out.replace(head, `${stub}const withDpopFromProvider$later = (provider) => withDpop(`);
        return { code: out, map: null };
      }
      if (!isAuthModule(id)) return null;
      for (const name of SDK_OAUTH_LATER) {
        const head = new RegExp(`^async function ${name}\\(`, 'm');
        if (!head.test(out)) fail(`async function ${name}`);
        out = out.replace(
          head,
          `async function ${name}(...args) { return (await import(${JSON.stringify(lazy)})).${name}(...args); } async function ${name}$later(`,
        );
      }
      // PKCE serves startAuthorization only (now in the lazy copy).
      out = out.replace(/^import pkceChallenge from "pkce-challenge";$/m, '');
      return { code: out, map: null };
    },
  };
};

/**
 * zod's English (`locales/en.js`, which its classic schemas set as the
 * default locale; 0.9 KB gzip of the first load) is src/bundle-zod-english.ts
 * in this bundle: the same sentences, fewer format names (see that file).
 */
export const zodEnglishCompact = (): Plugin => {
  let redirected = 0;
  return {
    name: 'zod-english-compact',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/node_modules\/zod\/v4\/classic\/schemas\.js$/.test(normal(importer))) return null;
      if (!/(^|\/)locales\/en\.js$/.test(source)) return null;
      redirected += 1;
      return fileURLToPath(new URL('./src/bundle-zod-english.ts', import.meta.url));
    },
    buildEnd(error) {
      if (!error && redirected === 0) rewriteFailed('zod-english-compact', "zod's classic schemas no longer import `locales/en.js`");
    },
  };
};

/**
 * Lit's `css` templates of this repository's elements went to browsers as
 * they are written: comments, indentation, spaces. This minifies the text
 * parts of each css`…` template in src/ (not its `${…}` expressions):
 * comments out, each line trimmed, runs of spaces one space, none next to
 * `{`, `}`, `;` or `,` nor after a colon (a space after a colon is only ever in
 * a declaration or a media query; no css template of ours has a string with
 * one), no `;` before a `}`. Spaces between selectors (descendant combinators) and
 * inside values stay, and so do the line breaks, so the source maps' lines
 * still hold (`map: null`: the code did not move between lines). The same
 * rules apply; about 1.3 KB gzip less in the page file (docs/performance.md).
 */
export const minifyCss = (): Plugin => ({
  name: 'minify-lit-css',
  enforce: 'pre',
  transform(code, id) {
    const failed = (what: string) => rewriteFailed('minify-lit-css', `a css template in ${posix.basename(normal(id))} ${what}`);
    if (!/\/src\/.*\.ts$/.test(normal(id)) || !code.includes('css`')) return null;
    const text = (part: string) =>
      part
        .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
        .split('\n')
        .map((line) =>
          line
            .replace(/[ \t]+/g, ' ')
            .replace(/ ?([{};,]) ?/g, '$1')
            .replace(/: /g, ':')
            .trim(),
        )
        .join('\n')
        .replace(/;(\s*)\}/g, '$1}');
    const out = code.replace(/\bcss`([^`]*)`/g, (_all, body: string) => {
      if (body.endsWith('\\')) failed('has an escaped backtick');
      const parts = body.split(/(\$\{[^}]*\})/);
      for (const [i, part] of parts.entries()) {
        if (i % 2) continue;
        // An expression with braces or a template of its own inside: this regex cut it.
        if (part.includes('${')) failed(`has an expression it cannot read: \`${part.slice(part.indexOf('${'), part.indexOf('${') + 40)}\``);
        // Its rules are for css outside strings: a string they would change (a space after a colon or comma) is refused.
        for (const [quoted] of part.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(["'])(?:\\.|(?!\1)[^\\\n])*\1/g))
          if (text(quoted) !== quoted) failed(`has a string its rules would change: ${quoted}`);
      }
      return `css\`${parts.map((part, i) => (i % 2 ? part : text(part))).join('')}\``;
    });
    return out === code ? null : { code: out, map: null };
  },
});

export default defineConfig({
  plugins: [sdkShims(), sdkOAuthLater(), zodWithoutJsonSchema(), zodEnglishCompact(), minifyCss(), pageFile(), wllamaWasmPath()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: true,
    // The entry is a facade (it only imports the `chat` chunk) and is dropped; the
    // page file is src/bundle-loader.ts, built on its own (`pageFile` above).
    lib: { entry: 'src/bundle.ts', formats: ['es'], fileName: () => 'chunks/entry-[hash].js' },
    rolldownOptions: {
      output: {
        minify: true,
        comments: { annotation: false, jsdoc: false, legal: true },
        // V8's explicit compile hint (Chromium 136+; a comment elsewhere): the chat chunk's
        // functions are compiled while it streams in, off the main thread, instead of one by
        // one on the main thread when the first paint first calls them (issue 28: about 14 %
        // less main-thread time from script start to rendered; docs/performance.md).
        postBanner: (chunk) => (chunk.name === 'chat' ? '//# allFunctionsCalledOnLoad' : ''),
        // A feature's lazy part is `<name>.chunk.ts` (src/elements/mcp-chat/chunks.ts): its file is `chunks/<name>-<hash>.js`.
        chunkFileNames: (chunk) =>
          chunk.name === 'chat' ? 'chunks/chat-[hash].js' : `chunks/${chunk.name.replace(/\.chunk$/, '').replace(/^_/, '')}-[hash].js`,
        codeSplitting: {
          groups: [
            // Everything the entry (src/bundle.ts) imports statically (Rolldown's `$initial`
            // tag) in one chunk, which the page file imports as soon as it has painted the
            // frame. content/no-eval.ts is its first import, so it is evaluated first
            // (before zod builds a schema in the `mcp` chunk, evaluated after it).
            { name: 'chat', tags: ['$initial'], priority: 2 },
            {
              name: 'mcp',
              test: (id: string) =>
                // Not the JSON Schema validator: loaded at the first call of a tool with an output schema (sdkShims above).
                (!/client[\\/]dist[\\/](shims|cfWorkerProvider)/.test(id) &&
                  !id.endsWith('?sdk-oauth-full') &&
                  // Not the OAuth types' schemas: only the OAuth flow's copy imports them (sdkOAuthLater above).
                  !/core[\\/]dist[\\/]auth-[^\\/]*\.mjs$/.test(normal(id)) &&
                  /node_modules[\\/](@modelcontextprotocol[\\/](client|core)|zod|eventsource-parser)[\\/]/.test(id)) ||
                // Not what is loaded later from src/mcp: OAuth, tasks, the diagnosis, finding a site's server
                // (`auto`: discover, probe), the MCP Registry's search (registry, registry-entry), listing
                // and loading skills (skills.ts; skills-extension.ts, needed at connect, stays), putting file
                // inputs back on an elicitation request (file-input-restore.ts), and the page's side of a hub in a
                // Worker (worker-hub.ts: it must not load the SDK on the page; issue 42, docs/performance.md).
                /src[\\/](mcp[\\/](?!oauth[\\/]|task-run\.ts|file-input-restore\.ts|diagnose\.ts|diagnosis-(?:cors|english)\.ts|discover\.ts|probe\.ts|registry(?:-entry)?\.ts|skills\.ts|worker-hub\.ts)|agent[\\/]hub-tools\.ts|elements[\\/]mcp-chat[\\/]servers[\\/](connect\.chunk|auth)\.ts)/.test(
                  normal(id),
                ),
              priority: 1,
            },
            // DPoP (the SDK's DpopSession and its fetch wrapper), shared by the sdk-oauth and
            // browser-oauth-provider chunks (sdkOAuthLater above).
            { name: 'sdk-dpop', test: (id: string) => normal(id).endsWith('/index.mjs') && id.endsWith('?sdk-oauth-full'), priority: 1 },
            // The SDK's JSON Schema validator (browser shims, @cfworker/json-schema): at the first
            // call of a tool with an output schema, or the first structured-output answer.
            { name: 'output-validator', test: /client[\\/]dist[\\/](shimsBrowser|cfWorkerProvider)/, priority: 1 },
          ],
        },
      },
    },
  },
});
