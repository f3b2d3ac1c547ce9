import {
  Client,
  StreamableHTTPClientTransport,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERAS, texts, useDemoServer } from './demo-server-helpers.js';

const server = useDemoServer();

type SamplingParams = CreateMessageRequest['params'];
type Block = { type: string; [key: string]: any };

function blocksOf(message: { content: unknown }): Block[] {
  return (Array.isArray(message.content) ? message.content : [message.content]) as Block[];
}

describe.each(ERAS)('demo server sampling and roots, $mode client', ({ mode, era }) => {
  let client: Client;
  let model: (params: SamplingParams) => Promise<CreateMessageResult> | CreateMessageResult;
  let person: (params: ElicitRequest['params']) => ElicitResult;
  let requests: SamplingParams[];

  beforeAll(async () => {
    client = await server.connect(mode);
    expect(client.getProtocolEra()).toBe(era);
    client.setRequestHandler('sampling/createMessage', async (request) => {
      requests.push(request.params);
      return model(request.params) as never;
    });
    client.setRequestHandler('elicitation/create', async (request) => person(request.params));
    client.setRequestHandler('roots/list', async () => ({
      roots: [
        { uri: 'file:///home/ada/project', name: 'project' },
        { uri: 'file:///tmp/scratch', name: 'scratch' },
      ],
    }));
  });

  it('asks the model with a system prompt, model preferences, maxTokens and temperature', async () => {
    requests = [];
    model = () => ({ model: 'test-model', role: 'assistant', content: { type: 'text', text: 'Forty-two.' } });
    const result = await client.callTool({ name: 'ask-model', arguments: { question: 'What is the answer?' } });
    expect(texts(result)).toEqual(['Forty-two.']);
    const [params] = requests;
    expect(params.systemPrompt).toMatch(/concise assistant/);
    expect(params.modelPreferences?.hints?.map((h) => h.name)).toEqual(['claude-3-5-haiku', 'gpt-4o-mini']);
    expect(params.maxTokens).toBe(300);
    expect(params.temperature).toBe(0.2);
    expect(blocksOf(params.messages[0])).toEqual([{ type: 'text', text: 'What is the answer?' }]);
  });

  it('runs the tools the model asks for and loops until it answers (two rounds)', async () => {
    requests = [];
    model = (params) => {
      if (requests.length === 1) {
        return {
          model: 'test-model',
          role: 'assistant',
          stopReason: 'toolUse',
          content: [
            { type: 'tool_use', id: 'u1', name: 'lookup_fact', input: { topic: 'mcp' } },
            { type: 'tool_use', id: 'u2', name: 'calculate', input: { expression: '(2 + 4) * 7' } },
          ],
        } as never;
      }
      const results = blocksOf(params.messages.at(-1)!);
      const text = results.map((r) => (r.content as Block[])[0].text).join(' / ');
      return {
        model: 'test-model',
        role: 'assistant',
        stopReason: 'endTurn',
        content: [{ type: 'text', text: `Answer: ${text}` }],
      } as never;
    };
    const result = await client.callTool({ name: 'research', arguments: { question: 'When was MCP published, and what is (2+4)*7?' } });
    expect(requests).toHaveLength(2);
    expect(requests[0].tools?.map((t) => t.name)).toEqual(['lookup_fact', 'calculate']);
    expect(requests[0].toolChoice).toEqual({ mode: 'auto' });
    const second = requests[1].messages;
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(blocksOf(second[2]).map((b) => [b.type, b.toolUseId])).toEqual([
      ['tool_result', 'u1'],
      ['tool_result', 'u2'],
    ]);
    expect(texts(result)[0]).toBe('Answer: The Model Context Protocol (MCP) was published by Anthropic in November 2024. / 42');
    const structured = result.structuredContent as { rounds: number; transcript: unknown[] };
    expect(structured.rounds).toBe(2);
    expect(structured.transcript).toHaveLength(4);
  });

  it('forbids tools on the last research round', async () => {
    requests = [];
    model = (params) =>
      params.toolChoice?.mode === 'none'
        ? ({ model: 'm', role: 'assistant', content: [{ type: 'text', text: 'Giving up on tools.' }] } as never)
        : ({
            model: 'm',
            role: 'assistant',
            content: [{ type: 'tool_use', id: `u${requests.length}`, name: 'lookup_fact', input: { topic: 'lit' } }],
          } as never);
    const result = await client.callTool({ name: 'research', arguments: { question: 'Loop forever?' } });
    expect(requests.map((r) => r.toolChoice?.mode)).toEqual(['auto', 'auto', 'auto', 'none']);
    expect(texts(result)[0]).toBe('Giving up on tools.');
  });

  it('gets structured output through __schema__ and keeps the closed exchange', async () => {
    requests = [];
    const classification = { category: 'bug', confidence: 0.9, summary: 'The app crashes on start.' };
    model = () =>
      ({
        model: 'm',
        role: 'assistant',
        stopReason: 'toolUse',
        content: [{ type: 'tool_use', id: 's1', name: '__schema__', input: classification }],
      }) as never;
    const result = await client.callTool({ name: 'classify', arguments: { text: 'It crashes when I open it!' } });
    expect(requests[0].tools?.map((t) => t.name)).toEqual(['__schema__']);
    expect(requests[0].toolChoice).toEqual({ mode: 'required' });
    expect(result.structuredContent).toEqual(classification);
    const exchange = (result._meta as { exchange: Array<{ role: string; content: Block[] }> }).exchange;
    expect(exchange.map((m) => [m.role, m.content[0].type])).toEqual([
      ['user', 'text'],
      ['assistant', 'tool_use'],
      ['user', 'tool_result'],
    ]);
    expect(exchange[2].content[0]).toMatchObject({ toolUseId: 's1', content: [{ type: 'text', text: 'ok' }] });

    model = () =>
      ({
        model: 'm',
        role: 'assistant',
        content: [{ type: 'tool_use', id: 's2', name: '__schema__', input: { category: 'rant' } }],
      }) as never;
    const invalid = await client.callTool({ name: 'classify', arguments: { text: 'Meh.' } });
    expect(invalid.isError).toBe(true);
    expect(texts(invalid)[0]).toMatch(/does not fit the schema/);
  });

  it('plays a whole game of tic-tac-toe, sending the model every earlier move', async () => {
    requests = [];
    const boards: string[] = [];
    // The model takes the lowest free cell its move schema allows; the person prefers the centre and corners.
    model = (params) => {
      const cells = (params.tools?.[0].inputSchema.properties as { cell: { enum: number[] } }).cell.enum;
      return {
        model: 'm',
        role: 'assistant',
        content: [{ type: 'tool_use', id: `m${requests.length}`, name: '__schema__', input: { cell: Math.min(...cells) } }],
      } as never;
    };
    person = (params) => {
      boards.push(params.message);
      const options = (
        params as unknown as { requestedSchema: { properties: { cell: { oneOf: Array<{ const: string }> } } } }
      ).requestedSchema.properties.cell.oneOf.map((o) => o.const);
      const cell = ['4', '0', '8', '2', '6', '1', '3', '5', '7'].find((c) => options.includes(c)) ?? options[0];
      return { action: 'accept', content: { cell } };
    };
    const result = await client.callTool({ name: 'tic-tac-toe', arguments: {} }, { timeout: 20_000 });
    const outcome = result.structuredContent as { outcome: string; board: Array<string | null>; moves: Array<{ cell: number }> };
    // X (person): 4, 8, 2, 6 -> the 2-4-6 diagonal; O (model): 0, 1, 3.
    expect(outcome.moves.map((m) => m.cell)).toEqual([4, 0, 8, 1, 2, 3, 6]);
    expect(outcome.outcome).toBe('person');
    expect(texts(result)[0]).toMatch(/^You win!/);
    expect(boards).toHaveLength(4);
    expect(boards[1]).toContain(' O | 1 | 2 '); // the person sees the model's move at 0
    expect(requests).toHaveLength(3);
    // History grows by 2 messages per person move and 3 per model move, plus the new prompt.
    expect(requests.map((r) => r.messages.length)).toEqual([3, 8, 13]);
    const last = requests[2].messages;
    const toolResults = last.flatMap((m) => blocksOf(m)).filter((b) => b.type === 'tool_result');
    expect(toolResults).toHaveLength(5); // three person moves and two model moves, each closed
    const personMoves = toolResults.filter((r) => r.toolUseId.startsWith('person')).map((r) => JSON.parse(r.content[0].text).cell);
    expect(personMoves).toEqual([4, 8, 2]);
    expect(blocksOf(last.at(-1)!)[0].text).toContain(' O | O | X ');
    expect(requests.every((r) => r.toolChoice?.mode === 'required')).toBe(true);
  });

  it('stops the game when the person declines', async () => {
    requests = [];
    person = () => ({ action: 'decline' });
    const result = await client.callTool({ name: 'tic-tac-toe', arguments: { first: 'model' } });
    expect(requests).toHaveLength(1);
    expect((result.structuredContent as { outcome: string }).outcome).toBe('abandoned');
  });

  it('lists the roots the client shares', async () => {
    const result = await client.callTool({ name: 'get-roots', arguments: {} });
    expect(texts(result)[0]).toBe('project: file:///home/ada/project\nscratch: file:///tmp/scratch');
    expect((result.structuredContent as { roots: unknown[] }).roots).toHaveLength(2);
  });
});

