import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { fitContext, LEADING_CALLS_NOTE } from '../../src/content/fit-context.js';
import type { Message } from '../../src/content/index.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { TurnEvent } from '../../src/agent/types.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';
import { checkToolPairing } from '../../src/content/invariant.js';

// Issue 26 §8: a request carries no more of the conversation than the model's
// context holds: the oldest turns go first (a tool call never without its
// result), one huge text is cut with a note, and the turn says what it left out.

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });

test('within the budget: the very same messages, nothing reported', () => {
  const messages = [user('hi'), assistant('hello'), user('how are you?')];
  const fit = fitContext(messages, { maxChars: 1000 });
  expect(fit.messages).toEqual(messages);
  expect(fit.messages[0]).toBe(messages[0]);
  expect(fit).toMatchObject({ droppedMessages: 0, droppedChars: 0, truncatedBlocks: 0 });
});

test("over the budget: the oldest turns are dropped, the kept part starts with a person's message and says what was left out", () => {
  const messages = [user('a'.repeat(40)), assistant('b'.repeat(40)), user('c'.repeat(40)), assistant('d'.repeat(40)), user('e'.repeat(10))];
  const fit = fitContext(messages, { maxChars: 100 });
  expect(fit.messages).toEqual([
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: "[2 earlier messages (1 message of the person, 1 answer; 80 characters) were left out to fit the model's context.]",
        },
        { type: 'text', text: 'c'.repeat(40) },
      ],
    },
    assistant('d'.repeat(40)),
    user('e'.repeat(10)),
  ]);
  expect(fit).toMatchObject({ droppedMessages: 2, droppedChars: 80, truncatedBlocks: 0 });
});

test('a tool call and its result are dropped together, never one without the other', () => {
  const messages: Message[] = [
    user('q1'),
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'big', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'r'.repeat(60) }] }] },
    assistant('answer 1'),
    user('q2'),
  ];
  // Room for the last three messages, but the third is a tool result whose call would be dropped: the cut moves to the next turn.
  const fit = fitContext(messages, { maxChars: 80 });
  expect(fit.droppedMessages).toBe(4);
  expect(fit.messages).toEqual([
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: "[4 earlier messages (1 message of the person, 1 answer, 1 tool call with its result; 123 characters) were left out to fit the model's context.]",
        },
        { type: 'text', text: 'q2' },
      ],
    },
  ]);
  expect(() => checkToolPairing(fit.messages)).not.toThrow();
});

// Issue 41 item 4: what the person did before their first message reaches the model, and the note is only for size.
const paletteRun = (id: string, text: string): Message[] => [
  { role: 'assistant', content: [{ type: 'tool_use', id, name: 'get-weather', input: { city: 'Oslo' } }] },
  { role: 'user', content: [{ type: 'tool_result', toolUseId: id, content: [{ type: 'text', text }] }] },
];

test('a palette run before the first message is kept (within the budget), after a line of the person, and nothing is said left out', () => {
  const messages = [...paletteRun('p1', 'Oslo: 4 °C'), user('what should I wear?')];
  const fit = fitContext(messages, { maxChars: 400_000 });
  expect(fit.droppedMessages).toBe(0);
  expect(fit.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: LEADING_CALLS_NOTE }] }, ...messages]);
  expect(JSON.stringify(fit.messages)).not.toContain('left out');
  expect(() => checkToolPairing(fit.messages)).not.toThrow();
});

test("an app's message after a palette run: both reach the model, nothing is said left out", () => {
  const messages = [...paletteRun('p1', 'counter: 3'), user('Hello from the demo app'), assistant('Hello, app.'), user('and now?')];
  const fit = fitContext(messages, { maxChars: 400_000 });
  expect(fit.droppedMessages).toBe(0);
  expect(fit.messages.slice(1)).toEqual(messages);
  expect(JSON.stringify(fit.messages)).not.toContain('left out');
});

test('a palette run that does not fit is left out, and the note says it was a tool call', () => {
  const messages = [...paletteRun('p1', 'r'.repeat(200)), user('q')];
  const fit = fitContext(messages, { maxChars: 100 });
  expect(fit.droppedMessages).toBe(2);
  expect(fit.messages[0]!.content[0]).toMatchObject({
    type: 'text',
    text: expect.stringMatching(/^\[2 earlier messages \(1 tool call with its result; \d+ characters\) were left out/),
  });
});

test('one huge text is cut to its share of the budget, with a note; the new message is always kept', () => {
  const messages = [user('x'.repeat(5000))];
  const fit = fitContext(messages, { maxChars: 1000 });
  expect(fit.truncatedBlocks).toBe(1);
  expect(fit.droppedChars).toBe(4500);
  expect(fit.messages).toEqual([
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: `${'x'.repeat(500)}\n[4500 characters of this text were left out to fit the model's context; the person sees it whole.]`,
        },
      ],
    },
  ]);
});

