import { McpServer } from '@modelcontextprotocol/server';
import { svgIcon } from './assets.js';
import { registerPrompts } from './prompts.js';
import { registerAppTools } from './tools-app.js';
import { registerResources } from './resources.js';
import { registerTicTacToe } from './tic-tac-toe.js';
import { registerContentTools, type InstanceContext } from './tools-content.js';
import { registerFileTools } from './tools-files.js';
import { registerDocsTools } from './tools-docs.js';
import { registerElicitationTools } from './tools-elicitation.js';
import { registerSamplingTools } from './tools-sampling.js';
import { registerSkills, skillsCapability } from './skills.js';

/** Shown to clients (and often to their model) as the server's `instructions`. */
export const DEMO_INSTRUCTIONS =
  'A demo server for trying MCP clients. Tools: echo, weather (structured), rich-content, delete-note ' +
  '(destructive), long-task (progress, cancellable), log-demo, touch-resource, register-form and url-sign-in ' +
  '(elicitation), url-required, ask-model, research and classify (sampling), get-roots, tic-tac-toe ' +
  "(you against the model), counter-app (an interactive MCP Apps view), search-docs (the demo site's pages, with links), record-feedback and suggested-questions (for a docs chat's feedback and starters). Nothing here touches real data.";

/**
 * Builds one `McpServer` with every tool, prompt and resource of the demo.
 * The 2025 side builds one per session; the 2026 side one per request. Both
 * share `ctx.state`.
 */
export function buildDemoServer(ctx: InstanceContext): McpServer {
  const server = new McpServer(
    {
      name: 'mcp-elements-demo',
      title: 'MCP Elements demo server',
      version: '0.1.0',
      description: 'Exercises every client feature in both protocol eras',
      icons: svgIcon('🧩', '#2563eb'),
    },
    {
      capabilities: {
        logging: {},
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        // The Skills extension (SEP-2640): skills/list, skills/get, skill:// resources (skills.ts).
        extensions: skillsCapability(),
      },
      instructions: DEMO_INSTRUCTIONS,
      requestState: { verify: ctx.state.codec.verify },
    },
  );
  registerContentTools(server, ctx);
  registerDocsTools(server);
  registerFileTools(server, ctx);
  registerElicitationTools(server, ctx);
  registerSamplingTools(server, ctx);
  registerTicTacToe(server, ctx);
  registerPrompts(server);
  registerResources(server, ctx);
  registerAppTools(server, ctx);
  registerSkills(server);
  return server;
}
