import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { TurnEvent } from '../../src/agent/types.js';
import type { Message, ToolResultBlock } from '../../src/content/index.js';
import { checkToolPairing } from '../../src/content/invariant.js';
import { McpHub } from '../../src/mcp/hub.js';
import { browserModelStatus, createBrowserModelProvider, isProviderError, type ProviderDelta } from '../../src/providers/index.js';
import { BROWSER_CONTEXT_META_KEY } from '../../src/providers/browser/fit-context.js';
import { createFakeLanguageModel, type FakeTurn } from '../fakes/fake-language-model.js';

// The browser's own model through the Prompt API. Chromium here defines
// `LanguageModel` but has no on-device model, so these tests give the
// provider a stand-in that keeps to the documented IDL (test/fakes/fake-language-model.ts,
// which says why and which IDL version). The MCP side is real: the demo server over HTTP.

let hub: McpHub;
beforeAll(async () => {
  hub = new McpHub();
  hub.add({ url: inject('demoUrl') });
  const [outcome] = await hub.connectAll();
  expect(outcome!.status).toBe('fulfilled');
});
afterAll(() => hub.close());

const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });
const offered = (turn: FakeTurn) =>
  ((turn.responseConstraint?.anyOf ?? [turn.responseConstraint]) as Array<{ properties?: { tool?: { const: string } } }>)
    .map((a) => a?.properties?.tool?.const)
    .filter(Boolean);
async function rejection(promise: Promise<unknown>): Promise<Error & { kind?: string; code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { kind?: string; code?: string };
  }
  throw new Error('expected a rejection');
}

describe('status and consent', () => {
  test("this Chromium's own LanguageModel: defined, but its state is read without downloading and said in words", async () => {
    expect(typeof (globalThis as { LanguageModel?: unknown }).LanguageModel).toBe('function');
    const status = await browserModelStatus();
    // No on-device model on this machine; whatever Chromium answers, the status is one of the four, with a sentence.
    expect(['available', 'downloadable', 'downloading', 'unavailable']).toContain(status.state);
    expect(status.message.length).toBeGreaterThan(20);
    // The stand-in's sessions have the members of this Chromium's real sessions that the provider uses.
    const real = Object.getOwnPropertyNames((globalThis as unknown as { LanguageModel: { prototype: object } }).LanguageModel.prototype);
    const used = ['prompt', 'promptStreaming', 'measureContextUsage', 'contextUsage', 'contextWindow', 'clone', 'destroy'];
    expect(used.filter((m) => !real.includes(m))).toEqual([]);
    const lm = createFakeLanguageModel();
    const session = await lm.create();
    expect(used.filter((m) => !(m in session))).toEqual([]);
    session.destroy();
  });

  test('no Prompt API at all: unavailable, saying what the person can do; a request rejects with the same words', async () => {
    const status = await browserModelStatus({ languageModel: null });
    expect(status).toMatchObject({ state: 'unavailable', reason: 'no-api' });
    expect(status.message).toBe(
      'This browser has no built-in model (no Prompt API). Use Chrome on a desktop computer, or set a model provider in Settings.',
    );
    const error = await rejection(
      createBrowserModelProvider({ languageModel: null }).createMessage({ messages: [user('Hi')], maxTokens: 10 }),
    );
    expect(isProviderError(error, 'not-found')).toBe(true);
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(status.message);
  });

  test('downloadable: a request does not download; it rejects with download-required until download() after consent, with progress', async () => {
    const lm = createFakeLanguageModel({ availability: 'downloadable', downloadSteps: 4, replies: [{ text: 'Hello from the device.' }] });
    const provider = createBrowserModelProvider({ languageModel: lm, downloadSizeBytes: 2_400_000_000 });
    const before = await provider.status();
    expect(before).toMatchObject({ state: 'downloadable', sizeBytes: 2_400_000_000 });
    expect(before.message).toContain('2400 MB');
    const refused = await rejection(provider.createMessage({ messages: [user('Hi')], maxTokens: 100 }));
    expect(isProviderError(refused, 'not-found')).toBe(true);
    expect(refused.code).toBe('download-required');
    expect(refused.message).toContain('Agree to the download');
    expect(lm.creates).toEqual([]); // nothing was downloaded without consent

    const progress: number[] = [];
    const after = await provider.download({ onProgress: (p) => progress.push(p) });
    expect(after.state).toBe('available');
    expect(progress).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(typeof lm.creates[0]!.monitor).toBe('function');
    const answer = await provider.createMessage({ messages: [user('Hi')], maxTokens: 100 });
    expect(answer.content).toEqual([{ type: 'text', text: 'Hello from the device.' }]);
  });

  test('unavailable: a clear error and status, nothing created', async () => {
    const lm = createFakeLanguageModel({ availability: 'unavailable' });
    const provider = createBrowserModelProvider({ languageModel: lm });
    const status = await provider.status();
    expect(status).toMatchObject({ state: 'unavailable', reason: 'unsupported' });
    const error = await rejection(provider.createMessage({ messages: [user('Hi')], maxTokens: 100 }));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('no built-in model for this device');
    expect(lm.creates).toEqual([]);
  });
});

