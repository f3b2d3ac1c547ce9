/** The tool-name pattern model providers accept (OpenAI, Anthropic). */
export const MODEL_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** One tool as the hub's naming sees it: which server, which name there. */
export interface NamedTool {
  serverId: string;
  /** The server's own name for itself, used as the prefix when names collide. */
  serverName: string;
  toolName: string;
}

/**
 * Gives every tool of every server a name a model can use: the tool's own
 * name when it is unique across servers and fits {@link MODEL_TOOL_NAME_PATTERN},
 * otherwise `server__tool`, sanitized (other characters become `_`), cut to 64
 * characters (the server part first) and made unique with a numeric suffix. The result is
 * deterministic for a given input order. Returns model name -> tool, in input order.
 */
export function assignModelToolNames<T extends NamedTool>(tools: readonly T[]): Map<string, T> {
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.toolName, (counts.get(tool.toolName) ?? 0) + 1);
  const names = new Map<T, string>();
  const taken = new Set<string>();
  // Unique, valid names are kept first so a prefixed name can never steal them.
  const plain = new Set(tools.filter((t) => counts.get(t.toolName) === 1 && MODEL_TOOL_NAME_PATTERN.test(t.toolName)));
  for (const tool of plain) {
    names.set(tool, tool.toolName);
    taken.add(tool.toolName);
  }
  // The next suffix to try per base: every smaller one was taken when it was last tried, and `taken` only
  // grows, so starting there gives the same names without trying 2, 3, … again (twenty servers of the same
  // name would otherwise try n² names per tool).
  const nextSuffix = new Map<string, number>();
  const sanitized = new Map<string, string>();
  const clean = (text: string) => {
    let out = sanitized.get(text);
    if (out === undefined) sanitized.set(text, (out = sanitize(text)));
    return out;
  };
  for (const tool of tools) {
    if (plain.has(tool)) continue;
    const own = clean(tool.toolName);
    // A long server name is shortened first: the tool's own name matters more to the model.
    const base = counts.get(tool.toolName) === 1 ? own : `${clean(tool.serverName).slice(0, Math.max(8, 62 - own.length))}__${own}`;
    let name = base.slice(0, 64);
    let n = nextSuffix.get(base);
    if (n !== undefined || taken.has(name)) {
      for (n ??= 2; ; n++) {
        const suffix = `_${n}`;
        name = base.slice(0, 64 - suffix.length) + suffix;
        if (!taken.has(name)) break;
      }
      nextSuffix.set(base, n + 1);
    }
    names.set(tool, name);
    taken.add(name);
  }
  // In input order, so the model sees the catalog in the order the servers gave it.
  return new Map(tools.map((tool) => [names.get(tool) as string, tool]));
}

function sanitize(text: string): string {
  const cleaned = text.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return cleaned || 'tool';
}
