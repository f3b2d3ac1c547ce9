// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { SdkError, SdkErrorCode, specTypeSchemas, type Client, type StandardSchemaV1, type Tool } from '@modelcontextprotocol/client';

/** A tool a server listed that cannot be used, and why (for the Servers panel). */
export interface InvalidTool {
  /** Its name as listed (`(no name)` when it has none). */
  name: string;
  /** What is wrong with it, in words. */
  reason: string;
}

/** How many pages a lenient listing follows before it stops (a server that never ends its cursor). */
const MAX_PAGES = 200;

/** A `tools/list` page whose tools are not checked yet (checked one by one below). */
const loosePage: StandardSchemaV1<unknown, { tools: unknown[]; nextCursor?: string }> = {
  '~standard': {
    version: 1,
    vendor: 'mcp-elements',
    validate(value) {
      const page = value as { tools?: unknown; nextCursor?: unknown } | null;
      if (typeof page !== 'object' || page === null || !Array.isArray(page.tools))
        return { issues: [{ message: 'tools/list result has no tools array' }] };
      return { value: { tools: page.tools, ...(typeof page.nextCursor === 'string' ? { nextCursor: page.nextCursor } : {}) } };
    },
  },
};

/**
 * A server's tools, every page. The SDK refuses the whole list when one tool
 * is malformed (an `inputSchema` that is not an object schema, say), which
 * would hide all of a server's tools; then the list is read again without
 * that check and each tool is checked on its own: the valid ones are kept,
 * the others are returned in `invalid` with the reason.
 */
export async function loadTools(
  client: Client,
  options: { cacheMode?: 'refresh' } = {},
): Promise<{ tools: Tool[]; invalid: InvalidTool[] }> {
  try {
    return { tools: (await client.listTools(undefined, options)).tools, invalid: [] };
  } catch (error) {
    if (!(error instanceof SdkError) || error.code !== SdkErrorCode.InvalidResult) throw error;
  }
  const tools: Tool[] = [];
  const invalid: InvalidTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, loosePage);
    for (const raw of result.tools) {
      const problem = toolProblem(raw);
      const name = typeof (raw as { name?: unknown })?.name === 'string' ? (raw as { name: string }).name : '(no name)';
      if (problem) invalid.push({ name, reason: problem });
      else if (seen.has(name)) invalid.push({ name, reason: 'Listed twice; the first one is kept.' });
      else {
        seen.add(name);
        tools.push(raw as Tool);
      }
    }
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return { tools, invalid };
}

/** Why `raw` is not a usable tool, in words; undefined when it is one. */
export function toolProblem(raw: unknown): string | undefined {
  const tool = raw as { name?: unknown; inputSchema?: unknown; outputSchema?: unknown } | null;
  if (typeof tool !== 'object' || tool === null) return 'It is not an object.';
  if (typeof tool.name !== 'string' || tool.name === '') return 'It has no name.';
  for (const key of ['inputSchema', 'outputSchema'] as const) {
    const schema = tool[key] as { type?: unknown } | undefined;
    if (schema === undefined && key === 'outputSchema') continue;
    if (typeof schema !== 'object' || schema === null)
      return `Its ${key} is missing; a tool must describe its ${key === 'inputSchema' ? 'arguments' : 'result'} as a JSON Schema object.`;
    if (schema.type !== 'object')
      return `Its ${key} must be a JSON Schema with "type": "object"${schema.type === undefined ? '' : ` (it has ${JSON.stringify(schema.type)})`}.`;
  }
  const checked = specTypeSchemas.Tool['~standard'].validate(raw);
  if ('then' in checked || !checked.issues) return undefined;
  const issue = checked.issues[0]!;
  const path = (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');
  return `It does not follow the MCP tool format${path ? ` at ${path}` : ''}: ${issue.message}`;
}
