// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import {
  ProtocolError,
  type CallToolResult,
  type Client,
  type Progress,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/client';
import type { InputKind } from './input-types.js';
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

/**
 * Whether and how this client runs `tool` on a server of `era` with
 * `capabilities`. A 2025 tool that allows tasks runs as one when the server
 * declares tasks for `tools/call`; a tool that requires them and a server
 * that does not declare them cannot be run (the reason is for people). On
 * 2026 the server decides per call; a tool marked `required` needs the
 * server to offer the extension.
 */
export function taskPlan(
  era: 'legacy' | 'modern' | undefined,
  capabilities: ServerCapabilities | undefined,
  tool: Tool | undefined,
): TaskPlan {
  const support = tool?.execution?.taskSupport;
  if (era === 'modern') {
    if (hasTasksExtension(capabilities)) return { mode: 'task', form: 'modern' };
    if (support === 'required') {
      return {
        mode: 'unsupported',
        reason: `It must run as a task, and this server does not offer the tasks extension (${TASKS_EXTENSION}) of protocol 2026-07-28.`,
      };
    }
    return { mode: 'plain' };
  }
  if (support !== 'required' && support !== 'optional') return { mode: 'plain' };
  const declared =
    (capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | undefined)?.tasks?.requests?.tools?.call !== undefined;
  if (declared) return { mode: 'task', form: 'legacy' };
  if (support === 'optional') return { mode: 'plain' };
  return {
    mode: 'unsupported',
    reason: 'It must run as a task, and the server does not declare tasks for tool calls (capabilities.tasks.requests.tools.call).',
  };
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

// ---- running a task (task-run.ts, loaded when a call runs as a task) -----------------

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

/** A plain object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface OutputSeam {
  _compileOutputValidator?(
    tool: Tool,
  ):
    | { ok: true; validator: (value: unknown) => { valid: boolean; errorMessage?: string } }
    | { ok: false; compileError: unknown }
    | undefined;
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
  if (!compiled.ok)
    throw new ProtocolError(-32602, `Tool '${tool.name}' has an invalid outputSchema: ${String(compiled.compileError).slice(0, 200)}`);
  if (result.structuredContent === undefined)
    throw new ProtocolError(-32600, `Tool ${tool.name} has an output schema but did not return structured content`);
  const outcome = compiled.validator(result.structuredContent);
  if (!outcome.valid)
    throw new ProtocolError(-32602, `Structured content does not match the tool's output schema: ${outcome.errorMessage ?? 'invalid'}`);
  return result;
}
