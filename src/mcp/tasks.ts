// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { ProtocolError, type CallToolResult, type Client, type Progress, type ServerCapabilities, type Tool } from '@modelcontextprotocol/client';
import { McpConnectionError, McpErrorKind } from './errors.js';
import type { InputKind } from './input-types.js';
import { hostOf } from './server-key.js';
import type { InputParams, InputResults } from './input-router.js';

/**
 * MCP tasks: a tool call the server answers with a task handle, polled until
 * it ends. Two forms, one per era:
 *
 * - 2025-11-25 (`basic/utilities/tasks`, e.g. server-everything): the client
 *   asks for a task (`params.task` on `tools/call`) when the tool's
 *   `execution.taskSupport` allows it and the server declares
 *   `capabilities.tasks.requests.tools.call`; the answer is a
 *   `CreateTaskResult` (`{ task }`); `tasks/get` polls; `tasks/result` gives
 *   the final `CallToolResult` (and, while the task is `input_required`,
 *   carries the server's elicitation or sampling requests on its stream);
 *   `tasks/cancel` stops it.
 * - 2026-07-28 (extension `io.modelcontextprotocol/tasks`, SEP-2663): the
 *   client declares the extension in its capabilities and the server decides
 *   per call: a result with `resultType: "task"`; `tasks/get` polls and
 *   carries the final `result` or `error`, and `inputRequests` while
 *   `input_required`, answered with `tasks/update`; `tasks/cancel` stops it.
 *
 * SDK 2.4 has the schemas but no client task API, and rejects a 2026 result
 * of type `task`: {@link acceptTaskResults} lets `tools/call` through.
 */

/** The 2026 extension's identifier, declared in `capabilities.extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The spec's task states. `completed`, `failed`, `cancelled` are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** What the client knows of a task: the server's last word about it. */
export interface TaskInfo {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** The server's suggested polling interval (ms). */
  pollInterval?: number;
}

/** How a connection runs a tool: plainly, as a task of one form, or not at all (with the reason). */
export type TaskPlan = { mode: 'plain' } | { mode: 'task'; form: 'legacy' | 'modern' } | { mode: 'unsupported'; reason: string };

