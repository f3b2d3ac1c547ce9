import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection, McpHub, type TaskInfo } from '../../src/mcp/index.js';

// MCP tasks in both forms, from a browser page, against real servers:
// server-everything's simulate-research-query (2025-11-25 form) and the
// official-SDK 2026 server of test/servers/tasks-server.ts (the tasks extension).
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

function connection(url: string): McpConnection {
  const c = new McpConnection({ url, era: 'auto' });
  open.push(c);
  return c;
}

const text = (r: { content: unknown[] }) => JSON.stringify(r.content);

describe('2025-11-25 tasks (server-everything simulate-research-query)', () => {
  test('the task tool is offered, runs as a task, reports its stages and resolves to the research report', async () => {
    const hub = new McpHub();
    const c = hub.add({ url: inject('everythingUrl'), name: 'everything' });
    open.push(c);
    await hub.connectAll();
    expect(hub.tools.map((t) => t.tool.name)).toContain('simulate-research-query');
    expect(c.unrunnableTools).toEqual([]);

    const tasks: TaskInfo[] = [];
    const messages: string[] = [];
    const result = await c.callTool(
      'simulate-research-query',
      { topic: 'tide pools' },
      {
        ontask: (t) => tasks.push({ ...t }),
        onprogress: (p) => p.message && messages.push(p.message),
      },
    );
    expect(result.isError).not.toBe(true);
    expect(text(result)).toContain('Research Report: tide pools');
    expect(tasks.length).toBeGreaterThan(1);
    expect(new Set(tasks.map((t) => t.taskId)).size).toBe(1);
    expect(messages.some((m) => /Analyzing content|Synthesizing findings|Generating report/.test(m))).toBe(true);
  }, 20_000);

  test('an ambiguous query asks for clarification through the router (input_required → tasks/result stream) and uses the answer', async () => {
    const c = connection(inject('everythingUrl'));
    const asked: string[] = [];
    c.router.handle('elicitation', async (params, context) => {
      asked.push(`${context.toolCall?.name}: ${params.message}`);
      return { action: 'accept', content: { interpretation: 'snake' } };
    });
    await c.connect();
    const statuses: string[] = [];
    const result = await c.callTool(
      'simulate-research-query',
      { topic: 'python', ambiguous: true },
      { ontask: (t) => statuses.push(t.status) },
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^simulate-research-query: The research query "python" could have multiple interpretations/);
    expect(statuses).toContain('input_required');
    expect(text(result)).toContain('Research Report: python (snake)');
  }, 20_000);

  test('stopping the call sends tasks/cancel: the task ends cancelled on the server and the call rejects as stopped', async () => {
    const c = connection(inject('everythingUrl'));
    await c.connect();
    const stop = new AbortController();
    let taskId = '';
    const call = c.callTool(
      'simulate-research-query',
      { topic: 'cancel me' },
      {
        signal: stop.signal,
        ontask: (t) => {
          taskId = t.taskId;
          if (t.status === 'working') stop.abort();
        },
      },
    );
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    // The server's own record of the task says cancelled (tasks/get through a fresh call of the same session).
    await expect
      .poll(async () => (await c.resumeTask(taskId, 'simulate-research-query').catch((e: Error) => e.message)) as string, { timeout: 5000 })
      .toMatch(/cancelled/i);
  }, 20_000);

  test('a task id the server does not know (a new session after a reload) ends as a clear failure, not a hang', async () => {
    const c = connection(inject('everythingUrl'));
    await c.connect();
    const error = await c.resumeTask('no-such-task-00000000', 'simulate-research-query').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'protocol' });
    expect((error as Error).message).toMatch(
      /no longer knows the task of simulate-research-query \(no-such-task-00000000\).*run the tool again/,
    );
  });
});

