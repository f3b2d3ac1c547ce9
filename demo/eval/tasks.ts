/**
 * The fixed tool-calling tasks of the model eval (`npm run eval:models`,
 * and demo/models-eval.html in a browser with a built-in model). Each task
 * is a person's message to a chat connected to ONE server (the demo server
 * or server-everything), the tool a good model calls (or none), a check of
 * its arguments beyond the schema, and words the final answer should hold.
 *
 * `script` is what the fake OpenAI server answers when the eval runs against
 * it (`--fake`): it proves the harness runs, it measures nothing about a model.
 */

/** Which server a task's chat is connected to. */
export type EvalServer = 'demo' | 'everything';

/** One task. */
export interface EvalTask {
  id: string;
  server: EvalServer;
  /** The person's message. */
  prompt: string;
  /** The tool a good model calls, or `null` when the right answer needs no tool. */
  tool: string | null;
  /** Beyond the tool's input schema: are these the arguments the person meant? */
  argsOk?: (args: Record<string, unknown>) => boolean;
  /** The final answer should contain this (case-insensitive). */
  answerHas?: string;
  /** The fake OpenAI server's replies for this task (tool call, then the answer). */
  script: Array<{ text?: string; toolCalls?: Array<{ name: string; input: Record<string, unknown> }> }>;
}

const has = (value: unknown, word: string) => typeof value === 'string' && value.toLowerCase().includes(word.toLowerCase());

/** The tasks, in the order they run. */
export const EVAL_TASKS: EvalTask[] = [
  {
    id: 'demo-echo',
    server: 'demo',
    prompt: 'Use the echo tool to repeat exactly this phrase: purple elephant',
    tool: 'echo',
    argsOk: (a) => has(a.message, 'purple elephant'),
    answerHas: 'purple elephant',
    script: [{ toolCalls: [{ name: 'echo', input: { message: 'purple elephant' } }] }, { text: 'The server echoed: purple elephant.' }],
  },
  {
    id: 'demo-weather',
    server: 'demo',
    prompt: 'What is the weather like in Lisbon right now?',
    tool: 'weather',
    argsOk: (a) => has(a.city, 'lisbon'),
    answerHas: 'lisbon',
    script: [{ toolCalls: [{ name: 'weather', input: { city: 'Lisbon' } }] }, { text: 'In Lisbon it is mild right now.' }],
  },
  {
    id: 'demo-delete-note',
    server: 'demo',
    prompt: 'Please delete note number 2.',
    tool: 'delete-note',
    argsOk: (a) => String(a.id) === '2',
    script: [{ toolCalls: [{ name: 'delete-note', input: { id: '2' } }] }, { text: 'Note 2 is deleted.' }],
  },
  {
    id: 'demo-no-tool',
    server: 'demo',
    prompt: 'Without using any tool: what is 6 times 7? Answer with the number.',
    tool: null,
    answerHas: '42',
    script: [{ text: '42' }],
  },
  {
    id: 'everything-sum',
    server: 'everything',
    prompt: 'Add 17 and 25 with the tool for sums, and tell me the result.',
    tool: 'get-sum',
    argsOk: (a) => Number(a.a) + Number(a.b) === 42,
    answerHas: '42',
    script: [{ toolCalls: [{ name: 'get-sum', input: { a: 17, b: 25 } }] }, { text: 'The sum is 42.' }],
  },
  {
    id: 'everything-structured',
    server: 'everything',
    prompt: 'Get the structured weather content for Chicago.',
    tool: 'get-structured-content',
    argsOk: (a) => a.location === 'Chicago',
    answerHas: 'chicago',
    script: [
      { toolCalls: [{ name: 'get-structured-content', input: { location: 'Chicago' } }] },
      { text: 'Chicago: the tool returned the temperature, conditions and humidity.' },
    ],
  },
  {
    id: 'everything-tiny-image',
    server: 'everything',
    prompt: 'Show me the tiny image the server has.',
    tool: 'get-tiny-image',
    script: [{ toolCalls: [{ name: 'get-tiny-image', input: {} }] }, { text: 'Here is the tiny image.' }],
  },
  {
    id: 'everything-echo',
    server: 'everything',
    prompt: 'Echo the words "blue whale" with the echo tool.',
    tool: 'echo',
    argsOk: (a) => has(a.message, 'blue whale'),
    answerHas: 'blue whale',
    script: [{ toolCalls: [{ name: 'echo', input: { message: 'blue whale' } }] }, { text: 'Echo: blue whale.' }],
  },
];
