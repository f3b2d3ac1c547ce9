import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  integrations: [
    starlight({
      title: 'My docs',
      // The chat on every page: Starlight's page frame, overridden (src/components/PageFrame.astro).
      components: { PageFrame: './src/components/PageFrame.astro' },
      // No search index: keeps the example's build short (search is unrelated to the chat).
      pagefind: false,
    }),
  ],
  // The elements and the MCP SDK make one chunk of about 760 kB (220 kB gzip).
  vite: { build: { chunkSizeWarningLimit: 1500 } },
});
