// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { ProtocolError, type CallToolResult, type Progress } from '@modelcontextprotocol/client';
import { McpConnectionError, McpErrorKind } from './errors.js';
import { hostOf } from './server-key.js';
import type { InputKind } from './input-types.js';
import type { InputParams } from './input-router.js';
import { acceptTaskResults, isObject, isTaskResult, type TaskHost, type TaskInfo, type TaskStatus } from './tasks.js';

/**
 * Running a tool call as an MCP task (see tasks.ts for the two forms): start
 * it, poll it, answer its input requests, cancel it, check its final result.
 * A chunk of its own in the single-file bundle: McpConnection loads it when a
 * call runs as a task (a server that answers with a task handle), not to connect.
 */

/** How long the task is asked to live on a 2025 server (ms). */
const LEGACY_TTL_MS = 60 * 60_000;
/** Polling bounds: the server's interval is honoured within these (ms). */
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 30_000;
const DEFAULT_POLL_MS = 1000;
/** Network failures of `tasks/get` in a row before the call fails (the task may still be alive: the id is kept). */
const MAX_POLL_FAILURES = 5;
const STATUSES: readonly string[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/** A schema that accepts any result; the driver checks shapes itself. */
const ANY = {
  '~standard': { version: 1, vendor: 'mcp-elements', validate: (value: unknown) => ({ value }) },
} as const;

/**
 * Sends `tools/call` asking for (2025) or allowing (2026) a task. Resolves with
 * the created task, or with the plain result when the server answered at once.
 */
export async function startTask(
  host: TaskHost,
  params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> },
): Promise<{ task: TaskInfo } | { result: CallToolResult }> {
  const options = requestOptions(host, true);
  if (host.form === 'legacy') {
    const raw = await host.client.request({ method: 'tools/call', params: { ...params, task: { ttl: LEGACY_TTL_MS } } }, ANY, options);
    if (isObject(raw) && isObject(raw.task)) return { task: parseTask(raw.task, host) };
    return { result: callResult(raw, host) };
  }
  acceptTaskResults(host.client);
  const raw = await host.client.request({ method: 'tools/call', params }, ANY, options);
  if (isTaskResult(raw)) return { task: parseTask(raw, host) };
  return { result: callResult(raw, host) };
}

/**
 * Follows a task to its end: polls `tasks/get` at the server's interval,
 * reports each status, answers its input requests, and resolves with the
 * final `CallToolResult`. When `host.signal` aborts, sends `tasks/cancel`
 * and rejects. A task the server no longer knows (`tasks/get` errors) rejects
 * with a {@link McpConnectionError} saying so.
 */
export async function followTask(host: TaskHost, first: TaskInfo): Promise<CallToolResult> {
  let task = first;
  let resultCall: Promise<unknown> | undefined;
  let failures = 0;
  const answered = new Set<string>();
  // Stopped (the person, or no progress for too long): cancel it on the server. Closed or cut
  // off (the page goes away, the network drops): leave it running, its id can be resumed.
  const cancel = () => {
    const reason: unknown = host.signal.reason;
    const kind = reason instanceof McpConnectionError ? reason.kind : McpErrorKind.Aborted;
    if (kind === McpErrorKind.Aborted || kind === McpErrorKind.Timeout) void sendCancel(host, task.taskId);
  };
  host.signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      host.ontask?.(task);
      if (task.statusMessage) host.onprogress?.({ progress: 0, message: task.statusMessage } as Progress);
      if (task.status === 'completed') return await finalResult(host, task);
      if (task.status === 'failed') return await failedResult(host, task);
      if (task.status === 'cancelled') {
        throw new McpConnectionError(
          McpErrorKind.Aborted,
          `The server cancelled the task of ${host.name}${task.statusMessage ? `: ${task.statusMessage}` : '.'}`,
          { url: host.url },
        );
      }
      if (task.status === 'input_required') {
        if (host.form === 'legacy') {
          // 2025: the server sends its requests on the stream of `tasks/result`, which ends with the result.
          resultCall ??= resultPayload(host, task.taskId).then(
            (raw) => ({ raw }),
            (error: unknown) => ({ error }),
          );
        } else {
          await answerInputs(host, task, answered);
        }
      }
      const pause = sleep(pollDelay(task), host.signal).then(() => undefined);
      const waited = await (resultCall ? Promise.race([pause, resultCall]) : pause);
      if (host.signal.aborted) throw abortReason(host);
      if (waited) {
        const settled = waited as { raw?: unknown; error?: unknown };
        if ('error' in settled) throw settled.error;
        return callResult(settled.raw, host);
      }
      try {
        const raw = await host.client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, ANY, requestOptions(host, false));
        task = parseTask(raw, host, task);
        failures = 0;
        host.heard();
      } catch (error) {
        if (host.signal.aborted) throw abortReason(host);
        if (error instanceof ProtocolError) throw lostTask(host, task.taskId, error);
        if (++failures >= MAX_POLL_FAILURES) throw error;
      }
    }
  } finally {
    host.signal.removeEventListener('abort', cancel);
  }
}

/** The error of a task the server does not know (any more). */
function lostTask(host: TaskHost, taskId: string, error: ProtocolError): McpConnectionError {
  return new McpConnectionError(
    McpErrorKind.Protocol,
    `The server at ${hostOf(host.url)} no longer knows the task of ${host.name} (${taskId}): ${error.message}. Its result cannot be fetched; run the tool again.`,
    { url: host.url, code: error.code, cause: error },
  );
}

