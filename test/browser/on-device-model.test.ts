import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { runTurn, hubToolHost, type AgentToolHost, type TurnEvent } from '../../src/agent/index.js';
import { McpHub } from '../../src/mcp/index.js';
import { isProviderError } from '../../src/providers/provider-error.js';
import { schemaMismatch } from '../../src/providers/structured-output-check.js';
import { createOnDeviceProvider } from '../../src/providers/on-device/on-device-provider.js';
import { partialBytes } from '../../src/providers/on-device/model-store.js';
import type { OnDeviceProvider, OnDeviceStatus } from '../../src/providers/on-device/on-device-types.js';
import type { CreateMessageRequestParams, ProviderDelta } from '../../src/providers/types.js';
import { TIMED, boundByControl, timeBound } from './long-tasks.js';

// The on-device provider for real, in Chromium: the real engine (wllama,
// llama.cpp in WebAssembly, in its worker), the real download into the Origin
// Private File System, on a tiny random-weight GGUF model that
// scripts/make-tiny-model.mjs generates at test time (test/setup/tiny-model.ts
// serves it on 127.0.0.1 and counts requests). No model comes from a hub.
// Random weights write nonsense, but the grammar makes it well-formed: every
// reply is an answer or a call of an offered tool with valid arguments.
// The model leans toward the byte "o" (documented in the script), so with
// `toolChoice: auto` it chooses `{"tool":...}` over `{"type":"text",...}`.

const server = inject('modelServerUrl');
const size = inject('tinyModelSize');
/** A URL of this run's own: the browser's cache starts empty for it. */
const modelUrl = (tag: string) => `${server}/m/${tag}-${Date.now().toString(36)}/tiny-model.gguf`;
const requests = async (url: string) => {
  const counts = (await (await fetch(`${server}/requests`)).json()) as Record<string, number>;
  const path = new URL(url).pathname;
  return { get: counts[`GET ${path}`] ?? 0, head: counts[`HEAD ${path}`] ?? 0 };
};
const settings = { contextSize: 8192, maxArgumentLength: 24 };
const sha256 = inject('tinyModelSha256');
/** The starts of the `Range` requests the server answered for `url`. */
const ranges = async (url: string) => {
  const counts = (await (await fetch(`${server}/requests`)).json()) as Record<string, number>;
  const path = new URL(url).pathname;
  return Object.keys(counts).flatMap((k) => (k.startsWith(`RANGE ${path} `) ? [Number(k.split(' ')[2])] : []));
};
/** An address the browser cannot reach: port 1 on 127.0.0.1 (nothing listens, and Chromium refuses the port itself). */
const closedPortUrl = async () => 'http://127.0.0.1:1';

