import type { Tool } from '@modelcontextprotocol/client';
import type { AgentCallOptions, AgentTool, AgentToolHost, AgentToolResult } from '../../../agent/types.js';
import { serverKey } from '../../../mcp/server-key.js';
import { toolViewUri } from '../../../mcp/apps.js';
import type { McpAppView } from '../../mcp-app-view/mcp-app-view.js';

/** One tool a live view offers, as the model gets it, and where it runs. */
interface AppToolEntry {
  tool: AgentTool;
  view: McpAppView;
  /** The app's own name for it. */
  name: string;
}

/** Letters, digits, `_` and `-` of `text` (what model tool names take), at most `max`. */
function slug(text: string, max: number): string {
  const cleaned = text.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return (cleaned || 'app').slice(0, max).replace(/_+$/, '');
}

/**
 * The tools the chat's live app views offer (an app that declared
 * `appCapabilities.tools`: ext-apps 1.7+ `App.registerTool`), as one more
 * source of the chat's catalog beside the servers' and the page's
 * (`ServerSet.addToolSource`): listed, approved, called, shown and saved as
 * server tools are. Each is named after its view, `<app>__<tool>` (the app's
 * title, then the app's own name for the tool; `_2`, `_3` for a second view
 * of the same app), its "server" is the view ("Counter app view"), and its
 * description says it comes from the view, so the model and the person can
 * tell it from a server's tool. The approval rules are the servers': a tool
 * the app marks read-only runs at once, any other waits for the person, and
 * "Always allow" is kept per server, view resource and tool
 * (`app:<server>#<ui://…>#<tool>`). A call runs through the view's bridge
 * (`tools/call` to the app). A view's tools leave the catalog when it closes,
 * its call leaves the conversation shown, or its frame is gone.
 */
export class AppToolSource extends EventTarget implements AgentToolHost {
  readonly #views: () => Iterable<McpAppView>;
  readonly #serverName: (app: string) => string;
  #listed?: { tools: AgentTool[]; byName: Map<string, AppToolEntry> };

  /**
   * @param views the chat's views, in the conversation's order.
   * @param serverName what people see as the tools' server, from the app's title.
   */
  constructor(views: () => Iterable<McpAppView>, serverName: (app: string) => string) {
    super();
    this.#views = views;
    this.#serverName = serverName;
  }

  /** A view's tools (or the views) changed: the catalog is listed again. */
  changed(): void {
    this.#listed = undefined;
    this.dispatchEvent(new Event('mcp-page-tools-change'));
  }

  listTools(): readonly AgentTool[] {
    return this.#list().tools;
  }

  #list(): { tools: AgentTool[]; byName: Map<string, AppToolEntry> } {
    if (this.#listed) return this.#listed;
    const tools: AgentTool[] = [];
    const byName = new Map<string, AppToolEntry>();
    for (const view of this.#views()) {
      const offered = view.appTools;
      if (!offered.length || !view.connection) continue;
      const info = view.toolInfo;
      const app = info?.title ?? info?.name ?? 'App';
      const uri = info ? (toolViewUri(info) ?? info.name) : '';
      const server = this.#serverName(app);
      for (const own of offered) {
        const base = `${slug(app, 62 - Math.min(own.name.length, 40))}__${slug(own.name, 40)}`.slice(0, 64);
        let name = base;
        for (let n = 2; byName.has(name); n++) name = `${base.slice(0, 64 - String(n).length - 1)}_${n}`;
        const tool = agentTool(own, name, server, `app:${serverKey(view.connection.url)}#${uri}#${own.name}`, app);
        byName.set(name, { tool, view, name: own.name });
        tools.push(tool);
      }
    }
    this.#listed = { tools, byName };
    return this.#listed;
  }

  async callTool(name: string, args: Record<string, unknown>, options: AgentCallOptions): Promise<AgentToolResult> {
    const entry = this.#list().byName.get(name);
    if (!entry || !entry.view.appTools.some((t) => t.name === entry.name)) {
      return {
        content: [{ type: 'text', text: `The app view that offered ${name} is closed: its tool is no longer available.` }],
        isError: true,
      };
    }
    const result = await entry.view.callAppTool(entry.name, args, { signal: options.signal });
    return result as AgentToolResult;
  }
}

function agentTool(own: Tool, name: string, server: string, key: string, app: string): AgentTool {
  const from = `A tool of the ${app} app view shown in the conversation (not of a server).`;
  return {
    name,
    title: own.title ?? own.name,
    description: own.description ? `${own.description}\n\n${from}` : from,
    inputSchema: own.inputSchema as AgentTool['inputSchema'],
    ...(own.annotations && { annotations: { ...own.annotations } }),
    server,
    key,
  };
}
