import { copyFileSync, cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vitepress';

// The documentation site (`npm run docs` -> dist-docs/): the pages of docs/ and,
// generated from custom-elements.json, one API page per element (docs/api/).
// Live examples load the single-file bundle exactly as a page using the CDN
// would: one <script type="module">, served at /mcp-web-elements.js, and the
// chunks it loads when first needed beside it (/chunks/).
const root = join(import.meta.dirname, '../..');
const bundle = join(root, 'dist/mcp-web-elements.js');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
const tags: string[] = manifest.modules
  .flatMap((m: { declarations?: Array<{ tagName?: string; customElement?: boolean }> }) => m.declarations ?? [])
  .filter((d: { customElement?: boolean; tagName?: string }) => d.customElement && d.tagName)
  .map((d: { tagName: string }) => d.tagName);

// The pages are also read on GitHub, where `<server>` in prose is text. Here
// Markdown's inline HTML becomes Vue template: keep the usual HTML tags and our
// components, and show any other tag as the text it is.
const HTML_TAGS = new Set([
  'a',
  'br',
  'img',
  'details',
  'summary',
  'kbd',
  'sub',
  'sup',
  'code',
  'em',
  'strong',
  'span',
  'div',
  'p',
  'b',
  'i',
  'LiveExample',
]);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function keepKnownHtml(md: {
  renderer: { rules: Record<string, ((tokens: Array<{ content: string }>, idx: number, ...rest: unknown[]) => string) | undefined> };
}) {
  for (const rule of ['html_inline', 'html_block'] as const) {
    const original = md.renderer.rules[rule];
    md.renderer.rules[rule] = (tokens, idx, ...rest) => {
      const content = tokens[idx]!.content;
      const name = /^<\/?([A-Za-z][\w-]*)/.exec(content)?.[1];
      if (name && !HTML_TAGS.has(name)) return escape(content);
      return original ? original(tokens, idx, ...rest) : content;
    };
  }
}

/** Serves the bundle and its chunks during `vitepress dev`. */
const serveBundle = (): Plugin => ({
  name: 'mcp-web-elements-bundle',
  configureServer(server) {
    server.middlewares.use('/mcp-web-elements.js', (_req, res) => {
      res.setHeader('content-type', 'text/javascript');
      res.end(readFileSync(bundle));
    });
    server.middlewares.use('/chunks/', (req, res, next) => {
      const name = (req.url ?? '').replace(/^\//, '').replace(/\?.*$/, '');
      const file = join(root, 'dist/chunks', name);
      if (!/^[\w.-]+\.js$/.test(name) || !existsSync(file)) return next();
      res.setHeader('content-type', 'text/javascript');
      res.end(readFileSync(file));
    });
  },
});

export default defineConfig({
  title: 'mcp-web-elements',
  description: 'Web components that make any web page a full MCP client.',
  outDir: '../dist-docs',
  cleanUrls: false,
  // Every internal link must resolve: a dead one fails the build.
  ignoreDeadLinks: false,
  // The live examples talk to http://127.0.0.1:3001 (the demo server) on the reader's machine.
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('mcp-') } } },
  vite: { plugins: [serveBundle()] },
  markdown: { config: (md) => keepKnownHtml(md as never) },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/frameworks' },
      { text: 'Elements', link: '/api/mcp-chat' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Frameworks, SSR, editors', link: '/frameworks' },
          { text: 'Integrations (Next.js, Astro, docs sites)', link: '/integrations' },
          { text: 'Architecture', link: '/architecture' },
          { text: 'MCP Apps: what is supported', link: '/apps' },
          { text: 'Security of app views', link: '/security' },
        ],
      },
      {
        text: 'Elements',
        items: [
          // Sidebar text is rendered as HTML: a tag name is escaped or it becomes an (empty) element.
          { text: escape('<mcp-chat>'), link: '/elements/mcp-chat' },
          { text: escape('<mcp-elicit-form>'), link: '/elements/mcp-elicit-form' },
          { text: escape('<mcp-sampling-approval>'), link: '/elements/mcp-sampling-approval' },
          { text: escape('<mcp-app-view>'), link: '/elements/mcp-app-view' },
          { text: escape('<mcp-registry-search>'), link: '/elements/mcp-registry-search' },
          { text: escape('<mcp-tool>'), link: '/elements/mcp-tool' },
          { text: 'Code blocks', link: '/elements/code-highlighting' },
        ],
      },
      { text: 'API reference', items: tags.map((tag) => ({ text: escape(`<${tag}>`), link: `/api/${tag}` })) },
      {
        text: 'Library',
        items: [
          { text: 'Public API', link: '/api' },
          { text: 'Connections (mcp)', link: '/mcp' },
          { text: 'Finding servers (discovery, registry)', link: '/discovery' },
          { text: 'OAuth sign-in', link: '/oauth' },
          { text: 'Model providers', link: '/providers' },
          { text: 'Models', link: '/models' },
          { text: 'History', link: '/history' },
          { text: 'Sync (PostgreSQL)', link: '/sync' },
          { text: 'Page tools (WebMCP)', link: '/page-tools' },
        ],
      },
      {
        text: 'Project',
        items: [
          { text: 'Contributing', link: '/contributing' },
          { text: 'Releasing', link: '/releasing' },
          { text: 'Conformance', link: '/conformance' },
          { text: 'This site', link: '/site' },
        ],
      },
    ],
    search: { provider: 'local' },
  },
  buildEnd(site) {
    if (!existsSync(bundle)) throw new Error('dist/mcp-web-elements.js is missing: run `npm run build` first');
    copyFileSync(bundle, join(site.outDir, 'mcp-web-elements.js'));
    cpSync(join(root, 'dist/chunks'), join(site.outDir, 'chunks'), { recursive: true, filter: (f) => !f.endsWith('.map') });
  },
});