describe('2026-07-28 tasks extension (official-SDK server)', () => {
  test('the client declares the extension, the server answers with a task, polling reports each step and ends with the result', async () => {
    const c = connection(inject('tasksUrl'));
    await c.connect();
    expect(c.getProtocolEra()).toBe('modern');
    const messages: string[] = [];
    const tasks: TaskInfo[] = [];
    const result = await c.callTool(
      'report',
      { steps: 3 },
      { ontask: (t) => tasks.push(t), onprogress: (p) => p.message && messages.push(p.message) },
    );
    expect(text(result)).toContain('Report of 3 steps ready.');
    expect(result).not.toHaveProperty('resultType');
    expect(messages).toContain('Step 2 of 3');
    expect(tasks.at(-1)?.status).toBe('completed');
    // An ordinary tool on the same server still answers directly.
    expect(text(await c.callTool('quick'))).toContain('quick answer');
  });

  test('polling honours the pollIntervalMs of the server (150 ms here): neither one slow poll nor a hot loop', async () => {
    const methods: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : undefined;
      if (body?.method) methods.push(body.method);
      return fetch(input, init);
    };
    const c = new McpConnection({ url: inject('tasksUrl'), fetch: counting });
    open.push(c);
    await c.connect();
    const started = performance.now();
    await c.callTool('report', { steps: 4 });
    const elapsed = performance.now() - started;
    const polls = methods.filter((m) => m === 'tasks/get').length;
    // About elapsed / 150 polls; far fewer means a fixed slow interval, far more a hot loop.
    expect(polls).toBeGreaterThanOrEqual(Math.floor(elapsed / 150 / 2));
    expect(polls).toBeLessThanOrEqual(Math.ceil(elapsed / 150) + 2);
  });

  test('input_required: the elicitation in inputRequests goes through the router and the answer is sent with tasks/update', async () => {
    const c = connection(inject('tasksUrl'));
    const asked: string[] = [];
    c.router.handle('elicitation', async (params, context) => {
      asked.push(`${context.toolCall?.name}: ${params.message}`);
      return { action: 'accept', content: { colour: 'teal' } };
    });
    await c.connect();
    const result = await c.callTool('report', { steps: 3, ask: true });
    expect(asked).toEqual(['report: Which colour should the report use?']);
    expect(text(result)).toContain('Report of 3 steps ready in teal.');
  });

  test('the final result of a task is checked against the tool outputSchema, like a direct answer', async () => {
    const c = connection(inject('tasksUrl'));
    await c.connect();
    const good = await c.callTool('measure');
    expect(good.structuredContent).toEqual({ steps: 2 });
    await expect(c.callTool('measure', { bad: true })).rejects.toThrow(/Structured content does not match the tool's output schema/);
  });

  test('a task that fails ends as a failed call with the server error', async () => {
    const c = connection(inject('tasksUrl'));
    await c.connect();
    await expect(c.callTool('report', { steps: 2, fail: true })).rejects.toThrow(/The report generator crashed/);
  });

  test('Stop sends tasks/cancel with the task id', async () => {
    const c = connection(inject('tasksUrl'));
    await c.connect();
    const stop = new AbortController();
    let taskId = '';
    const call = c.callTool(
      'report',
      { steps: 40 },
      {
        signal: stop.signal,
        ontask: (t) => {
          taskId = t.taskId;
          stop.abort();
        },
      },
    );
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    const control = new URL('/control/cancelled', inject('tasksUrl'));
    await expect.poll(async () => (await (await fetch(control)).json()) as string[]).toContain(taskId);
  });

  test('a kept task id is resumed by a new connection (a reloaded page) and resolves to the result', async () => {
    const first = connection(inject('tasksUrl'));
    await first.connect();
    let taskId = '';
    const stop = new AbortController();
    // The page goes away while the task runs: the call ends here without tasks/cancel (close, not Stop).
    const call = first.callTool('report', { steps: 6 }, { signal: stop.signal, ontask: (t) => (taskId ||= t.taskId) });
    await expect.poll(() => taskId).not.toBe('');
    await first.close();
    await call.catch(() => {});
    const second = connection(inject('tasksUrl'));
    await second.connect();
    const result = await second.resumeTask(taskId, 'report');
    expect(text(result)).toContain('Report of 6 steps ready.');
  });

  test('a task the server forgot ends as a clear failure', async () => {
    const c = connection(inject('tasksUrl'));
    await c.connect();
    const error = await c.resumeTask('forgotten-task', 'report').catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/no longer knows the task of report \(forgotten-task\): .*Unknown task forgotten-task/);
  });
});
