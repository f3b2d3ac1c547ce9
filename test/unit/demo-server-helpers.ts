import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { afterAll, beforeAll } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server/server.js';

/** The two ways the tests connect: the 2025 handshake, or auto negotiation (which lands on 2026-07-28). */
export const ERAS = [
  { mode: 'legacy', era: 'legacy' },
  { mode: 'auto', era: 'modern' },
] as const;

/** One of {@link ERAS}. */
export type EraCase = (typeof ERAS)[number];

/**
 * A real v2 SDK client over Streamable HTTP, declaring every capability the
 * demo server can use. Register handlers with `client.setRequestHandler`
 * before calling tools.
 */
export async function connectClient(url: string, mode: EraCase['mode'], options: Partial<ClientOptions> = {}): Promise<Client> {
  const client = new Client(
    { name: 'demo-server-test', version: '1.0.0' },
    {
      versionNegotiation: { mode },
      capabilities: { sampling: { tools: {} }, elicitation: { form: {}, url: {} }, roots: { listChanged: true } },
      ...options,
    },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The demo server of one test file, from {@link useDemoServer}. */
export interface DemoServerFixture {
  /** The MCP endpoint; read it inside tests and hooks (the server starts in `beforeAll`). */
  readonly url: string;
  /** {@link connectClient} to this server; the client is closed with the server. */
  connect(mode: EraCase['mode'], options?: Partial<ClientOptions>): Promise<Client>;
}

/**
 * Starts a demo server on a free port before the file's tests and, after them,
 * closes every client made with `connect` and then the server.
 */
export function useDemoServer(): DemoServerFixture {
  let server: DemoServer | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    server = await startDemoServer({ port: 0 });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await server?.close();
  });
  const fixture: DemoServerFixture = {
    get url() {
      if (!server) throw new Error('the demo server starts in beforeAll: read its url inside a test or hook');
      return server.url;
    },
    async connect(mode, options) {
      const client = await connectClient(fixture.url, mode, options);
      clients.push(client);
      return client;
    },
  };
  return fixture;
}

/** The text of every text block of a result, in order. */
export function texts(result: { content?: unknown }): string[] {
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return content.filter((b) => b.type === 'text').map((b) => b.text ?? '');
}

/** Resolves when `check` returns true (polled), or rejects after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
