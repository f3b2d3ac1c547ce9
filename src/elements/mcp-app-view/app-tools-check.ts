import type { Tool } from '@modelcontextprotocol/client';

/** Most tools one app may offer; the rest of its list is left out. */
export const APP_TOOLS_MAX = 32;
/** How long the host waits for an app's `tools/list`, and for one call of its tools, in ms. */
export const APP_TOOLS_LIST_MS = 5_000;
export const APP_TOOL_CALL_MS = 60_000;
/** A name the models take (and MCP's rule for tool names): 1-64 of letters, digits, `_`, `-`, `.`. */
const APP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The tools of an app's `tools/list` the host offers: untrusted, so only
 * well-formed ones (a usable name, an object schema), each name once, the
 * first {@link APP_TOOLS_MAX}, descriptions cut to 1,000 characters, of the
 * annotations only the spec's hints (booleans) and title (a string).
 */
export function checkedAppTools(listed: unknown): Tool[] {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  for (const raw of Array.isArray(listed) ? listed : []) {
    if (tools.length >= APP_TOOLS_MAX) break;
    const t = raw as Partial<Tool> | null;
    if (!t || typeof t.name !== 'string' || !APP_TOOL_NAME.test(t.name) || seen.has(t.name)) continue;
    const schema = t.inputSchema;
    if (!schema || typeof schema !== 'object' || Array.isArray(schema) || (schema.type !== undefined && schema.type !== 'object')) continue;
    seen.add(t.name);
    tools.push({
      name: t.name,
      ...(typeof t.title === 'string' && { title: t.title.slice(0, 200) }),
      ...(typeof t.description === 'string' && { description: t.description.slice(0, 1000) }),
      inputSchema: { ...schema, type: 'object' },
      ...(t.annotations && typeof t.annotations === 'object' && { annotations: hints(t.annotations) }),
    });
  }
  return tools;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

function hints(annotations: object): NonNullable<Tool['annotations']> {
  const given = annotations as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const hint of HINTS) if (typeof given[hint] === 'boolean') out[hint] = given[hint];
  if (typeof given.title === 'string') out.title = given.title.slice(0, 200);
  return out as NonNullable<Tool['annotations']>;
}
