import { afterEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { createOpenAICompatibleProvider } from '../../src/providers/index.js';
import { createMemoryHistory } from '../../src/history/index.js';
import { registerElicitForm } from '../../src/elements/mcp-elicit-form/show-elicit-form.js';
import '../../src/elements/mcp-sampling-approval/mcp-sampling-approval.js';
import { createSamplingHandler } from '../../src/elements/mcp-sampling-approval/register-sampling-approval.js';
import { $, setUp, shown, textOf, until, type TestSetup } from './sampling-support.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function open(era: 'legacy' | 'modern', options: Parameters<typeof setUp>[2] = {}): Promise<TestSetup> {
  const setup = await setUp(inject('demoUrl'), era, options);
  cleanups.push(() => setup.close());
  return setup;
}

const click = async (root: ParentNode, selector: string) =>
  userEvent.click(await until(() => root.querySelector<HTMLElement>(selector), 10_000, selector));

test('a full game of tic-tac-toe: the model moves through sampling approval, the person through <mcp-elicit-form>', async () => {
  const store = createMemoryHistory();
  const conversation = await store.createConversation({ title: 'game' });
  const provider = createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'test', model: 'gpt-4o-mini' });
  const setup = await open('modern', { provider, store, conversationId: conversation.id });
  registerElicitForm(setup.router, setup.container);
  const el = setup.element;
  const game = setup.call('tic-tac-toe', { first: 'person' }, 'toolu_game');

  // Person X takes 0, 1, 2 (top row); the model's moves are approved as the
  // fake model plays them (it picks the first free cell the schema allows),
  // except one the person changes in Review.
  const personMoves = ['0', '1', '2'];
  let modelTurns = 0;
  for (const move of personMoves) {
    const form = await until(
      () => setup.container.querySelector('mcp-elicit-form')?.shadowRoot?.querySelector('select'),
      10_000,
      'the move form',
    );
    await userEvent.selectOptions(form, move);
    await click(setup.container.querySelector('mcp-elicit-form')!.shadowRoot!, '[part~="accept-button"]');
    if (move === '2') break; // X wins with the top row
    await shown(el);
    const prompt = $<HTMLTextAreaElement>(el, 'textarea[name="userText"]')!.value;
    expect(prompt).toContain('Free cells');
    // The request carries every earlier move as content-block history.
    expect(el.shadowRoot!.querySelectorAll('[part~="tool-use"]').length).toBe(modelTurns * 1 + (modelTurns + 1));
    await click(el.shadowRoot!, '[part~="approve-button"]');
    await until(() => $(el, '#answer-title'), 10_000, 'review');
    const input = $<HTMLTextAreaElement>(el, 'textarea[name="toolInput"]')!;
    // The model would take cell 1; the person moves it to the bottom row instead.
    await userEvent.fill(input, JSON.stringify({ cell: 6 + modelTurns }));
    await click(el.shadowRoot!, '[part~="send-button"]');
    modelTurns++;
  }
  const result = await game;
  expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('You win!') });
  expect(result.structuredContent).toMatchObject({
    outcome: 'person',
    moves: [
      { player: 'person', cell: 0 },
      { player: 'model', cell: 6 },
      { player: 'person', cell: 1 },
      { player: 'model', cell: 7 },
      { player: 'person', cell: 2 },
    ],
  });
  // Both model moves are in the activity log of the game's tool call, as sent.
  const log = await store.listActivity({ toolUseId: 'toolu_game' });
  expect(log.map((a) => (a.response as any).result.content[0].input)).toEqual([{ cell: 6 }, { cell: 7 }]);
});

test('several requests at once are shown one at a time with a count, each naming its tool call', async () => {
  const setup = await open('modern');
  const el = setup.element;
  const first = setup.call('ask-model', { question: 'first' }, 'toolu_first');
  await shown(el);
  const second = setup.call('ask-model', { question: 'second' }, 'toolu_second');
  await until(() => textOf(el).includes('Request 1 of 2'), 10_000, 'the count');
  // Each request names the tool that asked (not its internal call id) and shows its own question.
  expect(textOf(el)).toContain('ask-model');
  expect(textOf(el)).not.toContain('toolu_first');
  expect($<HTMLTextAreaElement>(el, 'textarea[name="userText"]')!.value).toBe('first');
  const answer = async (text: string) => {
    await click(el.shadowRoot!, '[part~="write-button"]');
    await userEvent.fill(await until(() => $<HTMLTextAreaElement>(el, 'textarea[name="answerText"]')), text);
    await click(el.shadowRoot!, '[part~="send-button"]');
  };
  await answer('one');
  await until(() => $<HTMLTextAreaElement>(el, 'textarea[name="userText"]')?.value === 'second', 10_000, 'the second request').catch(
    (e: Error) => {
      throw new Error(`${e.message}: ${textOf(el)} / ${$<HTMLTextAreaElement>(el, 'textarea[name="userText"]')?.value}`);
    },
  );
  expect(textOf(el)).not.toContain('Request 1 of');
  expect($<HTMLTextAreaElement>(el, 'textarea[name="userText"]')!.value).toBe('second');
  await answer('two');
  expect((await first).content[0]).toMatchObject({ text: 'one' });
  expect((await second).content[0]).toMatchObject({ text: 'two' });
});

test('an invalid request (tool_use without its tool_result) is refused with invalid params, never shown', async () => {
  // A real SDK server in the page, linked to a real SDK client in memory: a
  // server that sends a broken sampling request on purpose.
  const server = new McpServer({ name: 'broken-sampler', version: '1.0.0' });
  let refusal = '';
  server.registerTool('sample-broken', { description: 'Sends a broken sampling request' }, async (ctx) => {
    try {
      await ctx.mcpReq.send({
        method: 'sampling/createMessage',
        params: {
          messages: [
            { role: 'user', content: { type: 'text', text: 'q' } },
            { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'lookup', input: {} }] },
            { role: 'user', content: [{ type: 'text', text: 'no tool_result here' }] },
          ],
          tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
          maxTokens: 10,
        },
      });
    } catch (error) {
      refusal = `${(error as { code?: number }).code}: ${(error as Error).message}`;
    }
    return { content: [{ type: 'text', text: refusal || 'answered' }] };
  });
  const el = document.createElement('mcp-sampling-approval');
  document.body.append(el);
  cleanups.push(() => el.remove());
  const handler = createSamplingHandler(el);
  const client = new Client({ name: 't', version: '1' }, { capabilities: { sampling: { tools: {} } } });
  client.setRequestHandler(
    'sampling/createMessage',
    async (request, ctx) =>
      (await handler(request.params, {
        server: { id: 'broken', name: 'broken-sampler', url: 'memory:' },
        era: 'legacy',
        signal: ctx.mcpReq.signal,
      })) as never,
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  await client.connect(a);
  cleanups.push(() => client.close());
  const result = await client.callTool({ name: 'sample-broken', arguments: {} });
  expect((result.content as Array<{ text: string }>)[0]!.text).toMatch(
    /^-32602: .*Invalid sampling request: messages break the tool_use\/tool_result rule: message 2 must be a user message made only of tool_result blocks answering call_1/,
  );
  expect(el.pending).toBe(0);
  expect(el.shadowRoot!.querySelector('[part~="base"]')).toBeNull();
});
