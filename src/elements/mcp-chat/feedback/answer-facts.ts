// What an answer was, for the feedback and analytics events (issue 39 items 3
// and 4): the person's question before it, its text, the tools its turn called
// and the sources shown under it. Read from the conversation's messages only.
import type { Message } from '../../../content/index.js';
import type { McpAnswerFacts } from '../../../events/answer.js';

const textOf = (m: Message): string =>
  m.content
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join('\n')
    .trim();

/** A person's message that is not only tool results (a question). */
const isQuestion = (m: Message): boolean => m.role === 'user' && !m.content.every((b) => b.type === 'tool_result');

/**
 * The facts of `answer` (an assistant message of `messages`): the question
 * is the person's last message before it, the tools are every `tool_use`
 * between the two, the sources those of its chips.
 */
export function answerFacts(
  messages: readonly Message[],
  answer: Message | undefined,
  conversationId: string | undefined,
  sourcesOf: (messages: readonly Message[], answer: Message) => ReadonlyArray<{ n: number; url: string; title: string }>,
): McpAnswerFacts {
  const end = answer ? messages.indexOf(answer) : messages.length - 1;
  let start = end;
  while (start >= 0 && !isQuestion(messages[start]!)) start--;
  const turn = messages.slice(start + 1, end + 1);
  return {
    question: start >= 0 ? textOf(messages[start]!) : '',
    answer: answer ? textOf(answer) : '',
    tools: turn.flatMap((m) => (m.role === 'assistant' ? m.content.flatMap((b) => (b.type === 'tool_use' ? [b.name] : [])) : [])),
    sources: answer ? sourcesOf(messages, answer).map(({ n, url, title }) => ({ n, url, title })) : [],
    conversationId,
  };
}

/** An answer the person can rate: the model's text, with no tool call left in it (the last message of a turn). */
export function isRateable(m: Message): boolean {
  return m.role === 'assistant' && textOf(m) !== '' && !m.content.some((b) => b.type === 'tool_use');
}

/** The answer of the conversation's last turn: the last assistant message with text after the person's last question (none when the turn gave no text). */
export function lastTurnAnswer(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (isQuestion(m)) return undefined;
    if (m.role === 'assistant' && textOf(m) !== '') return m;
  }
  return undefined;
}
