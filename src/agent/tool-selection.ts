import type { Message } from '../content/index.js';
import type { AgentTool, ToolSelection } from './types.js';

/** How many tools a request carries when the provider states no limit (OpenAI's limit). */
export const DEFAULT_MAX_TOOLS = 128;
/** How many characters of one tool's description a request carries. */
export const DEFAULT_MAX_TOOL_DESCRIPTION = 4000;
/** A tool whose input schema is larger than this (JSON characters) is not sent; it is listed as left out. */
export const MAX_TOOL_SCHEMA_CHARS = 32_000;
/** The name of the tool the model calls to find tools that were left out of the request. */
export const SEARCH_TOOLS_NAME = 'search_tools';
/** How many tools one search returns (and adds to the next requests). */
const SEARCH_RESULTS = 10;

// ToolSelection and OmittedReason live in types.ts (a leaf) so that types.ts need not import this file.
export type { OmittedReason, ToolSelection } from './types.js';

/** Options of {@link selectTools}. */
export interface ToolSelectionOptions {
  /** The conversation so far: tools it used are kept, its last person's message is matched. */
  messages: readonly Message[];
  /** Most tools per request, the search tool included; default {@link DEFAULT_MAX_TOOLS}. */
  maxTools?: number;
  /**
   * Most characters of tool definitions per request (see {@link toolChars}),
   * the search tool included; default: no limit. For models with a small context.
   */
  maxToolChars?: number;
  /** Longest description sent; default {@link DEFAULT_MAX_TOOL_DESCRIPTION}. */
  maxDescription?: number;
  /** Tools the person pinned (by model-facing name or `key`): always carried first. */
  pinned?: readonly string[];
  /** Tools the model found through the search tool in this turn (model-facing names): carried next. */
  found?: readonly string[];
}

/**
 * Chooses the tools a model request carries, within the provider's limit:
 * the pinned tools, the tools already used in this conversation, the ones
 * the model found with {@link SEARCH_TOOLS_NAME}, then the best matches of
 * the person's last message; when anything is left out, a search tool the
 * model can call to find the rest. Every description is capped, so no one
 * tool (a 1 MB description) can make every request fail; a tool whose input
 * schema alone is huge is left out. Pure.
 */
export function selectTools(catalog: readonly AgentTool[], options: ToolSelectionOptions): ToolSelection {
  const maxTools = Math.max(2, options.maxTools ?? DEFAULT_MAX_TOOLS);
  const maxDescription = options.maxDescription ?? DEFAULT_MAX_TOOL_DESCRIPTION;
  const omitted: ToolSelection['omitted'] = [];
  const usable = catalog.filter((tool) => {
    const tooLarge = JSON.stringify(tool.inputSchema ?? {}).length > MAX_TOOL_SCHEMA_CHARS;
    if (tooLarge) omitted.push({ tool, reason: 'schema-too-large' });
    return !tooLarge;
  });
  const shorten = (tool: AgentTool): AgentTool =>
    tool.description && tool.description.length > maxDescription
      ? {
          ...tool,
          description: `${tool.description.slice(0, maxDescription)}… (description shortened: ${tool.description.length} characters)`,
        }
      : tool;
  const maxChars = options.maxToolChars;
  const fitsChars = maxChars === undefined || usable.reduce((sum, t) => sum + toolChars(shorten(t)), 0) <= maxChars;
  if (usable.length <= maxTools && omitted.length === 0 && fitsChars) return { tools: usable.map(shorten), omitted, total: catalog.length };

  const byName = new Map(usable.map((t) => [t.name, t]));
  const chosen = new Set<AgentTool>();
  const room = maxTools - 1; // one place for the search tool
  // Characters left once the search tool is counted (its text says how many are hidden: count a wide number).
  let chars = maxChars === undefined ? Infinity : maxChars - toolChars(searchTool(catalog.length));
  const take = (tool: AgentTool | undefined) => {
    if (!tool || chosen.has(tool) || chosen.size >= room) return;
    const size = toolChars(shorten(tool));
    if (size > chars) return;
    chosen.add(tool);
    chars -= size;
  };
  const pinned = new Set(options.pinned ?? []);
  for (const tool of usable) if (pinned.has(tool.name) || (tool.key !== undefined && pinned.has(tool.key))) take(tool);
  for (const name of usedTools(options.messages)) take(byName.get(name));
  for (const name of options.found ?? []) take(byName.get(name));
  const query = lastPersonText(options.messages);
  for (const { tool } of rank(
    usable.filter((t) => !chosen.has(t)),
    query,
  )) {
    if (chosen.size >= room) break;
    take(tool);
  }
  for (const tool of usable) if (!chosen.has(tool)) omitted.push({ tool, reason: 'over-limit' });
  return { tools: [...[...chosen].map(shorten), searchTool(omitted.length)], omitted, total: catalog.length };
}

/** What one tool costs a request, in characters: its name, description and input schema as JSON. */
export function toolChars(tool: Pick<AgentTool, 'name' | 'description' | 'inputSchema'>): number {
  return JSON.stringify({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema ?? {} }).length;
}

/** The tool the model calls to find tools left out of the request. */
export function searchTool(hidden: number): AgentTool {
  return {
    name: SEARCH_TOOLS_NAME,
    description:
      `Finds tools that are available but not listed here (${hidden} more). Describe what you want to do; ` +
      `the best matching tools are returned and can be called from the next step on.`,
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What the tool should do, in a few words.' } },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
  };
}

/** Runs a search: the best matches of `query` among `catalog`, as the text result the model reads and the names found. */
export function searchTools(catalog: readonly AgentTool[], query: string): { names: string[]; text: string } {
  const found = rank(catalog, query)
    .filter((r) => r.score > 0)
    .slice(0, SEARCH_RESULTS)
    .map((r) => r.tool);
  if (!found.length) return { names: [], text: `No tool matches "${query}".` };
  const lines = found.map((t) => `- ${t.name}${t.title ? ` (${t.title})` : ''}: ${(t.description ?? '').slice(0, 300)}`);
  return { names: found.map((t) => t.name), text: `These tools can now be called:\n${lines.join('\n')}` };
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Tools ordered by how many words of `query` their name, title and description share (ties keep catalog order). */
function rank(tools: readonly AgentTool[], query: string): Array<{ tool: AgentTool; score: number }> {
  const wanted = new Set(words(query).filter((w) => w.length > 1));
  const scored = tools.map((tool, index) => {
    const nameWords = new Set(words(`${tool.name} ${tool.title ?? ''}`));
    const descWords = new Set(words((tool.description ?? '').slice(0, 2000)));
    let score = 0;
    for (const w of wanted) {
      if (nameWords.has(w)) score += 3;
      else if ([...nameWords].some((n) => n.replace(/^0+/, '') === w.replace(/^0+/, '') && /^\d+$/.test(w))) score += 3;
      if (descWords.has(w)) score += 1;
    }
    return { tool, score, index };
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index);
}

function usedTools(messages: readonly Message[]): string[] {
  const names: string[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    for (const block of messages[i]!.content) if (block.type === 'tool_use' && !names.includes(block.name)) names.push(block.name);
  }
  return names;
}

function lastPersonText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    const text = m.content
      .filter((b) => b.type === 'text')
      .map((b) => (b as { text: string }).text)
      .join(' ');
    if (text) return text;
  }
  return '';
}
