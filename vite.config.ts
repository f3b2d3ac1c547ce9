import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const page = (name: string) => fileURLToPath(new URL(`./demo/${name}.html`, import.meta.url));

/**
 * package.json declares side effects only for dist/, so a build from the
 * sources would drop `import '../src/elements/…/mcp-chat.js'`, the import
 * that registers the element (`@customElement`). The demo pages import the
 * sources: mark those modules as having side effects.
 */
const keepElementRegistrations: Plugin = {
  name: 'demo-keep-element-registrations',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && /[\\/]src[\\/]elements[\\/]/.test(resolved.id) ? { ...resolved, moduleSideEffects: true } : null;
  },
};

/**
 * The demo pages (`npm run demo`): served from demo/ on 127.0.0.1:5173.
 * `vite build` builds every page (a multi-page app) into dist-demo/.
 */
export default defineConfig({
  root: 'demo',
  plugins: [keepElementRegistrations],
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PAGE_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.DEMO_PAGE_PORT ?? 5173) },
  build: {
    outDir: '../dist-demo',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: page('index'), connections: page('connections'), docs: page('docs'), themes: page('themes') },
    },
  },
});