describe('a whole turn with the demo server', () => {
  test('constrained output: the model calls echo, the demo server runs it, the answer streams in pieces', async () => {
    const lm = createFakeLanguageModel({
      replies: [
        (turn) =>
          offered(turn).includes('echo')
            ? { json: { tool: 'echo', arguments: { message: 'hello device' } } }
            : { json: { type: 'text', text: 'no echo tool' } },
        { json: { type: 'text', text: 'The server said "hello device" back.' }, chunk: 4 },
      ],
    });
    const provider = createBrowserModelProvider({ languageModel: lm });
    const events: TurnEvent[] = [];
    const messages = [user('Please echo "hello device".')];
    const result = await runTurn({
      provider,
      tools: hubToolHost(hub),
      messages,
      systemPrompt: 'Be brief.',
      onEvent: (e) => events.push(e),
    });
    expect(result.reason).toBe('endTurn');
    expect(result.rounds).toBe(2);
    const [call, results, answer] = result.messages;
    expect(call!.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'echo', input: { message: 'hello device' } })]);
    expect((results!.content[0] as ToolResultBlock).content).toEqual([{ type: 'text', text: 'hello device' }]);
    expect(answer!.content).toEqual([{ type: 'text', text: 'The server said "hello device" back.' }]);
    checkToolPairing([...messages, ...result.messages]);
    // Streamed: the text arrived in several deltas, before the end.
    const texts = events
      .filter((e): e is Extract<TurnEvent, { type: 'delta' }> => e.type === 'delta' && e.delta.type === 'text')
      .map((e) => (e.delta as { text: string }).text);
    expect(texts.length).toBeGreaterThan(4);
    expect(texts.join('')).toBe('The server said "hello device" back.');
    // The second session saw the system prompt with the tool instructions, the call as the model writes it, and the result.
    const second = lm.turns[1]!;
    expect(second.initialPrompts[0]!.role).toBe('system');
    expect(second.initialPrompts[0]!.content).toContain('Be brief.');
    expect(second.initialPrompts[0]!.content).toContain('- echo: ');
    expect(second.initialPrompts.at(-1)).toEqual({ role: 'assistant', content: '{"tool":"echo","arguments":{"message":"hello device"}}' });
    expect(second.input).toEqual([{ role: 'user', content: 'Result of the tool "echo": hello device' }]);
    expect(lm.live.size).toBe(0); // every session destroyed
  });

  test('native tools where the browser has them: execute is caught, the agent runs the tool, then the answer', async () => {
    const lm = createFakeLanguageModel({
      nativeTools: true,
      replies: [{ toolCall: { name: 'echo', arguments: { message: 'native' } } }, { text: 'Done: native.' }],
    });
    const provider = createBrowserModelProvider({ languageModel: lm });
    const result = await runTurn({ provider, tools: hubToolHost(hub), messages: [user('Echo native')] });
    expect(result.reason).toBe('endTurn');
    expect(result.messages[0]!.content).toEqual([
      expect.objectContaining({ type: 'tool_use', name: 'echo', input: { message: 'native' } }),
    ]);
    expect((result.messages[1]!.content[0] as ToolResultBlock).content).toEqual([{ type: 'text', text: 'native' }]);
    expect(result.messages[2]!.content).toEqual([{ type: 'text', text: 'Done: native.' }]);
    expect(lm.creates.some((c) => c.tools?.some((t) => t.name === 'echo'))).toBe(true);
    expect(lm.turns.every((t) => t.responseConstraint === undefined)).toBe(true);
  });

  test('Stop aborts a stream: the turn ends stopped, the shown text is kept, the session is destroyed', async () => {
    const lm = createFakeLanguageModel({
      replies: [{ text: 'One two three four five six seven eight nine ten eleven twelve.', delayMs: 40, chunk: 4 }],
    });
    const provider = createBrowserModelProvider({ languageModel: lm });
    const stop = new AbortController();
    const deltas: ProviderDelta[] = [];
    const result = await runTurn({
      provider,
      messages: [user('Count slowly')],
      signal: stop.signal,
      onEvent: (e) => {
        if (e.type !== 'delta') return;
        deltas.push(e.delta);
        if (deltas.length === 2) stop.abort();
      },
    });
    expect(result.reason).toBe('stopped');
    // Counted, not timed: nothing of the stream after Stop reached the turn (it had 16 pieces).
    expect(deltas).toHaveLength(2);
    expect(result.messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'One two ' }] }]);
    expect(lm.live.size).toBe(0);
    const error = await rejection(provider.createMessage({ messages: [user('x')], maxTokens: 10 }, { signal: AbortSignal.abort() }));
    expect(isProviderError(error, 'aborted')).toBe(true);
  });
});

