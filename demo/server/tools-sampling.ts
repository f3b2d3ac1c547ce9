import type { McpServer, SamplingMessage, Tool, ToolResultContent } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { svgIcon } from './assets.js';
import { runFlow, textResult, type Flow } from './flows.js';
import { evaluate } from './calculator.js';
import { closedSchemaExchange, resultBlocks, schemaTool, SCHEMA_TOOL, textOf, toolUses, userText } from './sampling-utils.js';
import type { InstanceContext } from './tools-content.js';

/** `ask-model`: one plain sampling request with every common parameter set. */
const askModel: Flow<{ question: string }, null> = {
  name: 'ask-model',
  start: ({ question }) => ({
    ask: {
      kind: 'sampling',
      params: {
        messages: [userText(question)],
        systemPrompt: 'You are a concise assistant inside a demo MCP server. Answer in at most three sentences.',
        modelPreferences: {
          hints: [{ name: 'claude-3-5-haiku' }, { name: 'gpt-4o-mini' }],
          costPriority: 0.7,
          speedPriority: 0.8,
          intelligencePriority: 0.3,
        },
        maxTokens: 300,
        temperature: 0.2,
        includeContext: 'none',
      },
    },
    state: null,
  }),
  resume: (_state, answer) => {
    if (answer.kind !== 'sampling') return { result: textResult(`Expected a sampling answer, got ${answer.kind}.`, { isError: true }) };
    const text = textOf(resultBlocks(answer.result));
    return { result: textResult(text || '(the model returned no text)', { _meta: { model: answer.result.model } }) };
  },
};

const FACTS: Record<string, string> = {
  mcp: 'The Model Context Protocol (MCP) was published by Anthropic in November 2024.',
  lit: 'Lit is a small library for building fast web components.',
  'tic-tac-toe': 'Tic-tac-toe has 255,168 possible games and ends in a draw with perfect play.',
  earth: 'The mean radius of the Earth is 6,371 km.',
  'speed of light': 'Light travels 299,792,458 metres per second in a vacuum.',
};

