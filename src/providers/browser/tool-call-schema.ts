import { ProviderError } from '../provider-error.js';

/**
 * Tool calls by constrained output, for a browser model without native tool
 * use: the answer must be ONE JSON object matching a schema whose
 * alternatives (`anyOf`) are
 *
 * - "answer in text": `{ "type": "text", "text": "..." }`, and
 * - "call tool X": `{ "tool": "X", "arguments": <X's inputSchema> }`, one per offered tool.
 *
 * The browser enforces the schema while the model writes (`responseConstraint`),
 * so even a small model produces a parseable call with the right argument
 * names. Pure functions, tested literal in / literal out.
 */

/** A tool as offered to the model (the MCP `Tool` fields this needs). */
export interface OfferedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** What the model answered: text for the person, or one tool call. */
export type ConstrainedAnswer = { type: 'text'; text: string } | { type: 'tool'; name: string; arguments: Record<string, unknown> };

/** The "answer in text" alternative. `type` comes first so the text can be streamed as it is written. */
export const TEXT_ALTERNATIVE = {
  type: 'object',
  properties: { type: { type: 'string', const: 'text' }, text: { type: 'string' } },
  required: ['type', 'text'],
  additionalProperties: false,
} as const;

/**
 * The `responseConstraint` for a request offering `tools`. With `required`
 * (MCP `toolChoice: { mode: 'required' }`) the text alternative is left out.
 * A lone alternative is returned as itself, not wrapped in `anyOf`.
 */
export function buildToolConstraint(tools: readonly OfferedTool[], options: { required?: boolean } = {}): Record<string, unknown> {
  const alternatives: Record<string, unknown>[] = options.required ? [] : [TEXT_ALTERNATIVE];
  for (const tool of tools) {
    alternatives.push({
      type: 'object',
      properties: { tool: { type: 'string', const: tool.name }, arguments: argumentsSchema(tool.inputSchema) },
      required: ['tool', 'arguments'],
      additionalProperties: false,
    });
  }
  if (alternatives.length === 0) return TEXT_ALTERNATIVE;
  return alternatives.length === 1 ? alternatives[0]! : { anyOf: alternatives };
}

/** A tool's input schema as one alternative's `arguments` (meta keys a constraint engine may refuse are dropped). */
export function argumentsSchema(inputSchema: Record<string, unknown> | undefined): Record<string, unknown> {
  const { $schema, $id, title, ...rest } = inputSchema ?? {};
  void $schema;
  void $id;
  void title;
  return { ...rest, type: 'object' };
}

/**
 * Words for the system prompt that explain the answer format and list the
 * tools (the constraint itself is not shown to the model:
 * `omitResponseConstraintInput`, so each schema is counted once).
 */
export function toolInstructions(tools: readonly OfferedTool[], options: { required?: boolean } = {}): string {
  const lines = tools.map(
    (t) =>
      `- ${t.name}: ${(t.description ?? '').trim() || 'no description'} Arguments (JSON schema): ${JSON.stringify(argumentsSchema(t.inputSchema))}`,
  );
  const how = options.required
    ? 'Answer with one JSON object that calls one of the tools below: {"tool": "<tool name>", "arguments": {<arguments>}}.'
    : 'Answer with one JSON object. To answer the person: {"type": "text", "text": "<your answer>"}. ' +
      'To call one of the tools below: {"tool": "<tool name>", "arguments": {<arguments>}}; you then get its result and answer again.';
  return `${how}\nTools:\n${lines.join('\n')}`;
}

/** The JSON text of a call, as the model writes it (also how past calls are shown to it). */
export function toolCallText(name: string, input: Record<string, unknown>): string {
  return JSON.stringify({ tool: name, arguments: input });
}

/**
 * Reads the model's constrained answer. Tolerates a Markdown code fence
 * around the JSON (some models add one when the browser does not enforce
 * the schema). Rejects, as `invalid-output`, text that is not JSON, an
 * object that is neither alternative, a tool that was not offered, or
 * arguments that are not an object.
 */
export function parseConstrainedAnswer(raw: string, toolNames: readonly string[]): ConstrainedAnswer {
  const text = raw.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProviderError(
      'invalid-output',
      `The browser's model answered with text that is not the JSON it was asked for: ${raw.slice(0, 120)}`,
      { provider: 'browser' },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProviderError('invalid-output', "The browser's model answered with JSON that is not an object.", { provider: 'browser' });
  }
  const answer = value as { type?: unknown; text?: unknown; tool?: unknown; arguments?: unknown };
  if (typeof answer.tool === 'string') {
    if (!toolNames.includes(answer.tool)) {
      throw new ProviderError(
        'invalid-output',
        `The browser's model called "${answer.tool.slice(0, 80)}", which is not one of the tools offered.`,
        { provider: 'browser' },
      );
    }
    const args = answer.arguments ?? {};
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new ProviderError(
        'invalid-output',
        `The browser's model called the tool "${answer.tool}" with arguments that are not a JSON object.`,
        { provider: 'browser' },
      );
    }
    return { type: 'tool', name: answer.tool, arguments: args as Record<string, unknown> };
  }
  if (typeof answer.text === 'string') return { type: 'text', text: answer.text };
  throw new ProviderError('invalid-output', "The browser's model answered with JSON that is neither text nor a tool call.", {
    provider: 'browser',
  });
}
