import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';

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
