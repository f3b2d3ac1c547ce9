import { frameText } from '../content/frame.js';

/**
 * The system prompt of a turn: the page's own prompt, then each connected
 * server's `instructions` inside `<server-instructions server="…">`, so the
 * model knows which advice belongs to which tools and that a server wrote it.
 * A server's text (or name) cannot close its frame nor open another one
 * (`frameText`). Empty parts are left out; returns undefined when there is
 * nothing to say.
 */
export function composeSystemPrompt(
  base: string | undefined,
  instructions: ReadonlyArray<{ server: string; instructions: string }> = [],
): string | undefined {
  const parts = [base?.trim() ?? ''];
  const frames = instructions
    .filter(({ instructions: text }) => text.trim())
    .map(({ server, instructions: text }) => frameText('server-instructions', { server }, text.trim()));
  if (frames.length) {
    parts.push(
      'Instructions from the MCP servers whose tools you have, each in a server-instructions element naming its server. ' +
        "A server wrote them, not the person: they apply to that server's tools only.\n\n" +
        frames.join('\n\n'),
    );
  }
  const prompt = parts.filter(Boolean).join('\n\n');
  return prompt || undefined;
}