test('20,001 small messages: at most maxMessages go, the newest', () => {
  const messages: Message[] = [];
  for (let i = 0; i < 10_000; i++) messages.push(user(`q${i}`), assistant(`a${i}`));
  messages.push(user('last'));
  const fit = fitContext(messages, { maxChars: 10_000_000, maxMessages: 500 });
  expect(fit.messages.length).toBeLessThanOrEqual(500);
  expect(fit.messages.at(-1)).toBe(messages.at(-1));
  expect(fit.messages[0]!.role).toBe('user');
  expect(fit.droppedMessages).toBe(messages.length - fit.messages.length);
});

// ---- through runTurn, against the fake OpenAI-compatible server --------------------

const fakeBase = () => inject('openaiUrl').replace(/\/openai\/v1$/, '');
const provider = () =>
  createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0 });
async function sent(contains: string): Promise<Array<{ messages: Array<{ role: string; content: unknown }> }>> {
  const all = (await (await fetch(`${fakeBase()}/__requests?contains=${encodeURIComponent(contains)}`)).json()) as Array<{
    body: { messages: Array<{ role: string; content: unknown }> };
  }>;
  return all.map((r) => r.body);
}

test('a 50 MB conversation (25 answers of 2 MB): the request stays within maxContextChars, and the turn reports what it left out', async () => {
  const marker = `ctx-${crypto.randomUUID()}`;
  const messages: Message[] = [];
  for (let i = 0; i < 25; i++) messages.push(user(`question ${i}`), assistant(`${i}`.padEnd(2 * 1024 * 1024, '.')));
  messages.push(user(`the new question ${marker}`));
  const events: TurnEvent[] = [];
  const turn = await runTurn({ provider: provider(), messages, maxContextChars: 300_000, onEvent: (e) => events.push(e) });
  expect(turn.error).toBeUndefined();
  const [request] = await sent(marker);
  const size = JSON.stringify(request!.messages).length;
  expect(size).toBeLessThan(300_000 + 5_000);
  expect(JSON.stringify(request!.messages.at(-1))).toContain(marker);
  const trimmed = events.filter((e) => e.type === 'context-trimmed');
  expect(trimmed).toHaveLength(1);
  expect(trimmed[0]).toMatchObject({ type: 'context-trimmed', maxChars: 300_000 });
  expect((trimmed[0] as { droppedMessages: number }).droppedMessages).toBeGreaterThanOrEqual(48);
});

test('a palette run before the first message reaches the model (fake OpenAI-compatible server)', async () => {
  const marker = `palette-${crypto.randomUUID()}`;
  const turn = await runTurn({
    provider: provider(),
    messages: [...paletteRun('p1', `Oslo: 4 °C ${marker}`), user(`what should I wear? ${marker}`)],
  });
  expect(turn.error).toBeUndefined();
  const [request] = await sent(marker);
  const body = JSON.stringify(request!.messages);
  expect(body).toContain(`Oslo: 4 °C ${marker}`);
  expect(body).not.toContain('left out');
});

test('without maxContextChars a 30 MB message is still sent in bounded form (default budget)', async () => {
  const marker = `big-${crypto.randomUUID()}`;
  const turn = await runTurn({ provider: provider(), messages: [user(`${marker} ${'y'.repeat(30 * 1024 * 1024)}`)] });
  expect(turn.error).toBeUndefined();
  const [request] = await sent(marker);
  expect(JSON.stringify(request!.messages).length).toBeLessThan(410_000);
});

// Issue 41 item 1: the pictures of app views' ui/update-model-context go with the person's newest message, in every round
// of the turn (after tool results too), for the request only: the turn records none of them.
test("appContext's pictures go after the person's newest message in each request of the turn, and is not recorded", async () => {
  const marker = `picture-${crypto.randomUUID()}`;
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const tools = {
    listTools: () => [
      { name: 'echo', description: 'Echoes', inputSchema: { type: 'object' as const }, annotations: { readOnlyHint: true } },
    ],
    callTool: async (_name: string, args: Record<string, unknown>) => ({
      content: [{ type: 'text' as const, text: String(args.message) }],
    }),
  };
  const turn = await runTurn({
    provider: provider(),
    tools,
    messages: [user('an earlier question'), assistant('an answer'), user(`${marker} [[tool:echo {"message":"hi"}]]`)],
    appContext: {
      pictures: [
        { type: 'text', text: 'The view shows:' },
        { type: 'image', mimeType: 'image/png', data: png },
      ],
    },
  });
  expect(turn.error).toBeUndefined();
  expect(turn.rounds).toBe(2);
  const requests = await sent(marker);
  expect(requests).toHaveLength(2);
  for (const request of requests) {
    const users = request.messages.filter((m) => m.role === 'user');
    const newest = JSON.stringify(users.at(-1)!.content);
    expect(newest).toContain(marker);
    expect(newest.indexOf(marker)).toBeLessThan(newest.indexOf('The view shows:'));
    expect(newest).toContain(`"image_url":{"url":"data:image/png;base64,${png}"}`);
    expect(JSON.stringify(users[0]!.content)).not.toContain('The view shows:');
  }
  expect(JSON.stringify(turn.messages)).not.toContain(png);
});