/** Runs `work` while a 20 ms timer ticks on the main thread; returns its result and the longest gap between ticks. */
async function withLongestGap<T>(work: () => Promise<T>): Promise<{ value: T; gap: number; took: number }> {
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    return { value, gap: Math.max(gap, performance.now() - last), took: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

const hub = new McpHub();
let demoTools: AgentToolHost;
beforeAll(async () => {
  hub.add({ url: inject('demoUrl'), name: 'demo' });
  await hub.connectAll();
  demoTools = hubToolHost(hub);
});
afterAll(async () => {
  await hub.close();
});

describe('on-device model (wllama) on a generated tiny model', () => {
  const url = modelUrl('main');
  let provider: OnDeviceProvider;
  const seen: OnDeviceStatus[] = [];

  afterAll(async () => {
    await provider?.dispose();
  });

  test('before consent: the status says how much must be downloaded, and nothing is', async () => {
    provider = createOnDeviceProvider({ modelUrl: url, ...settings });
    provider.subscribe((s) => seen.push(s));
    const status = await provider.status();
    expect(status).toEqual({ state: 'not-downloaded', bytes: size });
    // The size comes from the server's Content-Length; the model itself was not asked for.
    expect(await requests(url)).toEqual({ get: 0, head: 1 });

    const refused = await provider
      .createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 8 })
      .catch((e: unknown) => e);
    expect(isProviderError(refused, 'bad-request')).toBe(true);
    expect((refused as { code?: string }).code).toBe('model-not-downloaded');
    expect((await requests(url)).get).toBe(0);
  }, 60_000);

  test('after consent: the download reports progress and ends cached', async () => {
    const progress: Array<{ loaded: number; total: number }> = [];
    await provider.download({ onProgress: (p) => progress.push(p) });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual({ loaded: size, total: size });
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.loaded).toBeGreaterThanOrEqual(progress[i - 1]!.loaded);
    expect(await provider.status()).toEqual({ state: 'cached', bytes: size });
    expect(seen.map((s) => s.state)).toEqual(expect.arrayContaining(['not-downloaded', 'downloading', 'cached']));
    expect((await requests(url)).get).toBe(1);
  }, 60_000);

  test(
    'a required tool call from random weights is a tool_use of an offered tool whose arguments match its schema',
    { ...TIMED, timeout: 60_000 },
    async () => {
      await provider.load();
      expect(await provider.status()).toEqual({ state: 'ready', bytes: size });
      // The demo server's tools, except those whose schemas use what a grammar does not enforce (numeric ranges).
      const tools = (await demoTools.listTools())
        .filter((t) => !/minimum|maximum|pattern|format/.test(JSON.stringify(t.inputSchema)))
        .slice(0, 5);
      expect(tools.length).toBeGreaterThan(2);
      const deltas: ProviderDelta[] = [];
      const {
        value: result,
        gap,
        took,
      } = await withLongestGap(() =>
        provider.createMessage(
          {
            messages: [{ role: 'user', content: { type: 'text', text: 'Use a tool.' } }],
            tools: tools.map((t) => ({
              name: t.name,
              description: t.description,
              inputSchema: t.inputSchema,
            })) as CreateMessageRequestParams['tools'],
            toolChoice: { mode: 'required' },
            maxTokens: 200,
          },
          { onDelta: (d) => deltas.push(d) },
        ),
      );
      // The prompt (five tools' schemas) and the reply are computed in wllama's worker:
      // the page's main thread kept running its timers meanwhile (the work takes seconds).
      // Control: the same page doing nothing for as long, right after (a busy machine's own gaps).
      const quiet = await withLongestGap(() => new Promise((r) => setTimeout(r, Math.min(took, 5000))));
      expect(
        gap,
        timeBound(`longest main-thread block during ${Math.round(took)} ms of generation; idle ${Math.round(quiet.gap)} ms`),
      ).toBeLessThan(boundByControl(quiet.gap, 3, 1000));
      expect(result.stopReason).toBe('toolUse');
      expect(result.content).toHaveLength(1);
      const call = result.content[0]!;
      if (call.type !== 'tool_use') throw new Error(`expected a tool_use, got ${JSON.stringify(call)}`);
      const tool = tools.find((t) => t.name === call.name);
      expect(tool, `offered: ${tools.map((t) => t.name).join(', ')}`).toBeDefined();
      expect(schemaMismatch(tool!.inputSchema, call.input)).toBeUndefined();
      // Streamed as a call: start, the arguments' text, end with the same input.
      expect(deltas[0]).toMatchObject({ type: 'tool-call-start', id: call.id, name: call.name });
      const text = deltas
        .filter((d) => d.type === 'tool-call-delta')
        .map((d) => d.argumentsDelta)
        .join('');
      expect(JSON.parse(text)).toEqual(call.input);
      expect(deltas.find((d) => d.type === 'tool-call-end')).toMatchObject({ id: call.id, input: call.input });
    },
  );

  test('an answer streams as text deltas', async () => {
    const deltas: string[] = [];
    const result = await provider.createMessage(
      { messages: [{ role: 'user', content: { type: 'text', text: 'Say something.' } }], maxTokens: 40 },
      { onDelta: (d) => d.type === 'text' && deltas.push(d.text) },
    );
    expect(result.content).toHaveLength(1);
    const block = result.content[0]!;
    expect(block.type).toBe('text');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe((block as { text: string }).text);
    expect(['endTurn', 'maxTokens']).toContain(result.stopReason);
  }, 60_000);

  test('an agent turn calls a demo server tool and records its real result', async () => {
    // The page offers one tool of the demo server (echo), through the real hub.
    const echoOnly: AgentToolHost = {
      listTools: async () => (await demoTools.listTools()).filter((t) => t.name === 'echo'),
      callTool: (name, args, options) => demoTools.callTool(name, args, options),
    };
    const events: TurnEvent[] = [];
    const turn = await runTurn({
      provider,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Echo something.' }] }],
      tools: echoOnly,
      maxRounds: 1,
      maxTokens: 120,
      onEvent: (e) => events.push(e),
    });
    expect(turn.error).toBeUndefined();
    const [call, results] = turn.messages;
    expect(call?.role).toBe('assistant');
    const use = call!.content[0]!;
    if (use.type !== 'tool_use') throw new Error(`expected a tool call, got ${JSON.stringify(use)}`);
    expect(use.name).toBe('echo');
    const message = (use.input as { message?: unknown }).message;
    expect(typeof message).toBe('string');
    // The demo server's echo repeats the message: the tool really ran with the model's arguments.
    expect(results?.content[0]).toMatchObject({ type: 'tool_result', toolUseId: use.id, content: [{ type: 'text', text: message }] });
    expect(events.find((e) => e.type === 'tool-end')).toMatchObject({ status: 'done' });
  }, 60_000);

  test('Stop aborts a long answer at once, and the next request is answered', async () => {
    const controller = new AbortController();
    let count = 0;
    const stopped = await provider
      .createMessage(
        { messages: [{ role: 'user', content: { type: 'text', text: 'Write a lot.' } }], maxTokens: 4000 },
        { signal: controller.signal, onDelta: (d) => d.type === 'text' && ++count === 3 && controller.abort() },
      )
      .catch((e: unknown) => e);
    expect(isProviderError(stopped, 'aborted')).toBe(true);
    // Counted, not timed: the answer stopped within a few tokens of Stop (it would run to 4,000).
    expect(count).toBeLessThan(40);
    const next = await provider.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Again.' } }], maxTokens: 30 });
    expect(next.content[0]?.type).toBe('text');
  }, 60_000);

  test('the next visit loads the model from the cache: no request for it at all', async () => {
    const before = await requests(url);
    await provider.dispose();
    // A new provider and engine (a new worker), as on the next page load.
    const again = createOnDeviceProvider({ modelUrl: url, ...settings });
    try {
      expect(await again.status()).toEqual({ state: 'cached', bytes: size });
      const result = await again.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 30 });
      expect(result.content[0]?.type).toBe('text');
      expect(await again.status()).toEqual({ state: 'ready', bytes: size });
    } finally {
      await again.dispose();
    }
    expect(await requests(url)).toEqual(before);
  }, 60_000);
});

