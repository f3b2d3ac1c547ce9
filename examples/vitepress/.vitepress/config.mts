// A minimal VitePress site with the chat on every page (theme/index.ts).
// Vue must be told that `mcp-*` tags are custom elements, not Vue components.
import { defineConfig } from 'vitepress';

export default defineConfig({
  title: 'My docs',
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('mcp-') } } },
});
