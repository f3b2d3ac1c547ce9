// The check of a structured answer against its JSON schema: the MCP SDK's own
// validator (in browsers @cfworker/json-schema: no `eval`). Loaded by
// structured-output.ts only for a request that asks for structured output, so a
// plain answer loads no validator (issue 42).
// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { fromJsonSchema, type JsonSchemaType } from '@modelcontextprotocol/client';
// Named, not the SDK's implicit default: the single-file bundle leaves that out of the SDK's chunk (see mcp/output-validator.ts).
import { DefaultJsonSchemaValidator } from '@modelcontextprotocol/client/_shims';

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
