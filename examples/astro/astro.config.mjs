import { defineConfig } from 'astro/config';

// A static site: `astro build` prerenders src/pages into dist/.
// The elements and the MCP SDK make one chunk of about 760 kB (220 kB gzip).
export default defineConfig({ vite: { build: { chunkSizeWarningLimit: 1500 } } });
