import { defineConfig } from 'vite';

/**
 * The single-file bundle: every dependency inlined into dist/mcp-web-elements.js,
 * loadable with one `<script type="module">` tag. It defines all elements and
 * re-exports the library.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: true,
    lib: { entry: 'src/bundle.ts', formats: ['es'], fileName: () => 'mcp-web-elements.js' },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
