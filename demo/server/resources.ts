import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { LOGO_PNG_BASE64 } from './assets.js';
import type { InstanceContext } from './tools-content.js';

const README = `# Demo MCP server

This server exists to exercise every feature of an MCP client, in both protocol eras
(2025-11-25 sessions and 2026-07-28 stateless requests).

- **Tools**: rich content, structured output, progress and cancellation, form and URL
  elicitation, sampling (plain, with tools, structured), roots, logging, tic-tac-toe.
- **Prompts**: \`summarize\` (with completions) and \`greeting\`.
- **Resources**: this file, \`demo://logo.png\`, \`demo://notes/{id}\`, \`demo://counter\`
  (subscribe, then call \`touch-resource\`) and \`demo://activity\`.
`;

/** Resources: text, blob, a template with completion, a subscribable counter, the activity log. */
export function registerResources(server: McpServer, { state }: InstanceContext): void {
  server.registerResource(
    'readme',
    'demo://readme',
    { title: 'README', description: 'What this demo server offers', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README }] }),
  );

  server.registerResource(
    'logo',
    'demo://logo.png',
    { title: 'Logo', description: 'The demo logo, a 32x32 PNG', mimeType: 'image/png' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: LOGO_PNG_BASE64 }] }),
  );

  server.registerResource(
    'counter',
    'demo://counter',
    { title: 'Counter', description: 'A number that touch-resource increments; subscribe to hear about it', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ count: state.counter }) }] }),
  );

  server.registerResource(
    'activity',
    'demo://activity',
    { title: 'Activity', description: 'What the tools of this server did recently (newest last)', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(state.activity, null, 2) }] }),
  );

  server.registerResource(
    'note',
    new ResourceTemplate('demo://notes/{id}', {
      list: async () => ({
        resources: [...state.notes].map(([id, note]) => ({
          uri: `demo://notes/${id}`,
          name: `note-${id}`,
          title: note.title,
          mimeType: 'text/plain',
        })),
      }),
      complete: { id: (value) => [...state.notes.keys()].filter((id) => id.startsWith(value ?? '')) },
    }),
    { title: 'Note', description: 'A note by id', mimeType: 'text/plain' },
    async (uri, { id }) => {
      const note = state.notes.get(String(id));
      if (!note) throw new Error(`No note with id ${String(id)}`);
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `${note.title}\n\n${note.text}` }] };
    },
  );
}
