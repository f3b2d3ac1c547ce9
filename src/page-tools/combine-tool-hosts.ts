import type { AgentCallOptions, AgentTool, AgentToolHost, AgentToolResult } from '../agent/types.js';
import { assignModelToolNames } from '../mcp/tool-names.js';

/** The merged tool host {@link combineToolHosts} returns. */
export interface CombinedToolHost extends AgentToolHost {
  /** The catalog now, with model-facing names (recomputed when a source's list changed). */
  listTools(): readonly AgentTool[] | Promise<readonly AgentTool[]>;
  /** A tool of the last listing by its model-facing name (for approvals, cards, "always allow"). */
  findTool(name: string): AgentTool | undefined;
  /** Which source a model-facing name belongs to, and its name there (from the last listing). */
  resolve(name: string): { host: AgentToolHost; name: string; tool: AgentTool } | undefined;
}

interface Entry {
  serverId: string;
  serverName: string;
  toolName: string;
  host: AgentToolHost;
  tool: AgentTool;
}

/**
 * Several tool sources as one `AgentToolHost`: the hub's servers
 * (`hubToolHost`), the page's own tools (`PageToolRegistry`), the page's
 * WebMCP tools (`WebMcpImport`), in that order of precedence. Names follow
 * the hub's rule (`assignModelToolNames`): a tool keeps its name when it is
 * unique and model-safe, else it becomes `<server>__<tool>`; so a page tool
 * named like a server tool makes both unambiguous, exactly as two servers
 * would. Each tool keeps its `server`, `key` and annotations, so approvals
 * (`defaultApprovalPolicy`: not read-only means the person is asked), cards
 * and history treat every source alike. Instructions are the sources' own.
 *
 * A source whose listing fails is left out of that listing rather than
 * failing the turn.
 */
export function combineToolHosts(sources: readonly AgentToolHost[]): CombinedToolHost {
  let last: { lists: readonly (readonly AgentTool[])[]; tools: AgentTool[]; byName: Map<string, Entry> } | undefined;

  const build = (lists: readonly (readonly AgentTool[])[]) => {
    if (last && last.lists.length === lists.length && last.lists.every((l, i) => l === lists[i])) return last;
    const entries: Entry[] = lists.flatMap((list, i) =>
      list.map((tool) => ({
        serverId: String(i),
        serverName: tool.server ?? `source ${i + 1}`,
        toolName: tool.name,
        host: sources[i]!,
        tool,
      })),
    );
    const byName = new Map<string, Entry>();
    const tools: AgentTool[] = [];
    for (const [name, entry] of assignModelToolNames(entries)) {
      byName.set(name, entry);
      tools.push(name === entry.tool.name ? entry.tool : { ...entry.tool, name });
    }
    last = { lists, tools, byName };
    return last;
  };

  const settle = (value: readonly AgentTool[] | Promise<readonly AgentTool[]>) =>
    value instanceof Promise ? value.catch(() => [] as readonly AgentTool[]) : value;

  const listTools = (): readonly AgentTool[] | Promise<readonly AgentTool[]> => {
    const lists: (readonly AgentTool[] | Promise<readonly AgentTool[]>)[] = sources.map((s) => {
      try {
        return settle(s.listTools());
      } catch {
        return [];
      }
    });
    if (lists.some((l) => l instanceof Promise)) return Promise.all(lists).then((ready) => build(ready).tools);
    return build(lists as readonly (readonly AgentTool[])[]).tools;
  };

  const resolve = (name: string) => {
    const entry = last?.byName.get(name);
    return entry ? { host: entry.host, name: entry.tool.name, tool: entry.tool } : undefined;
  };

  return {
    listTools,
    findTool: (name) => {
      const entry = last?.byName.get(name);
      return entry ? (name === entry.tool.name ? entry.tool : { ...entry.tool, name }) : undefined;
    },
    resolve,
    listInstructions: () => sources.flatMap((s) => s.listInstructions?.() ?? []),
    callTool: async (name: string, args: Record<string, unknown>, options: AgentCallOptions): Promise<AgentToolResult> => {
      if (!last?.byName.has(name)) await listTools();
      const target = resolve(name);
      if (!target) return { content: [{ type: 'text', text: `No tool named ${name} is available now.` }], isError: true };
      return target.host.callTool(target.name, args, options);
    },
  };
}
