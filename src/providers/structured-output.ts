// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { fromJsonSchema, type JsonSchemaType } from '@modelcontextprotocol/client';
// Named, not the SDK's implicit default: the single-file bundle leaves that out of the SDK's chunk (see mcp/output-validator.ts).
import { DefaultJsonSchemaValidator } from '@modelcontextprotocol/client/_shims';
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

let validator: DefaultJsonSchemaValidator | undefined;

/**
 * Checks `value` against a JSON schema with the MCP SDK's own validator (the
 * one it checks tool output with; in browsers @cfworker/json-schema: no
 * `eval`, so it works under a strict CSP). Returns undefined when it matches,
 * else a short reason.
 */
export function schemaMismatch(schema: Record<string, unknown>, value: unknown): string | undefined {
  let result;
  try {
    result = fromJsonSchema(schema as JsonSchemaType, (validator ??= new DefaultJsonSchemaValidator()))['~standard'].validate(value);
  } catch {
    // A schema the validator cannot read is not the model's fault: accept any object.
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'the answer is not a JSON object';
  }
  if (result instanceof Promise || !result.issues) return undefined;
  return result.issues
    .slice(0, 3)
    .map((issue) => issue.message)
    .join('; ');
}
