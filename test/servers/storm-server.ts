import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { serveMcpHandler } from './modern-server.js';
import type { RunningServer } from './running-server.js';

/**
 * A 2026-07-28 official-SDK server whose `storm` tool floods its caller with
 * notifications during one call (issue 26 §7): `perSecond` progress or log
 * notifications (`kind`) for `seconds`, sent in batches every 10 ms, then its
 * answer. The answer carries `answeredAt` (the server's `Date.now()` when it
 * answered), so a test can tell how long the client took to deliver it.
 */
export async function startStormServer(): Promise<RunningServer> {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'storm-server', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });
      server.registerTool(
        'storm',
        {
          title: 'Storm',
          description: 'Sends a flood of progress or log notifications, then answers.',
          annotations: { readOnlyHint: true },
          inputSchema: z.object({
            kind: z.enum(['progress', 'log']),
            seconds: z.number().min(0).max(30),
            perSecond: z.number().int().min(1).max(50_000),
          }),
        },
        async ({ kind, seconds, perSecond }, ctx) => {
          const token = ctx.mcpReq._meta?.progressToken;
          const started = Date.now();
          const batch = Math.max(1, Math.round(perSecond / 100));
          let sent = 0;
          while (Date.now() - started < seconds * 1000 && !ctx.mcpReq.signal.aborted) {
            const sends: Array<Promise<void>> = [];
            for (let i = 0; i < batch; i++) {
              sent++;
              if (kind === 'log') sends.push(ctx.mcpReq.log('info', { message: `storm line ${sent}`, n: sent }, 'storm'));
              else if (token !== undefined)
                sends.push(
                  ctx.mcpReq.notify({
                    method: 'notifications/progress',
                    params: { progressToken: token, progress: sent, message: `Step ${sent}` },
                  }),
                );
            }
            await Promise.all(sends);
            await new Promise((r) => setTimeout(r, 10));
          }
          return { content: [{ type: 'text', text: `sent ${sent}` }], structuredContent: { sent, answeredAt: Date.now() } };
        },
      );
      return server;
    },
    { legacy: 'reject' },
  );
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name',
    'access-control-expose-headers': 'mcp-protocol-version, www-authenticate',
  };
  return serveMcpHandler(handler, { cors });
}
