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

/** What `record-feedback` received (newest last, at most 50), readable as `demo://feedback/received`. */
const received: unknown[] = [];

/** The questions `suggested-questions` offers a docs chat as starters. */
export const SUGGESTED_QUESTIONS = [
  'How do I try a tool from the docs?',
  'What does the weather tool return?',
  'How does the chat find a site’s MCP server?',
];

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

  // A docs site's feedback inbox: `<mcp-chat feedback feedback-tool="record-feedback">` calls it with each rating.
  server.registerTool(
    'record-feedback',
    {
      title: 'Record feedback on an answer',
      icons: svgIcon('👍', '#0f766e'),
      description:
        'Keeps a rating of an answer of the docs chat (sent by the chat itself when a reader rates an answer). Not for the model.',
      inputSchema: z.object({
        rating: z.enum(['up', 'down']),
        comment: z.string().max(2000).optional(),
        question: z.string(),
        answer: z.string(),
        tools: z.array(z.string()),
        sources: z.array(z.object({ n: z.number(), url: z.string(), title: z.string().optional() })),
        conversationId: z.string().optional(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (feedback) => {
      received.push({ ...feedback, at: new Date().toISOString() });
      received.splice(0, Math.max(0, received.length - 50));
      return {
        content: [{ type: 'text', text: `Thanks: a ${feedback.rating === 'up' ? 'helpful' : 'not helpful'} rating was recorded.` }],
      };
    },
  );
  server.registerResource(
    'feedback-received',
    'demo://feedback/received',
    { title: 'Feedback received', description: 'The ratings record-feedback received, newest last', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(received) }] }),
  );

  // Suggested questions for a docs chat: `<mcp-chat starters-tool="suggested-questions">` shows them as starters.
  server.registerTool(
    'suggested-questions',
    {
      title: 'Suggested questions',
      icons: svgIcon('💡', '#0f766e'),
      description: 'Questions a reader of the demo docs often asks, for a chat to offer as starters. Not for the model.',
      inputSchema: z.object({}),
      outputSchema: z.object({ questions: z.array(z.string()) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => ({
      content: [{ type: 'text', text: SUGGESTED_QUESTIONS.join('\n') }],
      structuredContent: { questions: SUGGESTED_QUESTIONS },
    }),
  );
}
