// The analytics events of the chat (issue 39 item 4): `mcp-question` when the
// person's message goes to the model, `mcp-answer` when that turn ends, with
// the time to the first token. Events only: nothing leaves the page unless the
// page listens and sends it somewhere (docs/integrations.md has a recipe).
import type { Message } from '../../../content/index.js';
import type { TurnResult } from '../../../agent/types.js';
import { McpAnswerEvent } from '../../../events/answer.js';
import { McpQuestionEvent } from '../../../events/question.js';
import { answerFacts, lastTurnAnswer } from '../feedback/answer-facts.js';
import type { ChatSession } from '../conversation/chat-session.js';
import type { Loader } from '../../shared/lazy.js';
import type * as SourcesCode from '../sources/sources.chunk.js';

type SourcesCode = typeof SourcesCode;

/** What the analytics read of the conversation. */
type Conversation = Pick<ChatSession, 'conversation' | 'streaming' | 'messages'>;

/** When the question went out and when the answer's first text came, per chat. */
const clocks = new WeakMap<EventTarget, { start: number; first?: number }>();

/** The person's message goes to the model: `mcp-question`, and the clock of its answer starts. */
export function questionAsked(chat: EventTarget, session: Conversation, message: Message): void {
  clocks.set(chat, { start: performance.now() });
  const text = message.content
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join('\n')
    .trim();
  chat.dispatchEvent(new McpQuestionEvent(text, session.conversation?.id));
}

/** The streaming answer changed: the first text it shows stops the clock's first leg. */
export function answerStreamed(chat: EventTarget, session: Conversation): void {
  const clock = clocks.get(chat);
  if (!clock || clock.first !== undefined) return;
  if (session.streaming?.content.some((b) => b.type === 'text' && b.text)) clock.first = performance.now();
}

/**
 * A turn ended: `mcp-answer` with what was asked and answered. Its sources come from the turn's tool
 * results: when it had any, the event waits for the sources' code (loaded by then if they were shown).
 */
export function answerEnded(chat: EventTarget, session: Conversation, result: TurnResult, sources: Loader<SourcesCode>): void {
  const clock = clocks.get(chat);
  clocks.delete(chat);
  const messages = session.messages;
  const answer = lastTurnAnswer(messages);
  const id = session.conversation?.id;
  const unanswered = !answer || result.reason !== 'endTurn';
  const ttft = clock?.first !== undefined ? Math.round(clock.first - clock.start) : undefined;
  const send = (sourcesOf: SourcesCode['sourcesOf']) =>
    void chat.dispatchEvent(new McpAnswerEvent(answerFacts(messages, answer, id, sourcesOf), result.reason, unanswered, ttft));
  const none: SourcesCode['sourcesOf'] = () => [];
  const afterTools = messages.some((m) => m.role === 'user' && m.content.some((b) => b.type === 'tool_result'));
  if (sources.value || !afterTools) send(sources.value?.sourcesOf ?? none);
  else
    void sources.load().then(
      (code) => send(code.sourcesOf),
      () => send(none),
    );
}
