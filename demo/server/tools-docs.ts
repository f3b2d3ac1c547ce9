import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { svgIcon } from './assets.js';

/**
 * Where the demo site's pages are (the addresses `search-docs` links to):
 * DEMO_SITE_URL, else the Vite dev server's default.
 */
const SITE = process.env.DEMO_SITE_URL ?? 'http://localhost:5173/';

/** The demo site's pages, as a docs server's search index would hold them. */
const PAGES = [
  {
    path: 'docs.html#weather',
    title: 'The weather tool',
    text: 'weather returns the current weather for a city as structured content: temperature, conditions, humidity, wind. Arguments: city.',
  },
  {
    path: 'docs.html#try-it',
    title: 'Try a tool from the docs',
    text: 'The mcp-tool element runs one tool on the demo server from a docs page: a form from its input schema, no model, no key.',
  },
  {
    path: 'docs.html#apps',
    title: 'Interactive views (MCP Apps)',
    text: 'A tool can come with an interactive view (MCP Apps), sandboxed on a second origin. The counter app exercises every host method.',
  },
  {
    path: 'docs.html#other-tools',
    title: 'Other tools of the demo server',
    text: 'Echo, rich content, delete a note (destructive, asks first), a long task with progress and Stop, forms (elicitation), sampling.',
  },
  {
    path: 'themes.html',
    title: 'Themes and custom properties',
    text: 'Colours, fonts, radius and spacing of the chat come from custom properties; every piece has a part for ::part() styling. Dark theme.',
  },
  {
    path: 'shop.html',
    title: 'The shop: tools a page offers',
    text: 'A web shop that gives the assistant its own page tools (WebMCP): search the catalogue, add to the cart, check out with approval.',
  },
  {
    path: 'connections.html',
    title: 'Connections and sign-in',
    text: "Adding servers, OAuth sign-in, discovery of a site's MCP server with auto, connection states and errors in words.",
  },
];

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** `search-docs`: a docs server's search tool, as Mintlify's and GitBook's are: hits as text and resource links to the pages. */
export function registerDocsTools(server: McpServer): void {
  server.registerTool(
    'search-docs',
    {
      title: 'Search the docs',
      description: "Searches the demo site's documentation; returns the best matching pages with links. Cite the pages you use.",
      icons: svgIcon('📖', '#0f766e'),
      inputSchema: z.object({ query: z.string().min(1).describe('What to look for') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query }) => {
      const asked = new Set(words(query));
      const hits = PAGES.map((page) => ({ page, score: words(`${page.title} ${page.text}`).filter((w) => asked.has(w)).length }))
        .filter((h) => h.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 3)
        .map((h) => h.page);
      if (!hits.length) return { content: [{ type: 'text', text: `No page of the docs matches "${query}".` }] };
      return {
        content: [
          { type: 'text', text: hits.map((p) => `${p.title}: ${p.text}`).join('\n\n') },
          ...hits.map((p) => ({
            type: 'resource_link' as const,
            uri: new URL(p.path, SITE).href,
            name: p.path,
            title: p.title,
            description: p.text,
            mimeType: 'text/html',
          })),
        ],
      };
    },
  );
}