describe('downloads', () => {
  test('a download stopped midway is not used, and the next one continues it where it stopped (HTTP Range)', async () => {
    const url = `${modelUrl('abort')}?slow=40`;
    const provider = createOnDeviceProvider({ modelUrl: url, ...settings });
    try {
      const controller = new AbortController();
      const progress: number[] = [];
      const stopped = await provider
        .download({
          signal: controller.signal,
          onProgress: (p) => (progress.push(p.loaded), p.loaded > 0 && p.loaded < size && controller.abort()),
        })
        .catch((e: unknown) => e);
      expect(isProviderError(stopped, 'aborted')).toBe(true);
      expect(progress.some((n) => n > 0 && n < size)).toBe(true);
      expect(await provider.status()).toEqual({ state: 'not-downloaded', bytes: size });

      await provider.download();
      expect(await provider.status()).toEqual({ state: 'cached', bytes: size });
      expect(await ranges(url)).toHaveLength(1);
      expect((await requests(url)).get).toBe(2);
    } finally {
      await provider.dispose();
    }
  }, 60_000);

  test('the connection drops mid-download: it continues from where it stopped by itself, and the model is checked and used', async () => {
    const url = `${modelUrl('cut')}?cut=40000`;
    const provider = createOnDeviceProvider({ modelUrl: url, size, sha256, ...settings });
    try {
      await provider.download();
      expect(await provider.status()).toEqual({ state: 'cached', bytes: size });
      // One cut GET, then one GET asking for the rest (Range from what had arrived), nothing from the start again.
      expect((await requests(url)).get).toBe(2);
      const [resumedAt] = await ranges(url);
      expect(resumedAt).toBeGreaterThan(0);
      expect(resumedAt).toBeLessThanOrEqual(40_000);
      const reply = await provider.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 30 });
      expect(reply.role).toBe('assistant');
    } finally {
      await provider.dispose();
    }
  }, 60_000);

  test('a network that keeps failing: a failure in words, and Download again continues the partial file', async () => {
    const url = `${modelUrl('cutall')}?cutall=20000`;
    const provider = createOnDeviceProvider({ modelUrl: url, size, ...settings });
    try {
      const failed = await provider.download().catch((e: unknown) => e);
      expect(isProviderError(failed, 'network')).toBe(true);
      expect((failed as Error).message).toMatch(
        /^The connection to 127\.0\.0\.1:\d+ was lost during the download .* press Download again: it continues where it stopped\.$/,
      );
      expect(await provider.status()).toMatchObject({ state: 'failed' });
    } finally {
      await provider.dispose();
    }
  }, 60_000);

  test('a file whose SHA-256 is not the pinned one is refused in words and deleted', async () => {
    const url = modelUrl('hash');
    const provider = createOnDeviceProvider({ modelUrl: url, size, sha256: 'ab'.repeat(32), ...settings });
    try {
      const refused = await provider.download().catch((e: unknown) => e);
      expect(isProviderError(refused), String(refused)).toBe(true);
      expect((refused as Error).message).toMatch(/does not match the model it should be .* deleted and not used/);
      expect((await provider.status()).state).toBe('failed');
      // Nothing of it is kept: not as the model, not as a partial file to continue.
      const again = createOnDeviceProvider({ modelUrl: url, size, sha256: 'ab'.repeat(32), ...settings });
      expect(await again.status()).toEqual({ state: 'not-downloaded', bytes: size });
      expect(await partialBytes({ url, size, sha256: 'ab'.repeat(32) })).toBe(0);
      const unused = await again
        .createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 8 })
        .catch((e: unknown) => e);
      expect((unused as { code?: string }).code).toBe('model-not-downloaded');
    } finally {
      await provider.dispose();
    }
  }, 60_000);

  test('a file of another size than the pinned one is refused before it is kept', async () => {
    const provider = createOnDeviceProvider({ modelUrl: modelUrl('size'), size: size + 1000, ...settings });
    try {
      const refused = await provider.download().catch((e: unknown) => e);
      expect((refused as Error).message).toMatch(/is not the expected model .* deleted and not used/);
    } finally {
      await provider.dispose();
    }
  }, 60_000);

  test('two tabs asking for the same model download it once: the second follows the first and finds it stored', async () => {
    // Web Locks and BroadcastChannel are per origin, the same between two tabs as between two
    // providers of one page: two providers here stand for two tabs of one site.
    // (No sha256 here: a model pinned by its hash is stored by it, and an earlier test stored this one.)
    const url = `${modelUrl('tabs')}?slow=20`;
    const first = createOnDeviceProvider({ modelUrl: url, size, ...settings });
    const second = createOnDeviceProvider({ modelUrl: url, size, ...settings });
    const secondSeen: OnDeviceStatus[] = [];
    second.subscribe((s) => secondSeen.push(s));
    try {
      await Promise.all([first.download(), second.download()]);
      expect((await requests(url)).get).toBe(1);
      expect(await second.status()).toEqual({ state: 'cached', bytes: size });
      // The second showed the first's progress, marked as another tab's.
      expect(secondSeen.some((s) => s.state === 'downloading' && s.other && s.loaded > 0)).toBe(true);
    } finally {
      await first.dispose();
      await second.dispose();
    }
  }, 60_000);

  test('a conversation longer than the context is refused with a reason, and the model still answers after', async () => {
    const provider = createOnDeviceProvider({ modelUrl: `${server}/m/small-${Date.now()}/tiny-model.gguf`, contextSize: 256 });
    try {
      await provider.download();
      const long = 'word '.repeat(200);
      const refused = await provider
        .createMessage({ messages: [{ role: 'user', content: { type: 'text', text: long } }], maxTokens: 30 })
        .catch((e: unknown) => e);
      expect(isProviderError(refused, 'bad-request'), String(refused)).toBe(true);
      expect((refused as Error).message).toMatch(/does not fit the model's context of 256 tokens/);
      const next = await provider.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 30 });
      expect(next.content[0]?.type).toBe('text');
    } finally {
      await provider.dispose();
    }
  }, 60_000);

  test('a file that is not a model fails to load with a reason, and stays failed', async () => {
    const provider = createOnDeviceProvider({ modelUrl: `${server}/m/broken-${Date.now()}/broken.gguf` });
    try {
      await provider.download();
      expect(await provider.status()).toEqual({ state: 'cached', bytes: 4096 });
      const failed = await provider
        .createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 8 })
        .catch((e: unknown) => e);
      expect(isProviderError(failed, 'server')).toBe(true);
      expect((failed as { code?: string }).code).toBe('engine');
      expect((failed as Error).message).toMatch(/^The model broken\.gguf could not be loaded: /);
      expect(await provider.status()).toMatchObject({ state: 'failed', reason: expect.stringMatching(/could not be loaded/) });
    } finally {
      await provider.dispose();
    }
  }, 60_000);

  test('a model URL that does not answer fails with a reason a person can read', async () => {
    const provider = createOnDeviceProvider({ modelUrl: `${server}/missing/other.gguf` });
    const status = await provider.status();
    expect(status).toEqual({ state: 'not-downloaded', bytes: undefined });
    const failed = await provider.download().catch((e: unknown) => e);
    expect(isProviderError(failed, 'not-found')).toBe(true);
    expect((failed as Error).message).toMatch(
      /^127\.0\.0\.1:\d+ does not have this model \(it answered "not found"\)\. The site owner needs to fix the model's address\.$/,
    );
    expect(await provider.status()).toMatchObject({ state: 'failed', reason: expect.stringContaining('does not have this model') });
  }, 60_000);

  test('a server that cannot be reached: what happened and what to do, never the browser\'s "Failed to fetch"', async () => {
    const closed = await closedPortUrl();
    const provider = createOnDeviceProvider({ modelUrl: `${closed}/a/very/long/path/${'segment/'.repeat(20)}model.gguf`, size: 1000 });
    const failed = await provider.download().catch((e: unknown) => e);
    const words = (failed as Error).message;
    expect(words).not.toMatch(/failed to fetch|TypeError|NetworkError/i);
    expect(words).toMatch(/^127\.0\.0\.1:\d+ could not be reached: .* Check the connection and try again/);
    // The long address is not repeated to the person (the site's name is enough).
    expect(words).not.toContain('segment/segment');
  }, 60_000);
});