// Issue 37: a 2025-era request the server makes inside a tool call (sampling, a form, roots) travels on
// that call's own response stream. It went on the session's optional GET stream instead, and was
// dropped when that stream was not open: a client past its three event streams per origin (the page
// keeps no more: src/mcp/stream-budget.ts) never got it, and neither did a client whose GET stream
// the server had not yet registered when the call arrived (the sampling-approval stall: the call's
// answer headers came 6 ms before the GET stream's, and the sampling request was lost).
describe('2025 era: what the server asks inside a call comes on that call', () => {
  it('a client without the GET stream still gets the sampling, form and roots requests', async () => {
    let gets = 0;
    const noGetStream: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') !== 'GET') return fetch(input, init);
      gets += 1;
      return new Response(null, { status: 405 });
    };
    const client = new Client(
      { name: 'demo-server-test', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' }, capabilities: { sampling: {}, elicitation: { form: {} }, roots: {} } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { fetch: noGetStream }));
    try {
      client.setRequestHandler('sampling/createMessage', async () => ({
        model: 'm',
        role: 'assistant',
        content: { type: 'text', text: 'Still here.' },
      }));
      client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
      client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///home/ada', name: 'home' }] }));
      // Without an answer the server would wait for the person for 30 minutes: the SDK's own timeout ends the call.
      const options = { timeout: 10_000 };
      expect(texts(await client.callTool({ name: 'ask-model', arguments: { question: 'Are you there?' } }, options))).toEqual([
        'Still here.',
      ]);
      expect(texts(await client.callTool({ name: 'register-form', arguments: {} }, options))).toEqual(['The form was declined.']);
      expect(JSON.stringify(await client.callTool({ name: 'get-roots', arguments: {} }, options))).toContain('file:///home/ada');
      expect(gets).toBe(1);
    } finally {
      await client.close();
    }
  });
});
