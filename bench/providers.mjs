#!/usr/bin/env node
// Parses a 100,000-token streamed answer through each provider adapter (SSE
// parsing, JSON per chunk, accumulation, a delta callback per token) and
// prints tokens per second. The stream is built from the recorded chunks in
// test/fixtures/streams/, repeated with one token per chunk as providers send
// it, and delivered in 16 KiB pieces through the adapter's injected fetch.
// Runs with `node bench/providers.mjs` (re-runs itself under tsx) or `npx tsx`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let providers;
try {
  providers = await import('../src/providers/index.ts');
} catch (error) {
  if (process.env.BENCH_PROVIDERS_CHILD) throw error;
  // Plain node cannot load TypeScript: run again with tsx's loader.
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PROVIDERS_CHILD: '1' },
  });
  process.exit(run.status ?? 1);
}
const { createOpenAICompatibleProvider, createAnthropicProvider } = providers;

const TOKENS = 100_000;
const RUNS = 5;
const fixture = (name) => readFileSync(new URL(`../test/fixtures/streams/${name}`, import.meta.url), 'utf8');
const words = (i) => (i % 7 === 0 ? ' the' : i % 5 === 0 ? ' model' : i % 3 === 0 ? ',' : ` w${i % 1000}`);

function openaiStream() {
  const lines = fixture('openai-text.sse').split('\n\n').filter(Boolean);
  const [first, content, , , finish, usage, done] = lines;
  const template = JSON.parse(content.slice('data: '.length));
  const parts = [first + '\n\n'];
  for (let i = 0; i < TOKENS; i++) {
    template.choices[0].delta.content = words(i);
    parts.push(`data: ${JSON.stringify(template)}\n\n`);
  }
  parts.push(finish + '\n\n', usage + '\n\n', done + '\n\n');
  return new TextEncoder().encode(parts.join(''));
}

function anthropicStream() {
  const events = fixture('anthropic-text.sse').split('\n\n').filter(Boolean);
  const head = events.slice(0, 3);
  const delta = events[3];
  const tail = events.slice(5);
  const [eventLine, dataLine] = delta.split('\n');
  const template = JSON.parse(dataLine.slice('data: '.length));
  const parts = head.map((e) => e + '\n\n');
  for (let i = 0; i < TOKENS; i++) {
    template.delta.text = words(i);
    parts.push(`${eventLine}\ndata: ${JSON.stringify(template)}\n\n`);
  }
  parts.push(events[4] + '\n\n', ...tail.map((e) => e + '\n\n'));
  return new TextEncoder().encode(parts.join(''));
}

const replay = (bytes) => async () =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 16_384) controller.enqueue(bytes.subarray(i, i + 16_384));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

const cases = [
  [
    'OpenAI-compatible',
    openaiStream(),
    (fetch) => createOpenAICompatibleProvider({ baseURL: 'https://bench.invalid/v1', model: 'gpt-4o-mini', fetch }),
  ],
  ['Anthropic', anthropicStream(), (fetch) => createAnthropicProvider({ apiKey: 'k', model: 'claude-sonnet-4-5', fetch })],
];

const params = { messages: [{ role: 'user', content: { type: 'text', text: 'Write a long story.' } }], maxTokens: TOKENS };
for (const [name, bytes, make] of cases) {
  const provider = make(replay(bytes));
  const rates = [];
  for (let run = 0; run < RUNS; run++) {
    let deltas = 0;
    const start = performance.now();
    const result = await provider.createMessage(params, { onDelta: () => deltas++ });
    const seconds = (performance.now() - start) / 1000;
    if (deltas < TOKENS || result.content[0].type !== 'text') throw new Error(`${name}: parsed ${deltas} deltas, expected ${TOKENS}`);
    rates.push(TOKENS / seconds);
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)];
  const mb = (bytes.length / 1024 / 1024).toFixed(1);
  console.log(
    `${name.padEnd(18)} ${Math.round(median).toLocaleString('en-US').padStart(10)} tokens/s (median of ${RUNS}; ${TOKENS.toLocaleString('en-US')} tokens, ${mb} MiB of SSE)`,
  );
}