async function finalResult(host: TaskHost, task: TaskInfo & { result?: unknown }): Promise<CallToolResult> {
  if (host.form === 'modern') return callResult(task.result, host);
  return callResult(await resultPayload(host, task.taskId), host);
}

async function failedResult(host: TaskHost, task: TaskInfo & { error?: unknown }): Promise<CallToolResult> {
  const why = task.statusMessage ? `: ${task.statusMessage}` : '.';
  if (host.form === 'modern') {
    const error = isObject(task.error) ? task.error : {};
    const message = typeof error.message === 'string' ? error.message : `The task of ${host.name} failed${why}`;
    throw new McpConnectionError(McpErrorKind.Protocol, `The server at ${hostOf(host.url)} returned an error: ${message}`, {
      url: host.url,
      code: typeof error.code === 'number' ? error.code : undefined,
    });
  }
  // 2025: `tasks/result` of a failed task gives its error (or a result with isError).
  try {
    return callResult(await resultPayload(host, task.taskId), host);
  } catch (error) {
    if (error instanceof McpConnectionError && error.kind === McpErrorKind.Aborted) throw error;
    throw new McpConnectionError(McpErrorKind.Protocol, `The task of ${host.name} failed${why}`, { url: host.url, cause: error });
  }
}

function resultPayload(host: TaskHost, taskId: string): Promise<unknown> {
  return host.client.request({ method: 'tasks/result', params: { taskId } }, ANY, requestOptions(host, true));
}

/** 2026: routes each new input request of the task and sends the answers with `tasks/update`. */
async function answerInputs(host: TaskHost, task: TaskInfo & { inputRequests?: unknown }, answered: Set<string>): Promise<void> {
  const requests = isObject(task.inputRequests) ? task.inputRequests : {};
  const responses: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(requests)) {
    if (answered.has(key) || !isObject(request)) continue;
    answered.add(key);
    const kind: InputKind | undefined =
      request.method === 'elicitation/create'
        ? 'elicitation'
        : request.method === 'sampling/createMessage'
          ? 'sampling'
          : request.method === 'roots/list'
            ? 'roots'
            : undefined;
    if (!kind) continue;
    const params = (isObject(request.params) ? request.params : {}) as InputParams[typeof kind];
    const answer = await host.input(kind, kind === 'roots' ? (undefined as InputParams['roots']) : params);
    responses[key] = kind === 'roots' ? { roots: answer } : answer;
  }
  if (Object.keys(responses).length === 0) return;
  await host.client.request(
    { method: 'tasks/update', params: { taskId: task.taskId, inputResponses: responses } },
    ANY,
    requestOptions(host, false),
  );
  host.heard();
}

function sendCancel(host: TaskHost, taskId: string): Promise<void> {
  // Not tied to the call's signal (it is aborted): a short limit of its own.
  return host.client
    .request({ method: 'tasks/cancel', params: { taskId } }, ANY, { timeout: 10_000, headers: host.headers })
    .then(() => undefined)
    .catch(() => undefined);
}

function requestOptions(host: TaskHost, progress: boolean) {
  return {
    signal: host.signal,
    // The call's own timer decides (it pauses while a person answers).
    timeout: 2_147_483_647,
    headers: host.headers,
    ...(progress
      ? {
          onprogress: (p: Progress) => {
            host.heard();
            host.onprogress?.(p);
          },
        }
      : {}),
  };
}

/** Reads a task the server sent (`CreateTaskResult`, `tasks/get`); an invalid one is a protocol error. */
export function parseTask(raw: unknown, host: Pick<TaskHost, 'url' | 'name'>, previous?: TaskInfo): TaskInfo & Record<string, unknown> {
  if (!isObject(raw) || typeof raw.taskId !== 'string' || !raw.taskId || !STATUSES.includes(raw.status as string)) {
    throw new McpConnectionError(McpErrorKind.Protocol, `The server at ${hostOf(host.url)} sent an invalid task for ${host.name}.`, {
      url: host.url,
    });
  }
  if (previous && raw.taskId !== previous.taskId) {
    throw new McpConnectionError(
      McpErrorKind.Protocol,
      `The server at ${hostOf(host.url)} answered about another task (${raw.taskId}) than ${previous.taskId}.`,
      { url: host.url },
    );
  }
  const interval =
    typeof raw.pollIntervalMs === 'number' ? raw.pollIntervalMs : typeof raw.pollInterval === 'number' ? raw.pollInterval : undefined;
  return {
    ...raw,
    taskId: raw.taskId,
    status: raw.status as TaskStatus,
    statusMessage: typeof raw.statusMessage === 'string' ? raw.statusMessage.slice(0, 500) : undefined,
    pollInterval: interval,
  };
}

function callResult(raw: unknown, host: Pick<TaskHost, 'url' | 'name'>): CallToolResult {
  if (!isObject(raw) || !Array.isArray(raw.content)) {
    throw new McpConnectionError(
      McpErrorKind.Protocol,
      `The server at ${hostOf(host.url)} sent an invalid result for ${host.name}: it has no content list.`,
      { url: host.url },
    );
  }
  const { resultType: _resultType, ...rest } = raw;
  return rest as CallToolResult;
}

function pollDelay(task: TaskInfo): number {
  const interval = task.pollInterval;
  return typeof interval === 'number' && Number.isFinite(interval)
    ? Math.min(Math.max(interval, MIN_POLL_MS), MAX_POLL_MS)
    : DEFAULT_POLL_MS;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

function abortReason(host: TaskHost): unknown {
  const reason: unknown = host.signal.reason;
  return reason instanceof Error
    ? reason
    : new McpConnectionError(McpErrorKind.Aborted, `The call of ${host.name} was stopped.`, { url: host.url });
}
