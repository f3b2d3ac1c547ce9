import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { MCP_APPS_EXTENSION, MCP_APP_MIME_TYPE } from '../../src/mcp/apps.js';
import { DEMO_APP_HTML } from './app-view-html.js';
import { svgIcon } from './assets.js';
import type { InstanceContext } from './tools-content.js';

/** The demo app's `ui://` resource. */
export const DEMO_APP_URI = 'ui://demo/app.html';

const STEPS = [
  'call-tool',
  // A call the view does not wait for (several in a row run at once), and waiting for the last of them.
  'call-tool-meanwhile',
  'until-answered',
  'until-inline',
  'call-model-only',
  'read-resource',
  'list-resources',
  'list-templates',
  'list-prompts',
  'message',
  'message-rich',
  'context',
  'context-image',
  'open-link',
  'download',
  'download-files',
  'fullscreen',
  'inline',
  'pip',
  'resize',
  'sample',
  'probe',
  'spoof',
  'add-tool',
  'request-teardown',
] as const;

/**
 * MCP Apps: `counter-app` has an interactive view (`ui://demo/app.html`) that
 * exercises every host method; `app-increment` may only be called by that app
 * (`visibility: ["app"]`); `model-only-note` only by the model. Each result
 * says whether the client declared the `io.modelcontextprotocol/ui` extension
 * (2025: in `initialize`; 2026: in the request's `_meta`).
 */
export function registerAppTools(server: McpServer, { era, state }: InstanceContext): void {
  const declared = () => Boolean(server.server.getClientCapabilities()?.extensions?.[MCP_APPS_EXTENSION]);
  const count = (by: number) => {
    state.counter += by;
    return {
      content: [{ type: 'text' as const, text: `The counter is ${state.counter}.` }],
      structuredContent: { count: state.counter, era, uiDeclared: declared() },
    };
  };

  server.registerTool(
    'counter-app',
    {
      title: 'Counter app',
      description: 'Shows the demo counter in an interactive view (MCP Apps). Text-only clients get the count as text.',
      inputSchema: z.object({
        steps: z.array(z.enum(STEPS)).optional().describe('Actions the view runs by itself once it has the result (for tests)'),
      }),
      outputSchema: z.object({ count: z.number(), era: z.string(), uiDeclared: z.boolean() }),
      icons: svgIcon('🧮', '#0d9488'),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: DEMO_APP_URI, visibility: ['model', 'app'] } },
    },
    async () => count(0),
  );

  server.registerTool(
    'app-increment',
    {
      title: 'Increment (app only)',
      description: 'Adds one to the counter. Only the counter app may call it.',
      outputSchema: z.object({ count: z.number(), era: z.string(), uiDeclared: z.boolean() }),
      // It changes the counter but destroys nothing: apps may run it without asking (the default rule asks first).
      annotations: { readOnlyHint: false, destructiveHint: false },
      _meta: { ui: { resourceUri: DEMO_APP_URI, visibility: ['app'] } },
    },
    async () => count(1),
  );

  server.registerTool(
    'model-only-note',
    {
      title: 'Model-only note',
      description: 'A tool only the model may call; an app asking for it must be refused by the host.',
      _meta: { ui: { visibility: ['model'] } },
    },
    async () => ({ content: [{ type: 'text', text: 'secret for the model' }] }),
  );

  server.registerResource(
    'counter-app-view',
    DEMO_APP_URI,
    { title: 'Counter app view', description: 'The HTML view of counter-app', mimeType: MCP_APP_MIME_TYPE },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: DEMO_APP_HTML, _meta: { ui: { prefersBorder: true, csp: {} } } }],
    }),
  );
}
