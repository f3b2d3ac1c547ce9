#!/usr/bin/env node
// `npm run eval:models` (not in CI): runs the fixed tool-calling tasks of
// demo/eval/tasks.ts through the real agent loop against the demo server and
// server-everything (both started here on 127.0.0.1), with any
// OpenAI-compatible model, and prints per task: success, right tool, valid
// arguments, rounds, time.
//
//   npm run eval:models -- --base-url http://127.0.0.1:11434/v1 --model qwen2.5:1.5b
//   EVAL_BASE_URL=https://api.openai.com/v1 EVAL_MODEL=gpt-4o-mini EVAL_API_KEY=sk-... npm run eval:models
//   npm run eval:models -- --fake        (the local fake OpenAI server, scripted: proves the harness, measures no model)
//   npm run eval:models -- --json        (results as JSON)
//   npm run eval:models -- --task demo-echo --task everything-sum
//
// The browser's built-in model runs the same tasks on demo/models-eval.html
// (`npm run demo`, then open http://127.0.0.1:5173/models-eval.html in a
// browser that has one).
import { parseArgs } from 'node:util';
import { startDemoServer } from '../demo/server/server.ts';
import { startEverything } from '../test/servers/everything.ts';
import { startFakeProviders } from '../test/fakes/providers.ts';
import { McpHub } from '../src/mcp/hub.ts';
import { createOpenAICompatibleProvider } from '../src/providers/openai/openai-compatible-provider.ts';
import { EVAL_TASKS } from '../demo/eval/tasks.ts';
import { evalTable, runEval } from '../demo/eval/run-eval.ts';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'api-key': { type: 'string' },
    fake: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    task: { type: 'string', multiple: true },
    'max-rounds': { type: 'string' },
  },
});

const started = [];
const hubs = {};
let exitCode = 0;
try {
  let baseURL = values['base-url'] ?? process.env.EVAL_BASE_URL;
  let model = values.model ?? process.env.EVAL_MODEL;
  let apiKey = values['api-key'] ?? process.env.EVAL_API_KEY ?? process.env.OPENAI_API_KEY;
  let fakeBase;
  if (values.fake) {
    const fake = await startFakeProviders();
    started.push(fake);
    baseURL = fake.openaiUrl;
    model = 'gpt-4o-mini';
    apiKey = 'eval';
    fakeBase = fake.openaiUrl.replace(/\/openai\/v1$/, '');
  }
  if (!baseURL || !model) {
    console.error('Give a model: --base-url URL --model ID (or EVAL_BASE_URL / EVAL_MODEL), or --fake for the scripted fake server.');
    process.exit(2);
  }
  const demo = await startDemoServer({ port: 0 });
  started.push(demo);
  const everything = await startEverything();
  started.push(everything);
  for (const [name, url] of [
    ['demo', demo.url],
    ['everything', everything.url],
  ]) {
    const hub = new McpHub();
    hub.add({ url });
    const [outcome] = await hub.connectAll();
    if (outcome?.status !== 'fulfilled') throw new Error(`Could not connect to the ${name} server at ${url}`);
    hubs[name] = hub;
  }
  const tasks = values.task?.length ? EVAL_TASKS.filter((t) => values.task.includes(t.id)) : EVAL_TASKS;
  const provider = createOpenAICompatibleProvider({ baseURL, model, apiKey, maxRetries: 2 });
  if (!values.json)
    console.log(
      `Model ${model} at ${baseURL}${values.fake ? ' (the fake server: scripted answers, not a model)' : ''}; ${tasks.length} tasks.\n`,
    );
  const results = await runEval({
    provider,
    hubs,
    tasks,
    maxRounds: values['max-rounds'] ? Number(values['max-rounds']) : undefined,
    beforeTask: fakeBase
      ? async (task) => {
          await fetch(`${fakeBase}/__reset`, { method: 'POST' });
          const res = await fetch(`${fakeBase}/__script`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ replies: task.script }),
          });
          if (!res.ok) throw new Error(`The fake server refused the script of ${task.id}: HTTP ${res.status}`);
        }
      : undefined,
    onResult: (r) => {
      if (!values.json) console.error(`${r.success ? 'ok  ' : 'FAIL'} ${r.id} (${r.ms} ms)${r.error ? `: ${r.error}` : ''}`);
    },
  });
  console.log(values.json ? JSON.stringify({ model, baseURL, fake: values.fake, results }, null, 2) : `\n${evalTable(results)}`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  exitCode = 1;
} finally {
  await Promise.allSettled(Object.values(hubs).map((h) => h.close()));
  await Promise.allSettled(started.map((s) => s.close()));
}
process.exit(exitCode);
