import { randomUUID } from 'node:crypto';
import { createMcpHandler, ProtocolError, Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveMcpHandler } from './modern-server.js';
import type { RunningServer } from './running-server.js';

const TASKS = 'io.modelcontextprotocol/tasks';

interface StoredTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  steps: number;
  done: number;
  colour?: string;
  waiting?: string;
  structured?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  timer?: ReturnType<typeof setTimeout>;
}

const STEP_MS = 250;
const POLL_MS = 150;

/**
 * A small 2026-07-28-only server built with the official SDK v2 (`Server`,
 * `createMcpHandler`) that serves the tasks extension
 * (`io.modelcontextprotocol/tasks`, SEP-2663), which no published server
 * serves yet. Its tasks live in this process, not in a session, so a client
 * that reloads can go on polling. Tools:
 * - `report` (`steps`, `ask`, `fail`): always a task when the client declares the
 *   extension (else -32021); `working` with "Step i of n" per step; with `ask`,
 *   `input_required` at step 1 with a form elicitation (`colour`) answered by
 *   `tasks/update`; with `fail`, ends `failed` with a JSON-RPC error.
 * - `quick`: an ordinary result.
 * - `measure` (`bad`): a task whose result has `structuredContent` for its
 *   `outputSchema` (`steps` a string with `bad`).
 * `tasks/get`, `tasks/update`, `tasks/cancel`; an unknown task id is -32602.
 * `GET /control/forget` drops every task (a server that restarted); `GET
 * /control/cancelled` lists the ids `tasks/cancel` was sent for.
 */
