import type { Message, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import {
  clientToolResult,
  TOOL_CALL_META_KEY,
  toolResultBlock,
  type CallToolResultLike,
  type ToolTaskRecord,
} from '../../../content/tool-result.js';
import type { Conversation } from '../../../history/index.js';
import { serverKey } from '../../../mcp/server-key.js';
import { errorInWords } from '../error-words.js';
import { MANUAL_META_KEY, taskLock, type ChatSessionHost } from './contract.js';
import type { ToolCalls } from './tool-calls.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/** How long a reloaded chat waits for the server of an unfinished task to connect and list the tool (ms). */
const RESUME_WAIT_MS = 15_000;

/** What following the tasks of a reopened conversation sees of its `ChatSession` (closures the session builds). */
export interface ResumeSessionView {
  readonly host: ChatSessionHost;
  readonly messages: readonly Message[];
  readonly conversation: Conversation | undefined;
  readonly busy: boolean;
  readonly calls: ToolCalls;
  startBusy(): void;
  stopBusy(): void;
  append(message: Message): Promise<void>;
  /** Registers (or, with undefined, forgets) the Stop of one running call. */
  setCallStop(toolUseId: string, stop: AbortController | undefined): void;
  runTurn(): Promise<unknown>;
}

/**
 * A reopened conversation that ends in calls that ran as MCP tasks (the
 * page was reloaded while they ran; `last` is its last message, `tasks` the
 * task of each of its `uses`, some defined): follows each task to its result,
 * saves the results, and lets the model go on (a call the person ran
 * directly just gets its result). A call without a task gets a "not kept"
 * result; a task the server forgot ends as a failed result that says so.
 * Loaded (the `resume` chunk) only for such a conversation.
 */
export async function resumeTasks(
  session: ResumeSessionView,
  last: Message,
  uses: ToolUseBlock[],
  tasks: Array<ToolTaskRecord | undefined>,
): Promise<void> {
  const host = session.host;
  const conversation = session.conversation;
  // Another tab that follows these tasks holds their locks: leave them to it.
  const locks = globalThis.navigator?.locks;
  const releases: Array<() => void> = [];
  for (const task of tasks) {
    if (!task || !locks) continue;
    const granted = await new Promise<boolean>((resolve) => {
      void locks
        .request(taskLock(task), { ifAvailable: true }, (lock) => {
          resolve(lock !== null);
          return lock ? new Promise<void>((done) => releases.push(done)) : undefined;
        })
        .catch(() => resolve(true));
    });
    if (!granted) {
      for (const release of releases) release();
      return;
    }
  }
  if (session.messages.at(-1) !== last || session.busy) {
    for (const release of releases) release();
    return;
  }
  session.startBusy();
  let results: ToolResultBlock[];
  try {
    // Shown as when it started: a call the person ran is open, the model's calls are rows.
    const manual = last._meta?.[MANUAL_META_KEY] === true;
    results = await Promise.all(uses.map((use, i) => resumeOne(session, use, tasks[i], manual)));
  } finally {
    for (const release of releases) release();
    session.stopBusy();
  }
  if (session.conversation !== conversation || session.messages.at(-1) !== last) return;
  await session.append({ role: 'user', content: results });
  for (let i = 0; i < uses.length; i++) {
    const status = (results[i]!._meta?.[TOOL_CALL_META_KEY] as { status?: ToolCallOutcome } | undefined)?.status ?? 'done';
    host.toolCalled(uses[i]!, results[i]!, status, host.servers.getTool(uses[i]!.name)?.server);
  }
  // The model goes on with what came back; a task that could not be fetched is only recorded
  // (opening an old conversation must not start a model turn by itself).
  const fetched = results.some((r) => (r._meta?.[TOOL_CALL_META_KEY] as { status?: string } | undefined)?.status === 'done');
  if (fetched && !last._meta?.[MANUAL_META_KEY] && host.provider) await session.runTurn();
}

/** The result of one call of an interrupted turn: its task followed to the end, else a note. */
async function resumeOne(
  session: ResumeSessionView,
  use: ToolUseBlock,
  task: ToolTaskRecord | undefined,
  open: boolean,
): Promise<ToolResultBlock> {
  if (!task)
    return clientToolResult(use.id, 'The result of this call was not kept: the page was closed while it ran.', { status: 'cancelled' });
  const servers = session.host.servers;
  const calls = session.calls;
  calls.update(use.id, { status: 'running', open });
  const tool = await servers.whenTool(use.name, RESUME_WAIT_MS).then(
    () => servers.getTool(use.name),
    () => undefined,
  );
  const connection =
    tool?.connection && serverKey(tool.connection.url) === task.server
      ? tool.connection
      : servers.connections.find((c) => serverKey(c.url) === task.server);
  const shown = { server: tool?.server ?? connection?.name, title: tool?.title, task: task.id };
  calls.update(use.id, { status: 'running', server: shown.server, title: shown.title, open });
  if (!connection) {
    const text = `The result of this task could not be fetched: the server ${task.server} is not connected to this chat (task ${task.id}).`;
    calls.update(use.id, { status: 'error', progress: undefined });
    return clientToolResult(use.id, text, { status: 'error', ...shown });
  }
  const own = new AbortController();
  session.setCallStop(use.id, own);
  session.host.announce(session.host.text.fetchingResult(shown.title ?? use.name));
  try {
    const r = await connection.resumeTask(task.id, task.tool, {
      signal: own.signal,
      toolUseId: use.id,
      onprogress: (progress) => calls.update(use.id, { progress }),
    });
    const status: ToolCallOutcome = r.isError ? 'error' : 'done';
    calls.update(use.id, { status, progress: undefined });
    return toolResultBlock(use.id, r as CallToolResultLike, { status, ...shown });
  } catch (error) {
    const status: ToolCallOutcome = own.signal.aborted ? 'cancelled' : 'error';
    calls.update(use.id, { status, progress: undefined });
    return clientToolResult(
      use.id,
      own.signal.aborted ? 'The person stopped this tool call.' : `The tool call failed: ${errorInWords(error)}`,
      { status, ...shown },
    );
  } finally {
    session.setCallStop(use.id, undefined);
  }
}