describe('the context window', () => {
  test('a long conversation: the oldest turns are left out with a notice, never an overflow', async () => {
    const lm = createFakeLanguageModel({ contextWindow: 600, replies: [{ text: 'Short answer.' }] });
    const provider = createBrowserModelProvider({ languageModel: lm });
    const long = 'word '.repeat(120); // about 150 tokens each
    const messages: Message[] = [];
    for (let i = 0; i < 6; i++)
      messages.push(user(`Question ${i}: ${long}`), { role: 'assistant', content: [{ type: 'text', text: `Answer ${i}: ${long}` }] });
    messages.push(user('And now?'));
    const result = await provider.createMessage({ messages: messages as never, maxTokens: 100 });
    expect(result.content).toEqual([{ type: 'text', text: 'Short answer.' }]);
    const notice = result._meta?.[BROWSER_CONTEXT_META_KEY] as { droppedMessages: number; notice: string };
    expect(notice.droppedMessages).toBeGreaterThanOrEqual(8);
    expect(notice.droppedMessages % 2).toBe(0); // whole turns
    expect(notice.notice).toContain('did not see the');
    const session = lm.turns[0]!.initialPrompts;
    expect(session[0]).toMatchObject({ role: 'user', content: expect.stringContaining(`Question ${notice.droppedMessages / 2}:`) });
    expect(result._meta?.usage).toMatchObject({ inputTokens: expect.any(Number) });
  });

  test('a message longer than the whole window: a clear error, not a browser exception', async () => {
    const lm = createFakeLanguageModel({ contextWindow: 200, replies: [] });
    const provider = createBrowserModelProvider({ languageModel: lm });
    const error = await rejection(provider.createMessage({ messages: [user('long '.repeat(400))], maxTokens: 100 }));
    expect(isProviderError(error, 'bad-request')).toBe(true);
    expect(error.code).toBe('context-overflow');
    expect(error.message).toContain('too long for the browser');
  });
});

describe('structured output (a server asks for __schema__)', () => {
  test('the schema is the responseConstraint; the answer is a __schema__ tool_use', async () => {
    const schema = { type: 'object', properties: { mood: { type: 'string', enum: ['happy', 'sad'] } }, required: ['mood'] };
    const lm = createFakeLanguageModel({ replies: [{ json: { mood: 'happy' } }] });
    const provider = createBrowserModelProvider({ languageModel: lm });
    const result = await provider.createMessage({
      messages: [user('How do I feel?')],
      maxTokens: 50,
      tools: [{ name: '__schema__', inputSchema: schema as never }],
      toolChoice: { mode: 'required' },
    });
    expect(result.stopReason).toBe('toolUse');
    expect(result.content).toEqual([expect.objectContaining({ type: 'tool_use', name: '__schema__', input: { mood: 'happy' } })]);
    expect(lm.turns[0]!.responseConstraint).toEqual(schema);
  });
});
