import { isModelVisible } from '../mcp/apps.js';
import type { McpHub } from '../mcp/hub.js';
import { serverKey } from '../mcp/server-key.js';
import type { AgentTool, AgentToolHost, AgentToolResult } from './types.js';

/**
 * The tools of every connected server of an `McpHub`, as the turn loop sees
 * them: model-facing names, each tool's server, and the servers' instructions.
 * MCP Apps: a tool whose `_meta.ui.visibility` lacks `"model"` (app-only) is
 * neither listed nor callable here; only its own app may call it.
 */
export function hubToolHost(hub: McpHub): AgentToolHost & { findTool(name: string): AgentTool | undefined } {
  const toAgentTool = ({ name, tool, connection }: McpHub['tools'][number]): AgentTool => ({
    name,
    description: tool.description,
    inputSchema: tool.inputSchema as AgentTool['inputSchema'],
    annotations: tool.annotations,
    title: tool.title ?? tool.annotations?.title,
    server: connection.name,
    key: `${serverKey(connection.url)}#${tool.name}`,
  });
  // Built once per catalog (hub.tools is the same array until a server or its catalog changes).
  let listed: { from: readonly McpHub['tools'][number][]; tools: AgentTool[] } | undefined;
  return {
    listTools: () => {
      const tools = hub.tools;
      if (listed?.from !== tools) listed = { from: tools, tools: tools.filter((t) => isModelVisible(t.tool)).map(toAgentTool) };
      return listed.tools;
    },
    findTool: (name) => {
      const found = hub.findTool(name);
      return found ? toAgentTool(found) : undefined;
    },
    listInstructions: () =>
      hub.connections
        .filter((c) => c.state === 'connected' && c.instructions)
        .map((c) => ({ server: c.name, instructions: c.instructions! })),
    callTool: async (name, args, options) => {
      const found = hub.findTool(name);
      if (found && !isModelVisible(found.tool)) {
        return {
          content: [{ type: 'text', text: `The tool ${name} is only available to its app's view, not to the model.` }],
          isError: true,
        };
      }
      return (await hub.callTool(name, args, options)) as AgentToolResult;
    },
  };
}