export async function startTasksServer(): Promise<RunningServer> {
  const tasks = new Map<string, StoredTask>();
  const cancelledIds: string[] = [];

  const view = (t: StoredTask) => ({
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs: 600_000,
    pollIntervalMs: POLL_MS,
  });
  const detailed = (t: StoredTask) => ({
    ...view(t),
    ...(t.status === 'completed' ? { result: t.result } : {}),
    ...(t.status === 'failed' ? { error: t.error } : {}),
    ...(t.status === 'input_required' && t.waiting
      ? {
          inputRequests: {
            [t.waiting]: {
              method: 'elicitation/create',
              params: {
                mode: 'form',
                message: 'Which colour should the report use?',
                requestedSchema: { type: 'object', properties: { colour: { type: 'string', title: 'Colour' } }, required: ['colour'] },
              },
            },
          },
        }
      : {}),
  });
  const set = (t: StoredTask, patch: Partial<StoredTask>) => Object.assign(t, patch, { lastUpdatedAt: new Date().toISOString() });
  const step = (t: StoredTask, fail: boolean) => {
    t.timer = setTimeout(() => {
      if (t.status !== 'working') return;
      t.done++;
      if (t.done === 1 && t.waiting && !t.colour) {
        set(t, { status: 'input_required', statusMessage: 'Waiting for your answer' });
        return;
      }
      if (t.done >= t.steps) {
        if (fail)
          set(t, { status: 'failed', statusMessage: 'The report broke', error: { code: -32603, message: 'The report generator crashed' } });
        else if (t.structured !== undefined)
          set(t, {
            status: 'completed',
            statusMessage: 'Done',
            result: { content: [{ type: 'text', text: JSON.stringify(t.structured) }], structuredContent: t.structured },
          });
        else
          set(t, {
            status: 'completed',
            statusMessage: 'Done',
            result: {
              content: [{ type: 'text', text: `Report of ${t.steps} steps ready${t.colour ? ` in ${t.colour}` : ''}.` }],
              isError: false,
            },
          });
        return;
      }
      set(t, { statusMessage: `Step ${t.done + 1} of ${t.steps}` });
      step(t, fail);
    }, STEP_MS);
  };
  const known = (taskId: string) => {
    const t = tasks.get(taskId);
    if (!t) throw new ProtocolError(-32602, `Unknown task ${taskId}`);
    return t;
  };

  const handler = createMcpHandler(
    () => {
      const server = new Server(
        { name: 'tasks-test-server', version: '1.0.0' },
        { capabilities: { tools: {}, extensions: { [TASKS]: {} } } as never },
      );
      server.setRequestHandler(
        'tools/list',
        async () =>
          ({
            tools: [
              {
                name: 'report',
                description: 'Writes a report as a task.',
                inputSchema: {
                  type: 'object',
                  properties: { steps: { type: 'integer' }, ask: { type: 'boolean' }, fail: { type: 'boolean' } },
                },
              },
              { name: 'quick', description: 'Answers at once.', inputSchema: { type: 'object' } },
              {
                name: 'measure',
                description: 'A task whose result has structured content (wrong with bad: true).',
                inputSchema: { type: 'object', properties: { bad: { type: 'boolean' } } },
                outputSchema: { type: 'object', properties: { steps: { type: 'integer' } }, required: ['steps'] },
              },
            ],
          }) as never,
      );
      server.setRequestHandler('tools/call', async (request) => {
        const { name, arguments: args = {} } = request.params;
        if (name === 'quick') return { content: [{ type: 'text', text: 'quick answer' }] };
        // The SDK backfills the per-request client capabilities (`_meta` envelope) here.
        const declared = (server.getClientCapabilities() as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[TASKS];
        if (!declared)
          throw new ProtocolError(-32021, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS]: {} } } });
        const now = new Date().toISOString();
        const steps = name === 'measure' ? 2 : typeof args.steps === 'number' ? Math.max(1, Math.min(200, args.steps)) : 4;
        const t: StoredTask = {
          taskId: randomUUID(),
          status: 'working',
          statusMessage: `Step 1 of ${steps}`,
          createdAt: now,
          lastUpdatedAt: now,
          steps,
          done: 0,
          waiting: args.ask ? `colour-${randomUUID()}` : undefined,
          structured: name === 'measure' ? { steps: args.bad ? 'many' : 2 } : undefined,
        };
        tasks.set(t.taskId, t);
        step(t, args.fail === true);
        return { resultType: 'task', ...view(t) } as never;
      });
      server.setRequestHandler('tasks/get', { params: z.object({ taskId: z.string() }).loose() }, async ({ taskId }) =>
        detailed(known(taskId)),
      );
      server.setRequestHandler('tasks/update', { params: z.object({ taskId: z.string() }).loose() }, async ({ taskId }, ctx) => {
        const t = known(taskId);
        // The SDK lifts `inputResponses` (the MRTR field name SEP-2663 reuses) into the context.
        const inputResponses = ((ctx.mcpReq as { inputResponses?: Record<string, unknown> }).inputResponses ?? {}) as Record<
          string,
          unknown
        >;
        const answer = t.waiting
          ? (inputResponses[t.waiting] as { action?: string; content?: { colour?: unknown } } | undefined)
          : undefined;
        if (t.status === 'input_required' && answer) {
          set(t, {
            status: 'working',
            colour: answer.action === 'accept' ? String(answer.content?.colour ?? 'grey') : 'grey',
            statusMessage: `Step 2 of ${t.steps}`,
          });
          step(t, false);
        }
        return {};
      });
      server.setRequestHandler('tasks/cancel', { params: z.object({ taskId: z.string() }).loose() }, async ({ taskId }) => {
        const t = known(taskId);
        cancelledIds.push(taskId);
        clearTimeout(t.timer);
        if (t.status === 'working' || t.status === 'input_required')
          set(t, { status: 'cancelled', statusMessage: 'Cancelled by the client' });
        return {};
      });
      return server;
    },
    { legacy: 'reject' },
  );
  const cors: Record<string, string> = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name',
    'access-control-expose-headers': 'mcp-protocol-version, www-authenticate',
  };
  return serveMcpHandler(handler, {
    cors,
    // Test controls, for browser tests: forget every task (a restarted server); the ids cancelled so far.
    route: (req, res) => {
      if (req.url === '/control/forget') {
        for (const t of tasks.values()) clearTimeout(t.timer);
        tasks.clear();
        res.writeHead(204, cors).end();
        return true;
      }
      if (req.url === '/control/cancelled') {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(cancelledIds));
        return true;
      }
      return false;
    },
    onClose: () => {
      for (const t of tasks.values()) clearTimeout(t.timer);
    },
  });
}
