import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { evalTable, runEval } from '../../demo/eval/run-eval.js';
import { EVAL_TASKS } from '../../demo/eval/tasks.js';
import { McpHub } from '../../src/mcp/hub.js';
import { createOpenAICompatibleProvider } from '../../src/providers/openai/openai-compatible-provider.js';

// The eval's grading (npm run eval:models) against the real demo server and
// server-everything, with the fake OpenAI server scripted to answer well,
// with the wrong tool, or with arguments the tool's schema refuses.

const fakeBase = () => inject('openaiUrl').replace(/\/openai\/v1$/, '');
// Its requests take only from the fake's `eval` queue (the header), so files running beside it keep their scripts.
const provider = () =>
  createOpenAICompatibleProvider({
    baseURL: inject('openaiUrl'),
    apiKey: 'eval',
    model: 'gpt-4o-mini',
    maxRetries: 0,
    headers: { 'x-fake-script': 'eval' },
  });
const hubs = { demo: new McpHub(), everything: new McpHub() };
beforeAll(async () => {
  hubs.demo.add({ url: inject('demoUrl') });
  hubs.everything.add({ url: inject('everythingUrl') });
  await Promise.all([hubs.demo.connectAll(), hubs.everything.connectAll()]);
});
afterAll(() => Promise.all([hubs.demo.close(), hubs.everything.close()]));

async function script(replies: unknown[]): Promise<void> {
  await fetch(`${fakeBase()}/__reset?key=eval`, { method: 'POST' });
  const res = await fetch(`${fakeBase()}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'eval', replies }),
  });
  expect(res.ok).toBe(true);
}
const task = (id: string) => EVAL_TASKS.find((t) => t.id === id)!;
// The demo server of the test run is shared: deleting its note 2 here would break other files' tests
// (npm run eval:models starts servers of its own, so it runs every task).
const shared = EVAL_TASKS.filter((t) => t.id !== 'demo-delete-note');

test('every task passes when the model answers as scripted; the table lists each', async () => {
  const results = await runEval({ provider: provider(), hubs, tasks: shared, beforeTask: (t) => script(t.script) });
  expect(results.map((r) => [r.id, r.success])).toEqual(shared.map((t) => [t.id, true]));
  expect(evalTable(results)).toContain(`${shared.length} of ${shared.length} tasks succeeded.`);
});

test('the wrong tool, arguments the schema refuses, and a needless tool call are graded as failures', async () => {
  const [wrongTool] = await runEval({
    provider: provider(),
    hubs,
    tasks: [task('demo-echo')],
    beforeTask: () => script([{ toolCalls: [{ name: 'weather', input: { city: 'Oslo' } }] }, { text: 'purple elephant' }]),
  });
  expect(wrongTool).toMatchObject({ success: false, rightTool: false, called: ['weather'] });
  const [badArgs] = await runEval({
    provider: provider(),
    hubs,
    tasks: [task('everything-sum')],
    beforeTask: () => script([{ toolCalls: [{ name: 'get-sum', input: { a: 'seventeen', b: 25 } }] }, { text: '42' }]),
  });
  expect(badArgs).toMatchObject({ success: false, rightTool: true, validArgs: false });
  const [needless] = await runEval({
    provider: provider(),
    hubs,
    tasks: [task('demo-no-tool')],
    beforeTask: () => script([{ toolCalls: [{ name: 'echo', input: { message: '42' } }] }, { text: '42' }]),
  });
  expect(needless).toMatchObject({ success: false, rightTool: false, rounds: 2 });
});
