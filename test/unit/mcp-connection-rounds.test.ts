import type { CreateMessageResult, ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { DEFAULT_MAX_INPUT_ROUNDS, McpConnection, type InputRequestContext, type McpConnectionConfig } from '../../src/mcp/index.js';

// Input requests on 2026-07-28 servers: `input_required` rounds fulfilled by
// the router's handlers, through McpConnection against the demo server.
const url = inject('demoUrl');
const open: McpConnection[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(config: Partial<McpConnectionConfig> = {}): Promise<McpConnection> {
  const connection = new McpConnection({ url, era: 'modern', name: 'demo', ...config });
  open.push(connection);
  await connection.connect();
  expect(connection.getProtocolEra()).toBe(config.era ?? 'modern');
  return connection;
}

/** The model takes the lowest cell its move schema allows. */
function lowestCellModel(params: { tools?: Array<{ inputSchema: unknown }> }): CreateMessageResult {
  const cells = (params.tools?.[0].inputSchema as { properties: { cell: { enum: number[] } } }).properties.cell.enum;
  return {
    model: 'm',
    role: 'assistant',
    content: [{ type: 'tool_use', id: `move-${cells.length}`, name: '__schema__', input: { cell: Math.min(...cells) } }],
  } as never;
}

/**
 * The person prefers the centre and corners, and on their 2nd, 3rd and 4th
 * turns first answers twice with the taken centre (the server asks again):
 * 4 moves + 6 repeated questions + 3 model moves = 13 rounds, more than the
 * SDK's default of 10.
 */
function distractedPerson() {
  let turn = 0;
  let repeats = 0;
  const asked: string[] = [];
  const answer = async (params: ElicitRequestFormParams) => {
    asked.push(params.message);
    const options = (params.requestedSchema.properties.cell as { oneOf: Array<{ const: string }> }).oneOf.map((o) => o.const);
    if (options.length === 9) turn = 1;
    if (turn > 1 && repeats < 2) {
      repeats++;
      return { action: 'accept' as const, content: { cell: '4' } };
    }
    repeats = 0;
    turn++;
    return {
      action: 'accept' as const,
      content: { cell: ['4', '0', '8', '2', '6', '1', '3', '5', '7'].find((c) => options.includes(c))! },
    };
  };
  return { asked, answer };
}

describe('tic-tac-toe on a 2026 server', () => {
  test(`a whole game through McpConnection and router handlers, with more rounds than the SDK default (default ${DEFAULT_MAX_INPUT_ROUNDS})`, async () => {
    const connection = await connect();
    const person = distractedPerson();
    const contexts: InputRequestContext[] = [];
    let samplings = 0;
    connection.router.handle('sampling', async (params, context) => {
      contexts.push(context);
      samplings++;
      return lowestCellModel(params);
    });
    connection.router.handle('elicitation', async (params, context) => {
      contexts.push(context);
      return person.answer(params as ElicitRequestFormParams);
    });
    const result = await connection.callTool('tic-tac-toe', { first: 'person' }, { toolUseId: 'toolu_game' });
    const outcome = result.structuredContent as { outcome: string; moves: Array<{ cell: number }> };
    expect(outcome.outcome).toBe('person');
    expect(outcome.moves.map((m) => m.cell)).toEqual([4, 0, 8, 1, 2, 3, 6]);
    expect(person.asked).toHaveLength(10);
    expect(samplings).toBe(3);
    // Every request of the game is attributed to the call.
    expect(new Set(contexts.map((c) => `${c.era} ${c.toolCall?.name} ${c.toolCall?.toolUseId}`))).toEqual(
      new Set(['modern tic-tac-toe toolu_game']),
    );
  });

  test('maxInputRounds bounds a call: past it the call fails with a clear error', async () => {
    const connection = await connect({ maxInputRounds: 10 });
    const person = distractedPerson();
    connection.router.handle('sampling', async (params) => lowestCellModel(params));
    connection.router.handle('elicitation', async (params) => person.answer(params as ElicitRequestFormParams));
    const error = await connection.callTool('tic-tac-toe', { first: 'person' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'protocol', message: expect.stringMatching(/still required input after 10 rounds/) });
    expect(connection.state).toBe('connected');
  });
});

test('the input requests of two calls under way at once each name their own call', async () => {
  // The only link between a 2026 round and its call is the SDK's round report
  // through onprogress ("Fulfilling input required by …"): if the SDK changes
  // it, the requests below lose their call and the SDK's reports leak to the
  // caller's onprogress. This test then fails.
  const connection = await connect();
  let release!: () => void;
  const both = new Promise<void>((resolve) => (release = resolve));
  let arrived = 0;
  const seen: Record<string, InputRequestContext['toolCall']> = {};
  const arrive = async (kind: string, context: InputRequestContext) => {
    seen[kind] = context.toolCall;
    if (++arrived === 2) release();
    await both;
  };
  connection.router.handle('elicitation', async (_params, context) => {
    await arrive('elicitation', context);
    return { action: 'decline' };
  });
  connection.router.handle('sampling', async (_params, context) => {
    await arrive('sampling', context);
    return { model: 'm', role: 'assistant', content: { type: 'text', text: 'Both at once.' } };
  });
  const progress: unknown[] = [];
  const [form, answer] = await Promise.all([
    connection.callTool('register-form', {}, { toolUseId: 'toolu_form', onprogress: (p) => progress.push(p) }),
    connection.callTool('ask-model', { question: 'Two calls?' }, { toolUseId: 'toolu_ask', onprogress: (p) => progress.push(p) }),
  ]);
  expect(JSON.stringify(form.content)).toContain('declined');
  expect(JSON.stringify(answer.content)).toContain('Both at once.');
  expect(seen.elicitation).toMatchObject({ name: 'register-form', toolUseId: 'toolu_form' });
  expect(seen.sampling).toMatchObject({ name: 'ask-model', toolUseId: 'toolu_ask', arguments: { question: 'Two calls?' } });
  expect(progress).toEqual([]);
});

describe.each(['legacy', 'modern'] as const)('elicitation.applyDefaults, era %s', (era) => {
  const partial = { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, topics: ['lit'] };

  test('declared: the schema defaults fill what the person left out', async () => {
    const connection = await connect({ era, elicitation: { applyDefaults: true } });
    connection.router.handle('elicitation', async () => ({ action: 'accept', content: { ...partial } }));
    const result = await connection.callTool('register-form');
    expect(result.structuredContent).toEqual({ ...partial, heightM: 1.7, newsletter: false, color: 'green', plan: 'free' });
    expect(JSON.stringify(result.content)).not.toContain('does not fit');
  });

  test('not declared (default): the answer goes as the handler gave it', async () => {
    const connection = await connect({ era });
    connection.router.handle('elicitation', async () => ({ action: 'accept', content: { ...partial } }));
    const result = await connection.callTool('register-form');
    const texts = (result.content as Array<{ text: string }>).map((b) => b.text);
    if (era === 'legacy') {
      // The 2025 server SDK checks the answer against the schema itself.
      expect(result.isError).toBe(true);
      expect(texts[0]).toMatch(/does not match requested schema.*'plan'/);
    } else {
      expect(JSON.parse(texts[0])).toEqual(partial);
      expect(texts[1]).toMatch(/does not fit the form/);
    }
  });
});