const RESEARCH_TOOLS: Tool[] = [
  {
    name: 'lookup_fact',
    description: `Looks up one fact about a topic. Known topics: ${Object.keys(FACTS).join(', ')}.`,
    inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
  },
  {
    name: 'calculate',
    description: 'Evaluates an arithmetic expression with + - * / ^ and parentheses.',
    inputSchema: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
];

function runResearchTool(name: string, input: Record<string, unknown>): { text: string; isError: boolean } {
  if (name === 'lookup_fact') {
    const topic = String(input.topic ?? '')
      .toLowerCase()
      .trim();
    const fact = FACTS[topic];
    return fact ? { text: fact, isError: false } : { text: `No fact is known about "${topic}".`, isError: true };
  }
  if (name === 'calculate') {
    try {
      return { text: String(evaluate(String(input.expression ?? ''))), isError: false };
    } catch (error) {
      return { text: `Cannot calculate: ${(error as Error).message}`, isError: true };
    }
  }
  return { text: `Unknown tool ${name}.`, isError: true };
}

/** The most sampling rounds `research` runs; the last one forbids tools. */
export const RESEARCH_MAX_ROUNDS = 4;

interface ResearchState {
  messages: SamplingMessage[];
  round: number;
  used: string[];
}

function researchAsk(state: ResearchState) {
  const last = state.round >= RESEARCH_MAX_ROUNDS;
  return {
    ask: {
      kind: 'sampling' as const,
      params: {
        messages: state.messages,
        systemPrompt:
          'Answer the question. Use lookup_fact for facts and calculate for arithmetic; when you have what you need, answer in plain text.' +
          (last ? ' This is the last round: answer now without tools.' : ''),
        tools: RESEARCH_TOOLS,
        toolChoice: { mode: last ? ('none' as const) : ('auto' as const) },
        maxTokens: 500,
      },
    },
    state,
  };
}

/** `research`: sampling with tools; runs each tool_use and loops, bounded. */
const research: Flow<{ question: string }, ResearchState> = {
  name: 'research',
  start: ({ question }) => researchAsk({ messages: [userText(question)], round: 1, used: [] }),
  resume: (state, answer) => {
    if (answer.kind !== 'sampling') return { result: textResult(`Expected a sampling answer, got ${answer.kind}.`, { isError: true }) };
    const blocks = resultBlocks(answer.result);
    const uses = toolUses(blocks);
    if (uses.length === 0 || state.round >= RESEARCH_MAX_ROUNDS) {
      // A tool_use the server will not run (the model ignored toolChoice none) is left out, so
      // the transcript keeps the rule that every tool_use is answered by a tool_result.
      const final = blocks.filter((b) => b.type !== 'tool_use');
      const transcript = [...state.messages, { role: 'assistant' as const, content: final }];
      const text = textOf(blocks) || '(the model returned no text)';
      const used = state.used.length > 0 ? state.used.join(', ') : 'none';
      return {
        result: {
          content: [
            { type: 'text', text },
            { type: 'text', text: `Rounds: ${state.round}. Tools used: ${used}.` },
          ],
          structuredContent: { answer: text, rounds: state.round, toolsUsed: state.used, transcript },
        },
      };
    }
    const results: ToolResultContent[] = uses.map((use) => {
      const outcome = runResearchTool(use.name, use.input);
      return { type: 'tool_result', toolUseId: use.id, content: [{ type: 'text', text: outcome.text }], isError: outcome.isError };
    });
    return researchAsk({
      messages: [...state.messages, { role: 'assistant', content: blocks }, { role: 'user', content: results }],
      round: state.round + 1,
      used: [...state.used, ...uses.map((u) => `${u.name}(${JSON.stringify(u.input)})`)],
    });
  },
};

const CLASSIFICATION = z
  .object({
    category: z.enum(['bug', 'feature', 'question', 'other']),
    confidence: z.number().min(0).max(1),
    summary: z.string().min(1),
  })
  .strict();

/** `classify`: structured output through the reserved `__schema__` tool. */
const classify: Flow<{ text: string }, { request: SamplingMessage }> = {
  name: 'classify',
  start: ({ text }) => {
    const request = userText(`Classify this message from a user of our product:\n\n${text}`);
    return {
      ask: {
        kind: 'sampling',
        params: {
          messages: [request],
          systemPrompt: `Reply by calling ${SCHEMA_TOOL} with the classification.`,
          tools: [schemaTool('The classification of the message', z.toJSONSchema(CLASSIFICATION) as Tool['inputSchema'])],
          toolChoice: { mode: 'required' },
          maxTokens: 300,
        },
      },
      state: { request },
    };
  },
  resume: ({ request }, answer) => {
    if (answer.kind !== 'sampling') return { result: textResult(`Expected a sampling answer, got ${answer.kind}.`, { isError: true }) };
    const use = toolUses(resultBlocks(answer.result)).find((u) => u.name === SCHEMA_TOOL);
    if (!use) return { result: textResult(`The model did not call ${SCHEMA_TOOL}, so there is no structured answer.`, { isError: true }) };
    const parsed = CLASSIFICATION.safeParse(use.input);
    if (!parsed.success) {
      return {
        result: textResult(`The ${SCHEMA_TOOL} input does not fit the schema: ${z.prettifyError(parsed.error)}`, { isError: true }),
      };
    }
    return {
      result: {
        content: [{ type: 'text', text: JSON.stringify(parsed.data) }],
        structuredContent: parsed.data,
        _meta: { exchange: closedSchemaExchange(request, use) },
      },
    };
  },
};

/** `get-roots`: asks the client for its roots. */
const getRoots: Flow<Record<string, never>, null> = {
  name: 'get-roots',
  start: () => ({ ask: { kind: 'roots' }, state: null }),
  resume: (_state, answer) => {
    if (answer.kind !== 'roots') return { result: textResult(`Expected a roots answer, got ${answer.kind}.`, { isError: true }) };
    const lines = answer.roots.map((r) => `${r.name ?? '(unnamed)'}: ${r.uri}`);
    return {
      result: {
        content: [{ type: 'text', text: lines.length > 0 ? lines.join('\n') : 'The client shared no roots.' }],
        structuredContent: { roots: answer.roots },
      },
    };
  },
};

/** Tools that call back into the client's model (sampling) or ask for its roots. */
export function registerSamplingTools(server: McpServer, { era, state }: InstanceContext): void {
  server.registerTool(
    'ask-model',
    {
      title: 'Ask the model',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: "Asks the client's model a question through sampling.",
      icons: svgIcon('💬', '#2563eb'),
      inputSchema: z.object({ question: z.string().min(1) }),
    },
    async (args, ctx) => runFlow(askModel, args, era, state, ctx),
  );
  server.registerTool(
    'research',
    {
      title: 'Research with tools',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: "Lets the client's model answer with the server's own tools (lookup_fact, calculate) over several rounds.",
      icons: svgIcon('🔎', '#4f46e5'),
      inputSchema: z.object({ question: z.string().min(1) }),
    },
    async (args, ctx) => runFlow(research, args, era, state, ctx),
  );
  server.registerTool(
    'classify',
    {
      title: 'Classify',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: `Classifies a message with structured output (the ${SCHEMA_TOOL} tool).`,
      inputSchema: z.object({ text: z.string().min(1) }),
      outputSchema: CLASSIFICATION,
    },
    async (args, ctx) => runFlow(classify, args, era, state, ctx),
  );
  server.registerTool(
    'get-roots',
    {
      title: 'Get roots',
      description: 'Asks the client which roots (folders) it shares.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (ctx) => runFlow(getRoots, {}, era, state, ctx),
  );
}
