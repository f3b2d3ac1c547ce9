// The McpConnection-vs-bare-Client measurement, shared by Node (bench/connection.mjs
// imports it through tsx) and Chromium (served by Vite, exposed as window.connectionBench).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpConnection } from '../../src/mcp/connection.js';
import { sdkClientOptions } from '../../src/mcp/connection-config.js';

export type Era = 'legacy' | 'modern';

export interface ConnectionFigures {
  era: { ours: string | undefined; bare: string | undefined };
  /** ms for `calls` sequential echo calls, one figure per run. */
  ours: number[];
  bare: number[];
  /** ms of each call of all runs, in order (the two sides' i-th calls ran next to each other). */
  oursCalls: number[];
  bareCalls: number[];
}

/**
 * `calls` sequential `echo` calls through each of a `McpConnection` and a bare
 * SDK `Client` on `url`: a warm-up of 50 calls each, then `runs` runs, the
 * two interleaved call by call; each figure is one run's total time of one side.
 */
export async function connectionBench(url: string, era: Era, calls = 500, runs = 3): Promise<ConnectionFigures> {
  const ours = new McpConnection({ url, era });
  await ours.connect();
  // The same era, client info and capabilities on both sides (2026 requests carry the capabilities in
  // every request's _meta): the protocol traffic is the same, what differs is this layer's own work.
  const { info, options } = sdkClientOptions({ url, era });
  // The bare client keeps the SDK's default validator (ours loads it at the first call of a tool with an output schema).
  const bare = new Client(info, { ...options, jsonSchemaValidator: undefined });
  await bare.connect(new StreamableHTTPClientTransport(new URL(url)));
  const viaOurs = (i: number) => ours.callTool('echo', { message: `hello ${i}` });
  const viaBare = (i: number) => bare.callTool({ name: 'echo', arguments: { message: `hello ${i}` } });
  const timed = async (call: (i: number) => Promise<unknown>, i: number) => {
    const t0 = performance.now();
    await call(i);
    return performance.now() - t0;
  };
  for (let i = 0; i < 50; i++) {
    await viaOurs(i);
    await viaBare(i);
  }
  const figures: ConnectionFigures = {
    era: { ours: ours.getProtocolEra(), bare: bare.getProtocolEra?.() },
    ours: [],
    bare: [],
    oursCalls: [],
    bareCalls: [],
  };
  // Interleaved call by call (the order swapping each time), so a busy moment of the machine weighs on both alike.
  for (let r = 0; r < runs; r++) {
    let a = 0;
    let b = 0;
    for (let i = 0; i < calls; i++) {
      let x: number;
      let y: number;
      if ((i + r) % 2 === 0) {
        x = await timed(viaOurs, i);
        y = await timed(viaBare, i);
      } else {
        y = await timed(viaBare, i);
        x = await timed(viaOurs, i);
      }
      a += x;
      b += y;
      figures.oursCalls.push(x);
      figures.bareCalls.push(y);
    }
    figures.ours.push(a);
    figures.bare.push(b);
  }
  await ours.close();
  await bare.close();
  return figures;
}

declare global {
  interface Window {
    connectionBench?: typeof connectionBench;
  }
}
if (typeof window !== 'undefined') window.connectionBench = connectionBench;

/** Both sides connected for the cost figures: `block(side, n)` makes `n` sequential echo calls on one side. */
export interface CostSides {
  era: { ours: string | undefined; bare: string | undefined };
  block(side: 'ours' | 'bare', n: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A `McpConnection` and a bare SDK `Client` on `url` (same era, client info
 * and capabilities), each warmed by 50 calls, for the CPU and heap per call
 * figures: the caller measures around each `block` (process CPU time and a
 * sampling heap profile in Node; the renderer's task time and a sampling heap
 * profile in Chromium), one side at a time.
 */
export async function costSides(url: string, era: Era): Promise<CostSides> {
  const ours = new McpConnection({ url, era });
  await ours.connect();
  const { info, options } = sdkClientOptions({ url, era });
  const bare = new Client(info, { ...options, jsonSchemaValidator: undefined });
  await bare.connect(new StreamableHTTPClientTransport(new URL(url)));
  const call = {
    ours: (i: number) => ours.callTool('echo', { message: `hello ${i}` }),
    bare: (i: number) => bare.callTool({ name: 'echo', arguments: { message: `hello ${i}` } }),
  };
  for (let i = 0; i < 50; i++) {
    await call.ours(i);
    await call.bare(i);
  }
  return {
    era: { ours: ours.getProtocolEra(), bare: bare.getProtocolEra?.() },
    async block(side, n) {
      for (let i = 0; i < n; i++) await call[side](i);
    },
    async close() {
      await ours.close();
      await bare.close();
    },
  };
}

declare global {
  interface Window {
    costSides?: typeof costSides;
    __cost?: CostSides;
  }
}
if (typeof window !== 'undefined') window.costSides = costSides;
