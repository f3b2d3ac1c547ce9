// Records real tool results as JSON fixtures for the history round-trip tests.
// Run: npx tsx scripts/record-fixtures.ts
// Starts @modelcontextprotocol/server-everything on 127.0.0.1 (and the demo
// server when it has a `rich-content` tool), calls each tool with the real
// SDK client and writes test/fixtures/blocks/<server>--<name>.json:
// { server, tool, arguments, result } with `result` exactly as callTool returned it.
// Never records `get-env`: it prints the server's environment.
import { mkdir, writeFile } from 'node:fs/promises';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startEverything } from '../test/servers/everything.js';
import type { RunningServer } from '../test/servers/running-server.js';

interface Call {
  name: string;
  tool: string;
  arguments: Record<string, unknown>;
}

const EVERYTHING_CALLS: Call[] = [
  { name: 'annotated-error', tool: 'get-annotated-message', arguments: { messageType: 'error', includeImage: false } },
  { name: 'annotated-success-image', tool: 'get-annotated-message', arguments: { messageType: 'success', includeImage: true } },
  { name: 'annotated-debug-image', tool: 'get-annotated-message', arguments: { messageType: 'debug', includeImage: true } },
  { name: 'resource-links', tool: 'get-resource-links', arguments: { count: 4 } },
  { name: 'resource-reference-text', tool: 'get-resource-reference', arguments: { resourceType: 'Text', resourceId: 1 } },
  { name: 'resource-reference-blob', tool: 'get-resource-reference', arguments: { resourceType: 'Blob', resourceId: 2 } },
  { name: 'structured-content', tool: 'get-structured-content', arguments: { location: 'Chicago' } },
  { name: 'tiny-image', tool: 'get-tiny-image', arguments: {} },
];

const OUT = new URL('../test/fixtures/blocks/', import.meta.url);

async function record(server: string, url: string, calls: Call[], options?: ConstructorParameters<typeof Client>[1]): Promise<void> {
  const client = new Client({ name: 'mcp-elements-fixture-recorder', version: '1.0.0' }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    for (const call of calls) {
      if (call.tool === 'get-env') throw new Error('get-env output must never be recorded');
      const result = await client.callTool({ name: call.tool, arguments: call.arguments });
      const file = new URL(`${server}--${call.name}.json`, OUT);
      await writeFile(file, JSON.stringify({ server, tool: call.tool, arguments: call.arguments, result }, null, 2) + '\n');
      console.log(`recorded ${server} ${call.tool} -> ${file.pathname}`);
    }
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const started: RunningServer[] = [];
  try {
    const everything = await startEverything();
    started.push(everything);
    await record('everything', everything.url, EVERYTHING_CALLS);
    await recordDemo(started);
  } finally {
    await Promise.allSettled(started.map((s) => s.close()));
  }
}

/** The demo server's `rich-content` tool, once demo/server provides it. */
async function recordDemo(started: RunningServer[]): Promise<void> {
  const mod: { startDemoServer?: (o: { port: number }) => Promise<RunningServer> } = await import('../demo/server/server.js').catch(
    () => ({}),
  );
  if (!mod.startDemoServer) return;
  const demo = await mod.startDemoServer({ port: 0 }).catch((e: unknown) => {
    console.warn(`demo server did not start (${String(e)}); skipping its fixtures`);
    return undefined;
  });
  if (!demo) return;
  started.push(demo);
  // Both eras are served; record what a 2026-era client receives (the library's default).
  const auto = { versionNegotiation: { mode: 'auto' as const } };
  const client = new Client({ name: 'probe', version: '1.0.0' }, auto);
  const names = await client
    .connect(new StreamableHTTPClientTransport(new URL(demo.url)))
    .then(() => client.listTools())
    .then(({ tools }) => tools.map((t) => t.name))
    .catch(() => [] as string[])
    .finally(() => client.close());
  if (!names.includes('rich-content')) {
    console.warn('demo server has no rich-content tool yet; skipping its fixtures');
    return;
  }
  await record(
    'demo',
    demo.url,
    [
      { name: 'rich-content', tool: 'rich-content', arguments: {} },
      { name: 'weather', tool: 'weather', arguments: { city: 'Lyon' } },
    ],
    auto,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