/** How long the task is asked to live on a 2025 server (ms). */
const LEGACY_TTL_MS = 60 * 60_000;
/** Polling bounds: the server's interval is honoured within these (ms). */
const MIN_POLL_MS = 100;
const MAX_POLL_MS = 30_000;
const DEFAULT_POLL_MS = 1000;
/** Network failures of `tasks/get` in a row before the call fails (the task may still be alive: the id is kept). */
const MAX_POLL_FAILURES = 5;
const STATUSES: readonly string[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/**
 * Whether and how this client runs `tool` on a server of `era` with
 * `capabilities`. A 2025 tool that allows tasks runs as one when the server
 * declares tasks for `tools/call`; a tool that requires them and a server
 * that does not declare them cannot be run (the reason is for people). On
 * 2026 the server decides per call; a tool marked `required` needs the
 * server to offer the extension.
 */
export function taskPlan(era: 'legacy' | 'modern' | undefined, capabilities: ServerCapabilities | undefined, tool: Tool | undefined): TaskPlan {
  const support = tool?.execution?.taskSupport;
  if (era === 'modern') {
    if (hasTasksExtension(capabilities)) return { mode: 'task', form: 'modern' };
    if (support === 'required') {
      return { mode: 'unsupported', reason: `It must run as a task, and this server does not offer the tasks extension (${TASKS_EXTENSION}) of protocol 2026-07-28.` };
    }
    return { mode: 'plain' };
  }
  if (support !== 'required' && support !== 'optional') return { mode: 'plain' };
  const declared = (capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | undefined)?.tasks?.requests?.tools?.call !== undefined;
  if (declared) return { mode: 'task', form: 'legacy' };
  if (support === 'optional') return { mode: 'plain' };
  return { mode: 'unsupported', reason: 'It must run as a task, and the server does not declare tasks for tool calls (capabilities.tasks.requests.tools.call).' };
}

/** Whether the server offers the 2026 tasks extension. */
export function hasTasksExtension(capabilities: ServerCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return !!extensions && typeof extensions === 'object' && extensions[TASKS_EXTENSION] !== undefined;
}

// ---- SDK seam: a 2026 `tools/call` may answer with a task --------------------------

interface WireCodec {
  decodeResult(method: string, raw: unknown): { kind: string; result?: unknown; error?: unknown };
  validateResult(method: string, value: unknown): { ok: boolean; value?: unknown };
  [key: string]: unknown;
}
interface CodecSeam {
  _resolveOutboundCodec(method: string): WireCodec;
}

const patched = new WeakSet<Client>();

/**
 * Lets a 2026 `tools/call` result with `resultType: "task"` reach this layer
 * (SDK 2.4 refuses it as an unsupported result type). The result keeps its
 * `resultType` so {@link isTaskResult} can tell it apart. Idempotent. If a
 * later SDK changes this private seam, nothing is patched and a task result
 * fails as before (test/browser/mcp-tasks.test.ts notices).
 */
export function acceptTaskResults(client: Client): void {
  if (patched.has(client)) return;
  const seam = client as unknown as CodecSeam;
  const original = seam._resolveOutboundCodec;
  if (typeof original !== 'function') return;
  patched.add(client);
  seam._resolveOutboundCodec = function (this: CodecSeam, method: string): WireCodec {
    const codec = original.call(this, method);
    if (method !== 'tools/call' || !codec || typeof codec.decodeResult !== 'function') return codec;
    return {
      ...codec,
      decodeResult: (m: string, raw: unknown) => (isTaskResult(raw) ? { kind: 'complete', result: raw } : codec.decodeResult(m, raw)),
      validateResult: (m: string, value: unknown) => (isTaskResult(value) ? { ok: true, value } : codec.validateResult(m, value)),
    };
  };
}

/** A 2026 `CreateTaskResult` (`resultType: "task"`). */
export function isTaskResult(value: unknown): value is Record<string, unknown> & { resultType: 'task'; taskId: string } {
  return isObject(value) && value.resultType === 'task';
}

// ---- running a task ------------------------------------------------------------------

/** What the task driver needs from the connection. */
export interface TaskHost {
  client: Client;
  form: 'legacy' | 'modern';
  /** The server's URL (for error messages). */
  url: string;
  /** The tool's name (for error messages). */
  name: string;
  /** Aborted when the call is stopped or fails (Stop, timeout, connection lost). */
  signal: AbortSignal;
  /** Headers of every request of this call (the call's tag, so its server requests are matched to it). */
  headers: Record<string, string>;
  /** Progress to show: `notifications/progress` of the call, and the task's status message. */
  onprogress?: (progress: Progress) => void;
  /** The task was created, or its status changed. */
  ontask?: (task: TaskInfo) => void;
  /** The server said something about the call (restarts its idle timer). */
  heard(): void;
  /** Routes an input request of the task (2026 `inputRequests`) like any other. */
  input<K extends InputKind>(kind: K, params: InputParams[K]): Promise<InputResults[K]>;
}

/** A schema that accepts any result; the driver checks shapes itself. */
const ANY = {
  '~standard': { version: 1, vendor: 'mcp-elements', validate: (value: unknown) => ({ value }) },
} as const;

/**
 * Sends `tools/call` asking for (2025) or allowing (2026) a task. Resolves with
 * the created task, or with the plain result when the server answered at once.
 */
export async function startTask(host: TaskHost, params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> }): Promise<{ task: TaskInfo } | { result: CallToolResult }> {
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
        throw new McpConnectionError(McpErrorKind.Aborted, `The server cancelled the task of ${host.name}${task.statusMessage ? `: ${task.statusMessage}` : '.'}`, { url: host.url });
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
    throw new McpConnectionError(McpErrorKind.Protocol, `The server at ${hostOf(host.url)} returned an error: ${message}`, { url: host.url, code: typeof error.code === 'number' ? error.code : undefined });
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
      request.method === 'elicitation/create' ? 'elicitation' : request.method === 'sampling/createMessage' ? 'sampling' : request.method === 'roots/list' ? 'roots' : undefined;
    if (!kind) continue;
    const params = (isObject(request.params) ? request.params : {}) as InputParams[typeof kind];
    const answer = await host.input(kind, kind === 'roots' ? (undefined as InputParams['roots']) : params);
    responses[key] = kind === 'roots' ? { roots: answer } : answer;
  }
  if (Object.keys(responses).length === 0) return;
  await host.client.request({ method: 'tasks/update', params: { taskId: task.taskId, inputResponses: responses } }, ANY, requestOptions(host, false));
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
    throw new McpConnectionError(McpErrorKind.Protocol, `The server at ${hostOf(host.url)} sent an invalid task for ${host.name}.`, { url: host.url });
  }
  if (previous && raw.taskId !== previous.taskId) {
    throw new McpConnectionError(McpErrorKind.Protocol, `The server at ${hostOf(host.url)} answered about another task (${raw.taskId}) than ${previous.taskId}.`, { url: host.url });
  }
  const interval = typeof raw.pollIntervalMs === 'number' ? raw.pollIntervalMs : typeof raw.pollInterval === 'number' ? raw.pollInterval : undefined;
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
    throw new McpConnectionError(McpErrorKind.Protocol, `The server at ${hostOf(host.url)} sent an invalid result for ${host.name}: it has no content list.`, { url: host.url });
  }
  const { resultType: _resultType, ...rest } = raw;
  return rest as CallToolResult;
}

function pollDelay(task: TaskInfo): number {
  const interval = task.pollInterval;
  return typeof interval === 'number' && Number.isFinite(interval) ? Math.min(Math.max(interval, MIN_POLL_MS), MAX_POLL_MS) : DEFAULT_POLL_MS;
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
  return reason instanceof Error ? reason : new McpConnectionError(McpErrorKind.Aborted, `The call of ${host.name} was stopped.`, { url: host.url });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface OutputSeam {
  _compileOutputValidator?(tool: Tool): { ok: true; validator: (value: unknown) => { valid: boolean; errorMessage?: string } } | { ok: false; compileError: unknown } | undefined;
}

/**
 * Checks a task's final result against the tool's `outputSchema`, as the
 * SDK's `callTool` does for a direct answer (it cannot for a task: the
 * answer it sees is the task handle). Uses the SDK's own validator (a private
 * seam; without it the check is skipped). Throws the SDK's errors.
 */
export function checkTaskOutput(client: Client, tool: Tool | undefined, result: CallToolResult): CallToolResult {
  if (!tool?.outputSchema || result.isError) return result;
  const compiled = (client as unknown as OutputSeam)._compileOutputValidator?.(tool);
  if (!compiled) return result;
  if (!compiled.ok) throw new ProtocolError(-32602, `Tool '${tool.name}' has an invalid outputSchema: ${String(compiled.compileError).slice(0, 200)}`);
  if (result.structuredContent === undefined) throw new ProtocolError(-32600, `Tool ${tool.name} has an output schema but did not return structured content`);
  const outcome = compiled.validator(result.structuredContent);
  if (!outcome.valid) throw new ProtocolError(-32602, `Structured content does not match the tool's output schema: ${outcome.errorMessage ?? 'invalid'}`);
  return result;
}
