import { defineConfig } from 'vite';

/** The demo pages (`npm run demo`): served from demo/ on 127.0.0.1:5173. */
export default defineConfig({
  root: 'demo',
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PAGE_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.DEMO_PAGE_PORT ?? 5173) },
  build: { outDir: '../dist-demo', emptyOutDir: true },
});
