// Typed <mcp-*> tags in templates (svelte-check, the Svelte language server).
import type { CustomElements } from 'mcp-web-elements/svelte';

declare module 'svelte/elements' {
  interface SvelteHTMLElements extends CustomElements {}
}
