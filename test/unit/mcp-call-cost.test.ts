import { afterEach, describe, expect, inject, test } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpConnection } from '../../src/mcp/index.js';
import { sdkClientOptions } from '../../src/mcp/connection-config.js';

// Issue 42: the MCP layer's work per tool call, counted against a bare SDK Client making the same calls
// on the demo server (a count, not a time: it holds on a busy machine). What this layer added per call
// and no longer does: an AbortSignal.any per call's POST, and a new abort error each time a call ends.
const url = inject('demoUrl');
const CALLS = 20;
const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/**
 * Counts, while `run` runs, the AbortControllers made, the AbortSignal.any calls, the distinct reasons signals were
 * aborted with, the Responses made by script (fetch's own are not: only a second one around an answer counts) and the
 * URLs parsed by script.
 */
async function counted(
  run: () => Promise<void>,
): Promise<{ controllers: number; any: number; aborted: number; reasons: number; responses: number; urls: number }> {
  const Native = globalThis.AbortController;
  const NativeURL = globalThis.URL;
  let urls = 0;
  const NativeResponse = globalThis.Response;
  const nativeAny = AbortSignal.any;
  const made: AbortController[] = [];
  let any = 0;
  let responses = 0;
  globalThis.AbortController = class extends Native {
    constructor() {
      super();
      made.push(this);
    }
  };
  globalThis.Response = class extends NativeResponse {
    constructor(...args: ConstructorParameters<typeof Response>) {
      super(...args);
      responses++;
    }
  };
  globalThis.URL = class extends NativeURL {
    constructor(...args: ConstructorParameters<typeof URL>) {
      super(...args);
      urls++;
    }
  };
  AbortSignal.any = (signals) => {
    any++;
    return nativeAny.call(AbortSignal, signals);
  };
  try {
    await run();
  } finally {
    globalThis.AbortController = Native;
    globalThis.Response = NativeResponse;
    globalThis.URL = NativeURL;
    AbortSignal.any = nativeAny;
  }
  const aborted = made.filter((c) => c.signal.aborted);
  return {
    controllers: made.length,
    any,
    aborted: aborted.length,
    reasons: new Set(aborted.map((c) => c.signal.reason)).size,
    responses,
    urls,
  };
}

describe.each(['legacy', 'modern'] as const)('the work per echo call, %s era', (era) => {
  test('is the bare SDK Client’s, plus one AbortController for the call (and, 2025, one for its POST), no new abort error, no second Response and no address parsed per call', async () => {
    const ours = new McpConnection({ url, era, name: 'demo' });
    open.push(ours);
    await ours.connect();
    const { info, options } = sdkClientOptions({ url, era });
    const bare = new Client(info, { ...options, jsonSchemaValidator: undefined });
    await bare.connect(new StreamableHTTPClientTransport(new URL(url)));
    open.push(bare);
    // Warm: the first call of each may load code or open what later calls reuse.
    await ours.callTool('echo', { message: 'warm' });
    await bare.callTool({ name: 'echo', arguments: { message: 'warm' } });

    const mine = await counted(async () => {
      for (let i = 0; i < CALLS; i++) expect((await ours.callTool('echo', { message: `hi ${i}` })).isError).toBeFalsy();
    });
    const theirs = await counted(async () => {
      for (let i = 0; i < CALLS; i++) await bare.callTool({ name: 'echo', arguments: { message: `hi ${i}` } });
    });
    // No AbortSignal.any of this layer's own (it was one per call's POST).
    expect(mine.any).toBe(theirs.any);
    // The call's controller (Stop, its timeout) and, in the 2025 era, its POST's (closed when the call ends: a
    // cancel does not close a 2025 POST). A 2026 POST is aborted by the SDK itself when the call is cancelled.
    expect(mine.controllers).toBe(theirs.controllers + (era === 'legacy' ? 2 : 1) * CALLS);
    // The watched answer stream is read from the fetch's own Response: none made around it.
    expect(mine.responses).toBe(theirs.responses);
    // No address parsed per request by the sign-in guard (sign-in-metadata.ts) outside a sign-in flow: the SDK's own only.
    expect(mine.urls).toBe(theirs.urls);
    // A POST closed at a call's end is aborted with one shared reason, not a new DOMException per call.
    expect(mine.reasons).toBeLessThanOrEqual(theirs.reasons + 1);
  });
});
