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
 *   Lit), so the first paint needs the bundle and this one file, not a dozen
 *   small shared chunks;
 * - `mcp`: the MCP SDK client, zod and our connection code, loaded right after
 *   the first paint to connect (src/elements/mcp-chat/lazy/connect.ts);
 * - one chunk per part loaded later (markdown, model, panels, history, forms,
 *   sampling, OAuth, MCP Apps), as Rolldown splits them.
 *
 * Fully minified: Vite's library mode keeps whitespace and `/*#__PURE__*\/`
 * annotations in ES output (for bundlers downstream); this file goes to
 * browsers as it is, so output.minify and output.comments turn both off.
 */

const normal = (id: string) => id.replace(/\\/g, '/').replace(/\?.*$/, '');

/** Puts the `mcp` chunk's file name where src/bundle-preload.ts asks for it. */
const mcpChunkName = (): Plugin => ({
  name: 'mcp-chunk-name',
  generateBundle(_options, bundle) {
    const mcp = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === 'mcp');
    if (!mcp) return;
    const name = mcp.fileName.replace(/^chunks\//, '');
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk' && chunk.code.includes('__MCP_CHUNK__')) chunk.code = chunk.code.replaceAll('__MCP_CHUNK__', name);
    }
  },
});

export default defineConfig({
  plugins: [mcpChunkName()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: true,
    lib: { entry: 'src/bundle.ts', formats: ['es'], fileName: () => 'mcp-web-elements.js' },
    rolldownOptions: {
      output: {
        minify: true,
        comments: { annotation: false, jsdoc: false, legal: false },
        chunkFileNames: 'chunks/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // content/no-eval.ts must run before zod builds a schema (the SDK builds
            // its schemas when its chunk is evaluated): in a chunk of its own, which
            // the entry imports first, so it is evaluated first.
            // src/bundle-preload.ts goes with it: it starts fetching the `mcp` chunk.
            { name: 'no-eval', test: /src[\\/](content[\\/]no-eval|bundle-preload)\.ts$/, priority: 3 },
            // Everything the entry imports statically (Rolldown's `$initial` tag).
            { name: 'chat', tags: ['$initial'], priority: 2 },
            {
              name: 'mcp',
              test: (id: string) =>
                /node_modules[\\/](@modelcontextprotocol[\\/](client|core)|zod|eventsource-parser|pkce-challenge)[\\/]/.test(id) ||
                /src[\\/](mcp[\\/](?!oauth[\\/])|agent[\\/]hub-tools\.ts|elements[\\/]mcp-chat[\\/](lazy[\\/]connect|auth)\.ts)/.test(normal(id)),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
