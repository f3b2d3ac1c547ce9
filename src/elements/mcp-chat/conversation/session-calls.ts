import { serverKey } from '../../../mcp/server-key.js';
import type { Message, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import {
  clientToolResult,
  conversationTasks,
  TOOL_CALL_META_KEY,
  TOOL_TASKS_META_KEY,
  toolResultBlock,
  toolUseTask,
  type ToolTaskRecord,
} from '../../../content/tool-result.js';
import { errorInWords } from '../error-words.js';
import type { Loader } from '../../shared/lazy.js';
import type { resumeTasks } from './chat-resume.js';
import { MANUAL_META_KEY, taskLock, type ChatSessionHost, type TaskTracker } from './contract.js';
import type { AppendHooks, ConversationMessages } from './session-messages.js';
import type { SessionWork } from './session-work.js';
import type { ToolCalls } from './tool-calls.js';

/** What the calls part of a session is built with: read-only handles on the other parts and closures (`ChatSession` builds it). */
export interface SessionCallsParts {
  readonly host: ChatSessionHost;
  readonly history: ConversationMessages;
  /** Live state of the tool calls (cards). */
  readonly cards: ToolCalls;
  readonly work: SessionWork;
  /** The code that follows the MCP tasks of a reopened conversation (lazy). */
  readonly resume: Loader<{ resumeTasks: typeof resumeTasks }>;
  /** Adds a message the session's way (with {@link SessionCalls.onAppend}). */
  append(message: Message): Promise<void>;
  /** Lets the model answer (after resumed tasks' results). */
  runTurn(): Promise<unknown>;
}

/**
 * The calls of one chat's session: the Stop of every running call, the
 * person's "Always allow" choices, the MCP tasks of calls (recorded in the
 * conversation's metadata, followed again after a reload) and the calls the
 * person runs directly (queued while something runs). Its state is written
 * only here.
 */
export class SessionCalls {
  #stops = new Map<string, AbortController>();
  #alwaysAllowed = new Set<string>();
  #queued: readonly string[] = [];
  /** Task ids of this tab's calls whose results are not in the conversation yet. */
  #taskIds = new Map<string, string>();
  readonly #p: SessionCallsParts;

  constructor(parts: SessionCallsParts) {
    this.#p = parts;
  }

  /** Titles of the tools the person asked to run that wait for the running work (shown, in order). */
  get queued(): readonly string[] {
    return this.#queued;
  }

  /** The person's "Always allow" choices of this conversation (the model's calls and the apps' share them). */
  get alwaysAllowed(): Set<string> {
    return this.#alwaysAllowed;
  }

  /** Forgets the choices of the conversation left. */
  clear(): void {
    this.#alwaysAllowed.clear();
  }

  /** Registers (or, with undefined, forgets) the Stop of one running call. */
  setStop(toolUseId: string, stop: AbortController | undefined): void {
    if (stop) this.#stops.set(toolUseId, stop);
    else this.#stops.delete(toolUseId);
  }

  /** Stops one running tool call. */
  stop(toolUseId: string): void {
    this.#stops.get(toolUseId)?.abort();
  }

  /** Stops every running tool call. */
  stopAll(): void {
    for (const call of this.#stops.values()) call.abort();
  }

  /** What this part does around every message appended: task ids on results, their cards settled, their task records dropped once saved. */
  readonly onAppend: AppendHooks = {
    prepare: (message) => this.#withTaskIds(message),
    shown: (message) => this.#p.cards.settled(message.content.flatMap((b) => (b.type === 'tool_result' ? [b.toolUseId] : []))),
    saved: async (id, message) => {
      // Results saved: their tasks need not be followed after a reload any more.
      const answered = message.content.flatMap((b) => (b.type === 'tool_result' ? [b.toolUseId] : []));
      const tasks = conversationTasks(this.#p.history.conversation?.metadata);
      if (answered.some((a) => a in tasks)) {
        // A record left behind is harmless: a reload follows only the tasks of calls without a result.
        await this.#updateTasks(id, (all) => Object.fromEntries(Object.entries(all).filter(([use]) => !answered.includes(use)))).catch(
          () => {},
        );
      }
    },
  };

  #useOf(toolUseId: string): ToolUseBlock | undefined {
    return this.#p.history.messages.flatMap((m) => m.content).find((b): b is ToolUseBlock => b.type === 'tool_use' && b.id === toolUseId);
  }

  /**
   * Follows the MCP task of one call: when the server creates it, its id is
   * saved at once in the conversation's metadata (`TOOL_TASKS_META_KEY`, until
   * the result is saved) so a reloaded page can fetch the result; while the call runs this tab holds the task's Web Lock, so another
   * tab showing the conversation does not follow it too.
   */
  taskTracker(toolUseId: string, name: string): TaskTracker {
    let recorded: string | undefined;
    let release: (() => void) | undefined;
    const cards = this.#p.cards;
    return {
      ontask: (task) => {
        if (task.statusMessage)
          cards.update(toolUseId, { progress: { ...(cards.progressOf(toolUseId) ?? { progress: 0 }), message: task.statusMessage } });
        if (recorded === task.taskId) return;
        recorded = task.taskId;
        const tool = this.#p.host.servers.getTool(name);
        if (!tool?.connection) return; // page tools have no MCP tasks
        const key = tool.key ?? '';
        const record: ToolTaskRecord = {
          id: task.taskId,
          server: serverKey(tool.connection.url),
          tool: key.includes('#') ? key.slice(key.indexOf('#') + 1) : name,
        };
        release?.();
        const held = new Promise<void>((resolve) => (release = resolve));
        void globalThis.navigator?.locks?.request(taskLock(record), () => held).catch(() => {});
        void this.#recordTask(toolUseId, record);
      },
      id: () => recorded,
      end: () => release?.(),
    };
  }

  /**
   * Saves the task of a running call in the conversation's metadata, where a
   * reloaded page finds it. Not on the call's `tool_use` block: the store is
   * append-only and pairs every call with its result, so saving that message
   * again would store a placeholder result before it (which exports show).
   */
  async #recordTask(toolUseId: string, task: ToolTaskRecord): Promise<void> {
    this.#taskIds.set(toolUseId, task.id);
    const { host, history } = this.#p;
    await history.queueSave(async () => {
      const id = history.conversation?.id;
      // Not when another conversation is shown by now.
      if (!host.store || !id || !this.#useOf(toolUseId)) return;
      try {
        await this.#updateTasks(id, (tasks) => ({ ...tasks, [toolUseId]: task }));
      } catch (error) {
        host.reportError('history', host.text.taskNotSaved(errorInWords(error, host.text)), error);
      }
    });
  }

  /** `message` with the task id of each of its results that ran as a task and does not say so yet (the model's calls). */
  #withTaskIds(message: Message): Message {
    if (!message.content.some((b) => b.type === 'tool_result' && this.#taskIds.has(b.toolUseId))) return message;
    const content = message.content.map((b) => {
      const task = b.type === 'tool_result' ? this.#taskIds.get(b.toolUseId) : undefined;
      if (b.type !== 'tool_result' || !task) return b;
      this.#taskIds.delete(b.toolUseId);
      const record = (b._meta?.[TOOL_CALL_META_KEY] ?? {}) as Record<string, unknown>;
      return record.task ? b : { ...b, _meta: { ...(b._meta ?? {}), [TOOL_CALL_META_KEY]: { ...record, task } } };
    });
    return { ...message, content };
  }

  /** Changes the task records in the stored conversation's metadata (read fresh: another tab may have written). */
  async #updateTasks(id: string, change: (tasks: Record<string, ToolTaskRecord>) => Record<string, ToolTaskRecord>): Promise<void> {
    await this.#p.history.updateMetadata(id, (metadata) => {
      const tasks = change(conversationTasks(metadata));
      const { [TOOL_TASKS_META_KEY]: _old, ...rest } = metadata;
      return Object.keys(tasks).length ? { ...rest, [TOOL_TASKS_META_KEY]: tasks } : rest;
    });
  }

  /**
   * A reopened conversation that ends in calls that ran as MCP tasks (the
   * page was reloaded while they ran): the code that follows them to their
   * results (`conversation/chat-resume.ts`) is loaded and does. When it
   * cannot be loaded the chat says so; opening the conversation again tries again.
   */
  async resumeTasks(): Promise<void> {
    const { host, history, work } = this.#p;
    const last = history.messages.at(-1);
    if (!last || last.role !== 'assistant' || work.busy) return;
    const uses = last.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    const kept = conversationTasks(history.conversation?.metadata);
    const tasks = uses.map((u) => kept[u.id] ?? toolUseTask(u));
    if (!tasks.some(Boolean)) return;
    let part;
    try {
      part = await this.#p.resume.load();
    } catch (error) {
      host.reportError('history', (error as Error).message, error);
      return;
    }
    if (history.messages.at(-1) !== last) return;
    await part.resumeTasks(
      {
        host,
        get messages() {
          return history.messages;
        },
        get conversation() {
          return history.conversation;
        },
        get busy() {
          return work.busy;
        },
        calls: this.#p.cards,
        startBusy: () => work.start(),
        stopBusy: () => work.stop(),
        append: (message) => this.#p.append(message),
        setCallStop: (toolUseId, stop) => this.setStop(toolUseId, stop),
        runTurn: () => this.#p.runTurn(),
      },
      last,
      uses,
      tasks,
    );
  }

  /** See `ChatSession.runToolDirectly`. */
  async runDirectly(name: string, args: Record<string, unknown>): Promise<void> {
    const { host, work, cards } = this.#p;
    const servers = host.servers;
    if (work.busy) {
      const label = servers.getTool(name)?.title ?? name;
      this.#queued = [...this.queued, label];
      host.announce(host.text.willRunAfter(label));
      host.requestUpdate();
      await work.whenIdle();
      const at = this.queued.indexOf(label);
      this.#queued = this.queued.filter((_, i) => i !== at);
    }
    const tool = servers.getTool(name);
    if (!tool) {
      host.reportError('tool', host.text.noToolOffers(name), undefined);
      return;
    }
    work.start();
    const id = `manual_${crypto.randomUUID().replace(/-/g, '')}`;
    const use: ToolUseBlock = { type: 'tool_use', id, name, input: args };
    const shown = { server: tool.server, title: tool.title };
    cards.update(id, { status: 'running', ...shown, open: true });
    try {
      await this.#p.append({ role: 'assistant', content: [use], _meta: { [MANUAL_META_KEY]: true } });
      const own = new AbortController();
      this.#stops.set(id, own);
      const task = this.taskTracker(id, name);
      let result: ToolResultBlock;
      let status: ToolCallOutcome;
      try {
        const r = await servers.callTool(name, args, {
          signal: own.signal,
          toolUseId: id,
          onprogress: (progress) => cards.update(id, { progress }),
          ontask: task.ontask,
        });
        status = r.isError ? 'error' : 'done';
        result = toolResultBlock(id, r, { status, ...shown, task: task.id() });
      } catch (error) {
        status = own.signal.aborted ? 'cancelled' : 'error';
        const text = own.signal.aborted ? 'The person stopped this tool call.' : `The tool call failed: ${errorInWords(error)}`;
        result = clientToolResult(id, text, { status, ...shown, task: task.id() });
      } finally {
        task.end();
        this.#stops.delete(id);
      }
      // The card stays open: the person asked for this result (the model's calls are rows).
      await this.#p.append({ role: 'user', content: [result] });
      host.toolCalled(use, result, status, tool.server);
      host.announce(host.text.toolStatus(name, status));
    } finally {
      work.stop();
    }
  }
}
