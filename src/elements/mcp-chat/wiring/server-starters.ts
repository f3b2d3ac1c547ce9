// Suggested questions from the site's server (issue 39 item 5): with
// `starters-prompt="name"`, the prompt of that name on a connected server is
// read once (`prompts/get`, no arguments) and each line of its text is a
// starter, sent as the person's question; with `starters-tool="name"`, the tool
// of that name is called once with no arguments and its `structuredContent`
// `questions` (a list of strings), else each line of its text, are the
// starters. The server's words are shown as text.
import type { CallToolResult, GetPromptResult } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../../mcp/connection.js';

/** At most this many suggested questions, each at most this long. */
const MAX_QUESTIONS = 6;
const MAX_LENGTH = 200;

type Reading = { name: string; questions?: readonly string[] };
const read = new WeakMap<McpConnection, Reading>();
const called = new WeakMap<McpConnection, Reading>();

/** Questions from lines of text: list markers ("- ", "1. ") taken off, empty and over-long lines left out, at most six. */
function questionsOfLines(lines: readonly string[]): string[] {
  const kept = lines.map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim()).filter((l) => l && l.length <= MAX_LENGTH);
  return [...new Set(kept)].slice(0, MAX_QUESTIONS);
}

/** The questions of a tool's result: `structuredContent.questions` (strings only) when it has them, else one per line of its text; none for an error. */
export function questionsOfToolResult(result: CallToolResult): string[] {
  if (result.isError) return [];
  const listed = (result.structuredContent as { questions?: unknown } | undefined)?.questions;
  if (Array.isArray(listed))
    return questionsOfLines(listed.filter((q): q is string => typeof q === 'string').flatMap((q) => q.split(/\r?\n/)));
  return questionsOfLines(result.content.flatMap((b) => (b.type === 'text' ? b.text.split(/\r?\n/) : [])));
}

/** The questions of a prompt's text: one per line, list markers ("- ", "1. ") taken off, empty and over-long lines left out. */
export function questionsOf(result: GetPromptResult): string[] {
  return questionsOfLines(result.messages.flatMap((m) => (m.content.type === 'text' ? m.content.text.split(/\r?\n/) : [])));
}

/**
 * The suggested questions of prompt `name` on the first of `connections` that
 * lists it: undefined until they are read (the read starts here; `changed`
 * is called when it ends), then the questions (none when the prompt could not
 * be read: the chat's own suggestions are shown instead).
 */
export function serverQuestions(connections: readonly McpConnection[], name: string, changed: () => void): readonly string[] | undefined {
  const connection = connections.find((c) => c.prompts.some((p) => p.name === name));
  if (!connection) return [];
  const known = read.get(connection);
  if (known?.name === name) return known.questions;
  const reading: Reading = { name };
  read.set(connection, reading);
  connection
    .getPrompt(name)
    .then(
      (result) => (reading.questions = questionsOf(result)),
      (error: unknown) => {
        reading.questions = [];
        console.warn(`mcp-chat: starters-prompt "${name}" could not be read from ${connection.name}: ${(error as Error).message}`);
      },
    )
    .finally(changed);
  return undefined;
}

/**
 * The suggested questions of tool `name` on the first of `connections` that
 * lists it, as {@link serverQuestions} for a prompt: undefined while the call
 * runs (`changed` is called when it ends), then the questions (none when it
 * failed: the chat's own suggestions are shown instead).
 */
export function serverToolQuestions(
  connections: readonly McpConnection[],
  name: string,
  changed: () => void,
): readonly string[] | undefined {
  const connection = connections.find((c) => c.tools.some((t) => t.name === name));
  if (!connection) return [];
  const known = called.get(connection);
  if (known?.name === name) return known.questions;
  const reading: Reading = { name };
  called.set(connection, reading);
  connection
    .callTool(name, {})
    .then(
      (result) => (reading.questions = questionsOfToolResult(result)),
      (error: unknown) => {
        reading.questions = [];
        console.warn(`mcp-chat: starters-tool "${name}" could not be called on ${connection.name}: ${(error as Error).message}`);
      },
    )
    .finally(changed);
  return undefined;
}
