// Suggested questions from the site's server (issue 39 item 5): with
// `starters-prompt="name"`, the prompt of that name on a connected server is
// read once (`prompts/get`, no arguments) and each line of its text is a
// starter, sent as the person's question. The server's words are shown as text.
import type { GetPromptResult } from '@modelcontextprotocol/client';
import type { McpConnection } from '../../../mcp/connection.js';

/** At most this many suggested questions, each at most this long. */
const MAX_QUESTIONS = 6;
const MAX_LENGTH = 200;

type Reading = { name: string; questions?: readonly string[] };
const read = new WeakMap<McpConnection, Reading>();

/** The questions of a prompt's text: one per line, list markers ("- ", "1. ") taken off, empty and over-long lines left out. */
export function questionsOf(result: GetPromptResult): string[] {
  const lines = result.messages
    .flatMap((m) => (m.content.type === 'text' ? m.content.text.split(/\r?\n/) : []))
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((l) => l && l.length <= MAX_LENGTH);
  return [...new Set(lines)].slice(0, MAX_QUESTIONS);
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
