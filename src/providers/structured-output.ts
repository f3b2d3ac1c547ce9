import type { CreateMessageRequestParams } from './types.js';

/**
 * The reserved tool name a server uses to ask for structured output: it
 * offers exactly one tool `__schema__` with `toolChoice: { mode: 'required' }`
 * and reads the answer from the tool_use block's `input`.
 */
export const SCHEMA_TOOL_NAME = '__schema__';

/** The JSON schema of a structured-output request, or undefined when the request is not one. */
export function structuredOutputSchema(params: CreateMessageRequestParams): Record<string, unknown> | undefined {
  const tools = params.tools ?? [];
  if (tools.length !== 1 || tools[0]!.name !== SCHEMA_TOOL_NAME) return undefined;
  if (params.toolChoice?.mode !== 'required') return undefined;
  return tools[0]!.inputSchema as Record<string, unknown>;
}

let check: typeof import('./structured-output-check.js') | undefined;

/**
 * Loads the check of structured answers (the JSON Schema validator, a chunk of
 * its own): a provider awaits it when a request asks for structured output,
 * before it calls {@link schemaMismatch}.
 */
export async function loadSchemaCheck(): Promise<void> {
  check ??= await import('./structured-output-check.js');
}

/**
 * Checks `value` against a JSON schema (see structured-output-check.ts);
 * undefined when it matches, else a short reason. Needs {@link loadSchemaCheck} first.
 */
export function schemaMismatch(schema: Record<string, unknown>, value: unknown): string | undefined {
  if (!check) throw new Error('schemaMismatch: the schema check is not loaded (await loadSchemaCheck() first)');
  return check.schemaMismatch(schema, value);
}
