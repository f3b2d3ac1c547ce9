import { Client, StreamableHTTPClientTransport, type CallToolResult, type ElicitRequestParams, type ElicitResult } from '@modelcontextprotocol/client';
import type { InputRequestContext, SamplingHandler } from '../../src/mcp/input-types.js';

/**
 * Test wiring for the sampling approval: a real SDK client over HTTP to a
 * real server, whose sampling handler is the one under test. (Used until the
 * connection layer's router is wired in; the handler signature is the same.)
 */
export interface TestConnection {
  client: Client;
  era: 'legacy' | 'modern';
  /** Calls a tool; the context handed to the sampling handler names this call. */
  call(name: string, args: Record<string, unknown>, toolUseId?: string): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connect(
  url: string,
  era: 'legacy' | 'modern',
  sampling: SamplingHandler,
  elicitation?: (params: ElicitRequestParams) => Promise<ElicitResult>,
): Promise<TestConnection> {
  const client = new Client(
    { name: 'sampling-approval-test', version: '1.0.0' },
    {
      capabilities: { sampling: { tools: {} }, elicitation: { form: {} } },
      versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } },
    },
  );
  let toolCall: InputRequestContext['toolCall'];
  client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
    const info = client.getServerVersion();
    const context: InputRequestContext = {
      server: { id: url, name: info?.name ?? 'server', title: info?.title, version: info?.version, url },
      era,
      toolCall,
      signal: ctx.mcpReq.signal,
    };
    return (await sampling(request.params, context)) as never;
  });
  if (elicitation) client.setRequestHandler('elicitation/create', async (request) => elicitation(request.params));
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    era,
    async call(name, args, toolUseId = `toolu_${name}_${Math.random().toString(36).slice(2, 8)}`) {
      toolCall = { name, toolUseId, arguments: args };
      return (await client.callTool({ name, arguments: args }, { timeout: 120_000 })) as CallToolResult;
    },
    close: () => client.close(),
  };
}

/** Resolves when `check` returns a truthy value (polled every 20 ms), or fails after `timeoutMs`. */
export async function until<T>(check: () => T | undefined | null | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
