import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (name: string) => fileURLToPath(new URL(`./demo/${name}.html`, import.meta.url));

/** The demo MCP server (`npm run demo` passes its address): proxied at the pages' own `/mcp`, so `auto` discovery finds it. */
const demoServer = process.env.VITE_DEMO_SERVER ? new URL(process.env.VITE_DEMO_SERVER).origin : undefined;

/**
 * The demo pages (`npm run demo`): served from demo/ on 127.0.0.1:5173.
 * `demo/public/.well-known/mcp/catalog.json` names the demo server's card,
 * whose remote is `/mcp` on the same origin: proxied to the demo server.
 * `vite build` builds every page (a multi-page app) into dist-demo/; the
 * element modules keep their registrations because package.json lists
 * the element sources (src/elements, mcp-*.ts) among its side effects.
 */
export default defineConfig({
  root: 'demo',
  server: {
    host: '127.0.0.1',
    port: Number(process.env.DEMO_PAGE_PORT ?? 5173),
    strictPort: true,
    proxy: demoServer ? { '/mcp': { target: demoServer } } : undefined,
  },
  preview: { host: '127.0.0.1', port: Number(process.env.DEMO_PAGE_PORT ?? 5173) },
  build: {
    outDir: '../dist-demo',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: page('index'),
        connections: page('connections'),
        docs: page('docs'),
        shop: page('shop'),
        themes: page('themes'),
        'models-eval': page('models-eval'),
      },
    },
  },
});
