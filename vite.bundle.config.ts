import { defineConfig } from 'vite';

/**
 * The single-file bundle for `<script type="module">` users: every dependency
 * inlined into dist/mcp-web-elements.js, which defines all elements. What the
 * page does not need at first (markdown, model providers, panels, forms, the
 * MCP Apps bridge...) is split into dist/chunks/, which the bundle loads from
 * beside itself with relative dynamic `import()`s when first needed, so a CDN
 * copy of dist/ works as it is.
 *
 * Fully minified: Vite's library mode keeps whitespace and `/*#__PURE__*\/`
 * annotations in ES output (for bundlers downstream); this file goes to
 * browsers as it is, so output.minify and output.comments turn both off.
 */
export default defineConfig({
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
        // content/no-eval.ts must run before zod builds a schema (the SDK builds
        // its schemas when its chunk is evaluated): in a chunk of its own, which
        // the entry imports first, so it is evaluated first.
        codeSplitting: { groups: [{ name: 'no-eval', test: /src[\\/]content[\\/]no-eval\.ts$/ }] },
      },
    },
  },
});
