import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (name: string) => fileURLToPath(new URL(`./demo/${name}.html`, import.meta.url));

/**
 * The demo pages (`npm run demo`): served from demo/ on 127.0.0.1:5173.
 * `vite build` builds every page (a multi-page app) into dist-demo/; the
 * element modules keep their registrations because package.json lists
 * the element sources (src/elements, mcp-*.ts) among its side effects.
 */
export default defineConfig({
  root: 'demo',
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PAGE_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.DEMO_PAGE_PORT ?? 5173) },
  build: {
    outDir: '../dist-demo',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: page('index'), connections: page('connections'), docs: page('docs'), shop: page('shop'), themes: page('themes'), 'models-eval': page('models-eval') },
    },
  },
});
