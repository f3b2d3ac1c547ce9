import type { ContentBlock, ToolResultBlock } from './types.js';

/**
 * Where this library records, in a `tool_result` block's `_meta`, how the call
 * ended and what the person saw about it: `{ status, server?, title? }`
 * ({@link ToolCallRecord}). It is saved with the message, so a reopened
 * conversation shows the same status, server name and tool title.
 */
export const TOOL_CALL_META_KEY = 'mcp-elements/call';

/** How a tool call ended: `cancelled` = the person stopped it, `denied` = the person refused it. */
export const TOOL_CALL_OUTCOMES = ['done', 'error', 'cancelled', 'denied'] as const;

/** One of {@link TOOL_CALL_OUTCOMES}. */
export type ToolCallOutcome = (typeof TOOL_CALL_OUTCOMES)[number];

/** What {@link TOOL_CALL_META_KEY} holds. */
export interface ToolCallRecord {
  status: ToolCallOutcome;
  /** Name of the server that offered the tool. */
  server?: string;
  /** The tool's human title. */
  title?: string;
  /** The id of the MCP task the call ran as (kept so a reloaded page can fetch its result). */
  task?: string;
}

/** A tool's answer as the MCP `CallToolResult` carries it (fields read, others ignored). */
export interface CallToolResultLike {
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/**
 * THE mapping of a tool's answer (`CallToolResult`) to the `tool_result`
 * block the conversation keeps: `content`, `structuredContent`, `isError` and
 * the server's `_meta` as returned, plus this library's {@link ToolCallRecord}
 * under {@link TOOL_CALL_META_KEY} (a server's value under that key is
 * replaced). Used by the model's turn and by calls the person runs directly.
 */
export function toolResultBlock(toolUseId: string, result: CallToolResultLike, call: Partial<ToolCallRecord> = {}): ToolResultBlock {
  const block: ToolResultBlock = { type: 'tool_result', toolUseId, content: Array.isArray(result.content) ? result.content : [] };
  if (result.structuredContent !== undefined) block.structuredContent = result.structuredContent;
  if (result.isError !== undefined) block.isError = result.isError;
  const record: ToolCallRecord = { status: call.status ?? (result.isError ? 'error' : 'done') };
  if (call.server) record.server = call.server;
  if (call.title) record.title = call.title;
  if (call.task) record.task = call.task;
  block._meta = { ...(result._meta ?? {}), [TOOL_CALL_META_KEY]: record };
  return block;
}

/** A `tool_result` the client writes itself (unknown tool, refused, stopped, failed): `isError` with `text` for the model. */
export function clientToolResult(toolUseId: string, text: string, call: ToolCallRecord): ToolResultBlock {
  return toolResultBlock(toolUseId, { content: [{ type: 'text', text }], isError: true }, call);
}

/**
 * The {@link ToolCallRecord} of a result: the recorded one when valid, else
 * derived from `isError` (results saved before the record existed, or by
 * other clients).
 */
export function toolCallRecord(block: ToolResultBlock): ToolCallRecord {
  const raw = block._meta?.[TOOL_CALL_META_KEY] as Partial<ToolCallRecord> | undefined;
  const status =
    raw && (TOOL_CALL_OUTCOMES as readonly string[]).includes(raw.status as string)
      ? (raw.status as ToolCallOutcome)
      : block.isError
        ? 'error'
        : 'done';
  const record: ToolCallRecord = { status };
  if (typeof raw?.server === 'string' && raw.server) record.server = raw.server;
  if (typeof raw?.title === 'string' && raw.title) record.title = raw.title;
  if (typeof raw?.task === 'string' && raw.task) record.task = raw.task;
  return record;
}

/**
 * A tool call that runs as an MCP task, recorded as soon as the server
 * created the task, before any result exists: the task id, the server's key
 * (origin + path) and the tool's name on that server. `<mcp-chat>` keeps it in
 * its conversation's metadata under {@link TOOL_TASKS_META_KEY} (by tool_use
 * id) until the result is saved; conversations saved by earlier versions
 * have it on the `tool_use` block (`_meta["mcp-elements/call"].task`).
 */
export interface ToolTaskRecord {
  id: string;
  server: string;
  tool: string;
}

/** The task a `tool_use` block ran as, when recorded on it (see {@link ToolTaskRecord}). */
export function toolUseTask(block: { _meta?: Record<string, unknown> }): ToolTaskRecord | undefined {
  return taskRecord((block._meta?.[TOOL_CALL_META_KEY] as { task?: unknown } | undefined)?.task);
}

/**
 * Key in a conversation's `metadata` of the tasks of its calls still waiting
 * for their results: `{ [toolUseId]: ToolTaskRecord }`.
 */
export const TOOL_TASKS_META_KEY = 'mcp-elements/tasks';

/** The task records kept in a conversation's metadata (see {@link TOOL_TASKS_META_KEY}); malformed entries are left out. */
export function conversationTasks(metadata: Record<string, unknown> | undefined): Record<string, ToolTaskRecord> {
  const raw = metadata?.[TOOL_TASKS_META_KEY];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, ToolTaskRecord> = {};
  for (const [id, value] of Object.entries(raw)) {
    const task = taskRecord(value);
    if (task) out[id] = task;
  }
  return out;
}

function taskRecord(value: unknown): ToolTaskRecord | undefined {
  const task = value as Partial<ToolTaskRecord> | undefined;
  if (
    !task ||
    typeof task !== 'object' ||
    typeof task.id !== 'string' ||
    !task.id ||
    typeof task.server !== 'string' ||
    typeof task.tool !== 'string'
  )
    return undefined;
  return { id: task.id, server: task.server, tool: task.tool };
}
