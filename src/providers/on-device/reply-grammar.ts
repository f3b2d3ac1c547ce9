/**
 * The shape of every on-device reply, as a GBNF grammar: one compact JSON
 * object, either
 *   {"type":"text","text":"..."}                      (an answer), or
 *   {"tool":"NAME","arguments":{...}}                 (one tool call),
 * with one alternative per offered tool whose `arguments` follow that tool's
 * `inputSchema` (see schema-grammar.ts for the bounds). Pure; tested in Node.
 *
 * The text alternative is not length-bounded: a model that does not close it
 * stops at `maxTokens`, and the text so far is the answer (`stopReason:
 * 'maxTokens'`, as with any provider). A tool call is bounded by its schema,
 * so it always closes; the provider still refuses one cut off by `maxTokens`.
 */
import { gbnfLiteral, jsonLiteral, SchemaGrammar, type GrammarBounds } from './schema-grammar.js';

/** A tool as offered to the model (MCP `Tool`: name, description, inputSchema). */
export interface OfferedTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

/** What the reply may be: MCP's `toolChoice.mode`. */
export type ReplyChoice = 'auto' | 'required' | 'none';

/** The literal start of a text reply, up to its opening quote. */
export const TEXT_PREFIX = '{"type":"text","text":"';
/** The literal start of a tool call, up to its name. */
export const TOOL_PREFIX = '{"tool":';
/** What follows a tool's name, up to its arguments. */
export const ARGUMENTS_KEY = ',"arguments":';

/**
 * The grammar of one reply. `choice` `'required'` leaves out the text
 * alternative, `'none'` (or no tools) leaves out the tools.
 */
export function replyGrammar(tools: readonly OfferedTool[], choice: ReplyChoice = 'auto', bounds: Partial<GrammarBounds> = {}): string {
  const g = new SchemaGrammar(bounds);
  const alternatives: string[] = [];
  if (choice !== 'required' || tools.length === 0) {
    alternatives.push(g.add('text', `${gbnfLiteral(TEXT_PREFIX)} ${g.base('char')}* "\\"}"`));
  }
  if (choice !== 'none') {
    for (const tool of tools) {
      const args = g.value(argumentsSchema(tool.inputSchema), `${tool.name}-args`);
      alternatives.push(
        g.add(`tool-${tool.name}`, `${gbnfLiteral(TOOL_PREFIX)} ${jsonLiteral(tool.name)} ${gbnfLiteral(ARGUMENTS_KEY)} ${args} "}"`),
      );
    }
  }
  return g.rules(alternatives.join(' | '));
}

/** A tool's arguments are always an object, even when its schema says less. */
function argumentsSchema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return { type: 'object' };
  const s = schema as Record<string, unknown>;
  return s.type === undefined || s.type === 'object' ? { ...s, type: 'object' } : { type: 'object' };
}
