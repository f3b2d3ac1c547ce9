/**
 * The system prompt of a turn: the page's own prompt, then each connected
 * server's `instructions` under a heading naming the server, so the model
 * knows which advice belongs to which tools. Empty parts are left out;
 * returns undefined when there is nothing to say.
 */
export function composeSystemPrompt(
  base: string | undefined,
  instructions: ReadonlyArray<{ server: string; instructions: string }> = [],
): string | undefined {
  const parts = [base?.trim() ?? ''];
  for (const { server, instructions: text } of instructions) {
    if (text.trim()) parts.push(`# Instructions from the MCP server "${server}"\n\n${text.trim()}`);
  }
  const prompt = parts.filter(Boolean).join('\n\n');
  return prompt || undefined;
}
