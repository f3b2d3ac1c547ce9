import type { ReactiveController } from 'lit';
import { serverKey } from '../../../mcp/server-key.js';
import type { ToolSelection } from '../../../agent/tool-selection.js';
import type { TurnResult } from '../../../agent/types.js';
import type { Message, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../../../content/index.js';
import { clientToolResult, conversationTasks, TOOL_CALL_META_KEY, TOOL_TASKS_META_KEY, toolResultBlock, toolUseTask, type ToolTaskRecord } from '../../../content/tool-result.js';
import type { Conversation, HistoryStore, StoredMessage } from '../../../history/index.js';
import { errorInWords } from '../error-words.js';
import { foldBranches, replacesFrom, REPLACES_META_KEY } from './conversation-branches.js';
import { ToolCalls } from './tool-calls.js';
import { saveMessages } from '../../../history/save.js';
import { mergeStored, mergeWhole } from './merge-stored.js';
import type { Loader } from '../../shared/lazy.js';
import type { runTurn } from '../../../agent/run-turn.js';
import type { resumeTasks } from './chat-resume.js';
import type { ChatSessionHost, TaskTracker } from './contract.js';
import { MANUAL_META_KEY, taskLock } from './contract.js';
import type { ChatTurn, TurnSessionView } from './chat-turn.js';
import { ServerWait } from './server-wait.js';

/**
 * The lazily loaded code the session uses, given by the element (its one
 * lazy boundary, chunks.ts): the turn loop with the chat's turn code, and
 * following the MCP tasks of a reopened conversation.
 */
export interface SessionChunks {
  readonly turn: Loader<{ runTurn: typeof runTurn; ChatTurn: typeof ChatTurn }>;
  readonly resume: Loader<{ resumeTasks: typeof resumeTasks }>;
}

/** A long conversation is shown from its last this-many messages first, then read whole in pieces of READ_PIECE. */
const FIRST_READ = 60;
const READ_PIECE = 1000;

/**
 * Resolves in a task of its own once the page is idle (after the frame that
 * shows what was rendered), or after `timeout` ms at the latest.
 */
function whenIdle(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The conversation of one `<mcp-chat>`: its messages (the one place a tool
 * result lives), the running turn (with Stop), approvals, calls the person
 * runs directly (queued while something runs), and saving to the history
 * store as messages happen. Per-call state that is not a message is in
 * {@link ChatSession.calls}.
 */
export class ChatSession implements ReactiveController {
  #messages: readonly Message[] = [];
  #streaming: Message | undefined;
  #busy = false;
  #conversation: Conversation | undefined;
  #queued: readonly string[] = [];
  #turnFailed = false;
  #toolSelection: ToolSelection | undefined;

  /** The conversation's messages (MCP messages, as stored). */
  get messages(): readonly Message[] {
    return this.#messages;
  }

  /** The assistant message streaming in, if any. */
  get streaming(): Message | undefined {
    return this.#streaming;
  }

  /** A turn or a tool call runs. */
  get busy(): boolean {
    return this.#busy;
  }

  /** The stored conversation shown, once it has one. */
  get conversation(): Conversation | undefined {
    return this.#conversation;
  }

  /** Titles of the tools the person asked to run that wait for the running work (shown, in order). */
  get queued(): readonly string[] {
    return this.#queued;
  }

  /** The last model turn failed: the conversation offers Retry (cleared when a turn starts). */
  get turnFailed(): boolean {
    return this.#turnFailed;
  }

  /** Which tools the last model request carried and which it left out (the Servers panel says so). */
  get toolSelection(): ToolSelection | undefined {
    return this.#toolSelection;
  }
  /** Live state of the tool calls (status, progress, open, inline requests). */
  readonly calls: ToolCalls;
  /** A turn waits for the servers still connecting, and says so (see `ServerWait`). */
  readonly serverWait: ServerWait;

  readonly #host: ChatSessionHost;
  #turn?: AbortController;
  /** The running model turn (its code loads with the providers: `conversation/chat-turn.ts`). */
  #running?: ChatTurn;
  #calls = new Map<string, AbortController>();
  #alwaysAllowed = new Set<string>();
  #saving: Promise<unknown> = Promise.resolve();
  /** Resolves when the running turn or call ends (the queue of direct calls waits on it). */
  #idle: Promise<void> = Promise.resolve();
  #endBusy: () => void = () => {};
  /** The element left the page (the answer streaming in was saved as it was). */
  #detached = false;
  readonly #onPageHide = () => this.#running?.savePartial();

  readonly #chunks: SessionChunks;

  constructor(host: ChatSessionHost, chunks: SessionChunks) {
    this.#host = host;
    this.#chunks = chunks;
    this.calls = new ToolCalls(host);
    this.serverWait = new ServerWait(host);
    host.addController(this);
  }

  hostConnected(): void {
    this.#detached = false;
    globalThis.addEventListener?.('pagehide', this.#onPageHide);
  }

  hostDisconnected(): void {
    globalThis.removeEventListener?.('pagehide', this.#onPageHide);
    this.#running?.savePartial();
    // What the stopped stream records next is what was just saved; saving it again later could land after another chat's messages.
    this.#detached = true;
    this.stop();
  }

  #startBusy(): void {
    this.#busy = true;
    this.#idle = new Promise((resolve) => (this.#endBusy = resolve));
    this.#host.requestUpdate();
  }

  #stopBusy(): void {
    this.#busy = false;
    this.#endBusy();
    this.#host.requestUpdate();
  }

  /** The person's "Always allow" choices of this conversation (the model's calls and the apps' share them). */
  get alwaysAllowed(): Set<string> {
    return this.#alwaysAllowed;
  }

  /** Resolves once no turn or call runs (at once when none does): waits on the session's own end of work, not a timer. */
  async whenIdle(): Promise<void> {
    while (this.busy) await this.#idle;
  }

  /** Starts an empty conversation (saved when its first message is). */
  clear(): void {
    this.stop();
    this.#openGeneration += 1;
    this.#pending = false;
    this.#loading = Promise.resolve();
    this.#messages = [];
    this.calls.clear();
    this.serverWait.clear();
    this.#turnFailed = false;
    this.#streaming = undefined;
    this.#conversation = undefined;
    this.#alwaysAllowed.clear();
    this.#host.requestUpdate();
  }

  /**
   * Shows a stored conversation. A long one shows its newest messages first
   * (read alone, one short read) and the rest once read, in pieces that each
   * take the main thread briefly; {@link whenLoaded} resolves then. Changes
   * to the conversation wait for it (the model must see it whole).
   * `ready` (never rejecting) is waited for with the first read: the code
   * that draws the messages, so they are drawn once, as they look.
   */
  async open(id: string, ready?: Promise<unknown>): Promise<void> {
    const store = this.#host.store;
    if (!store) return;
    this.stop();
    const generation = ++this.#openGeneration;
    // `ready`: the code that draws the messages, loaded while the conversation is read (it never rejects).
    const [conversation] = await Promise.all([store.getConversation(id), ready]);
    if (!conversation) throw new Error(`There is no saved conversation ${id}.`);
    const seqs = new WeakMap<Message, number>();
    const toMessage = ({ role, content, _meta, seq }: StoredMessage): Message => {
      const message: Message = _meta ? { role, content, _meta } : { role, content };
      seqs.set(message, seq);
      return message;
    };
    if (conversation.messageCount > FIRST_READ * 2) {
      const tail = await store.loadLast(id, FIRST_READ);
      if (generation !== this.#openGeneration) return;
      // Only when none of them replaces earlier messages (edits are rare): folding those needs the whole conversation.
      if (tail.length && !tail.some((m) => replacesFrom(m) !== undefined)) {
        const shown = new Map<number, Message>();
        this.#host.conversationShown();
        this.#host.requestUpdate();
        this.#conversation = conversation;
        this.#messages = tail.map((m) => {
          const message = toMessage(m);
          shown.set(m.seq, message);
          return message;
        });
        this.#seqs = seqs;
        this.calls.clear();
        let loaded = () => {};
        this.#loading = new Promise<void>((resolve) => (loaded = resolve));
        this.#pending = true;
        void this.#readOlder(id, tail, shown, toMessage, generation).finally(() => {
          if (generation === this.#openGeneration) this.#pending = false;
          loaded();
        });
        return;
      }
    }
    const stored = await store.loadLast(id, Math.max(conversation.messageCount, 1));
    if (generation !== this.#openGeneration) return;
    this.#host.conversationShown();
    this.#host.requestUpdate();
    this.#conversation = conversation;
    this.#messages = foldBranches(stored).map(toMessage);
    this.#seqs = seqs;
    this.#pending = false;
    this.#loading = Promise.resolve();
    this.calls.clear();
    void this.#resumeTasks();
  }

  /** Reads the messages before `tail` in pieces, then shows the whole conversation (the shown messages keep their identity, so they are not drawn again). */
  async #readOlder(id: string, tail: StoredMessage[], shown: Map<number, Message>, toMessage: (m: StoredMessage) => Message, generation: number): Promise<void> {
    const store = this.#host.store!;
    const pieces: StoredMessage[][] = [];
    let before = tail[0]!.seq;
    try {
      while (before > 1) {
        // A task of its own for each piece, the first once the newest messages are painted: the page stays responsive while a long conversation is read.
        await whenIdle(200);
        const piece = await store.loadBefore(id, before, READ_PIECE);
        if (generation !== this.#openGeneration) return;
        if (!piece.length) break;
        pieces.unshift(piece);
        before = piece[0]!.seq;
      }
    } catch (error) {
      if (generation === this.#openGeneration) this.#host.reportError('history', this.#host.text.olderNotRead(errorInWords(error, this.#host.text)), error);
      return;
    }
    if (generation !== this.#openGeneration) return;
    const stored = [...pieces.flat(), ...tail];
    this.#messages = foldBranches(stored).map((m) => shown.get(m.seq) ?? toMessage(m));
    this.#host.requestUpdate();
  }

  /** Resolves when the opened conversation is wholly read (at once, unless a long one is being read). */
  whenLoaded(): Promise<void> {
    return this.#loading;
  }

  #openGeneration = 0;
  #loading: Promise<void> = Promise.resolve();
  /** True while the older messages of the opened conversation are being read. */
  #pending = false;

  /**
   * Shows the messages another tab appended to the open conversation
   * (`fromSeq`..`toSeq`, as the store announced them) where the store has
   * them, without reading the conversation again or touching what runs:
   * the caller waits until no turn or call runs (a turn's model sees the
   * conversation as it began). A change that replaces earlier messages (an
   * edit in the other tab) reads the whole conversation. Saves of this tab
   * end first, so its own rows are known by their number.
   */
  async mergeStored(id: string, fromSeq: number, toSeq: number): Promise<void> {
    const store = this.#host.store;
    if (!store || this.conversation?.id !== id) return;
    if (this.#pending) await this.#loading;
    await this.#saving;
    const generation = this.#openGeneration;
    const seqs = this.#seqs;
    const toMessage = ({ role, content, _meta, seq }: StoredMessage): Message => {
      const message: Message = _meta ? { role, content, _meta } : { role, content };
      seqs.set(message, seq);
      return message;
    };
    const rows = await store.loadBefore(id, toSeq + 1, toSeq - fromSeq + 1);
    if (generation !== this.#openGeneration || this.conversation?.id !== id) return;
    const shown = { messages: this.messages, seqOf: (m: Message) => seqs.get(m) };
    let merged = mergeStored(shown, rows, toMessage);
    if (!merged) {
      const conversation = await store.getConversation(id);
      const all = conversation ? await store.loadLast(id, Math.max(conversation.messageCount, 1)) : [];
      if (generation !== this.#openGeneration || this.conversation?.id !== id) return;
      merged = mergeWhole({ messages: this.messages, seqOf: shown.seqOf }, all, toMessage);
    }
    if (merged.length === this.messages.length && merged.every((m, i) => m === this.messages[i])) return;
    this.#messages = merged;
    this.#host.requestUpdate();
  }

  /** Store sequence numbers of the messages of the opened conversation. */
  #seqs = new WeakMap<Message, number>();

  /** Where the stored message `seq` is in `messages` (-1: not there, e.g. replaced by an edit). */
  indexOfSeq(seq: number): number {
    return this.messages.findIndex((m) => this.#seqs.get(m) === seq);
  }

  async #ensureConversation(first: Message): Promise<string | undefined> {
    const store = this.#host.store;
    if (!store) return undefined;
    if (!this.#conversation) {
      const text = first.content.find((b) => b.type === 'text')?.text as string | undefined;
      const tool = first.content.find((b): b is ToolUseBlock => b.type === 'tool_use')?.name;
      this.#conversation = await store.createConversation({
        title: (text ?? (tool ? this.#host.text.toolTitle(tool) : this.#host.text.newConversation)).trim().slice(0, 80) || this.#host.text.newConversation,
        servers: this.#host.servers.connections.map((c) => ({ url: c.url, name: c.name })),
        provider: this.#host.provider?.id,
        model: this.#host.turnSettings.model,
      });
      this.#host.conversationCreated();
      // An update remembers the new conversation as the open one (ChatPersistence.hostUpdated),
      // also when nothing else repaints (no model: no streaming follows).
      this.#host.requestUpdate();
    }
    return this.#conversation.id;
  }

  /** Adds a message to the conversation and saves it (saves are kept in order). */
  async append(message: Message, extra: Record<string, unknown> = {}): Promise<void> {
    if (this.#pending) await this.#loading;
    message = this.#withTaskIds(message);
    this.#messages = [...this.messages, message];
    this.calls.settled(message.content.flatMap((b) => (b.type === 'tool_result' ? [b.toolUseId] : [])));
    this.#host.requestUpdate();
    this.#saving = this.#saving.then(async () => {
      try {
        await this.#host.whenStore();
        const id = await this.#ensureConversation(message);
        const saved = id ? await saveMessages(this.#host.store!, id, [{ ...message, ...extra }]) : undefined;
        // Its place in the store: another tab's rows are merged around it by this number (mergeStored).
        const row = saved?.stored.at(-1);
        if (row && this.conversation?.id === id) this.#seqs.set(message, row.seq);
        if (saved?.notice) this.#host.reportError('history', saved.notice, saved.notKept);
        // Results saved: their tasks need not be followed after a reload any more.
        const answered = message.content.flatMap((b) => (b.type === 'tool_result' ? [b.toolUseId] : []));
        const tasks = conversationTasks(this.conversation?.metadata);
        if (id && answered.some((a) => a in tasks)) {
          // A record left behind is harmless: a reload follows only the tasks of calls without a result.
          await this.#updateTasks(this.#host.store!, id, (all) => Object.fromEntries(Object.entries(all).filter(([use]) => !answered.includes(use)))).catch(() => {});
        }
      } catch (error) {
        this.#host.reportError('history', this.#host.text.messageNotSaved(errorInWords(error, this.#host.text)), error);
      }
    });
    await this.#saving;
  }

  /**
   * Replaces the conversation from `index` on with `message` (edit and
   * resend, regenerate) and lets the model answer it. What it replaces stays
   * in the store (see `REPLACES_META_KEY`); only the visible conversation
   * and what the model is sent change.
   */
  async replaceFrom(index: number, message: Message): Promise<void> {
    if (this.#pending) {
      // `index` counts the messages shown so far: find the same place in the whole conversation.
      const at = this.messages[index];
      await this.#loading;
      index = at ? this.messages.indexOf(at) : this.messages.length;
    }
    if (this.busy || index < 0 || index > this.messages.length) return;
    this.#messages = this.messages.slice(0, index);
    this.calls.clear();
    await this.append(message, { _meta: { ...(message._meta ?? {}), [REPLACES_META_KEY]: index } });
    if (this.#host.provider) await this.runTurn();
  }

  /** Waits until every message so far is saved. */
  saved(): Promise<unknown> {
    return this.#saving;
  }

  /**
   * Changes one key of the saved conversation's metadata (read fresh, since
   * another tab may have written; `undefined` removes it), after the saves
   * before it. Resolves false when there is nothing to save in yet: no store,
   * or the conversation is not saved (or another one is shown by now).
   */
  saveMetadata(conversationId: string, key: string, change: (value: unknown) => unknown): Promise<boolean> {
    const next = this.#saving.then(async () => {
      const store = this.#host.store;
      if (!store) return false;
      const current = await store.getConversation(conversationId);
      if (!current) return false;
      const { [key]: old, ...rest } = current.metadata;
      const value = change(old);
      const updated = await store.updateConversation(conversationId, { metadata: value === undefined ? rest : { ...rest, [key]: value } });
      if (this.conversation?.id === conversationId) this.#conversation = updated;
      return true;
    });
    this.#saving = next.catch(() => undefined);
    return next;
  }

  /**
   * What the running turn sees of this session (`TurnSessionView`): closures
   * over its state, so the turn code (loaded with the providers) needs no
   * more of the session than this.
   */
  #turnView(): TurnSessionView {
    const session = this;
    return {
      host: this.#host,
      get messages() {
        return session.messages;
      },
      get conversationId() {
        return session.conversation?.id;
      },
      calls: this.calls,
      get detached() {
        return session.#detached;
      },
      alwaysAllowed: this.#alwaysAllowed,
      get streaming() {
        return session.streaming;
      },
      set streaming(message) {
        session.#streaming = message;
      },
      get toolSelection() {
        return session.toolSelection;
      },
      set toolSelection(selection) {
        session.#toolSelection = selection;
      },
      append: (message, extra) => this.append(message, extra),
      show: (message) => {
        this.#messages = [...this.messages, message];
      },
      queueSave: (task) => {
        this.#saving = this.#saving.then(task);
      },
      saved: () => this.#saving,
      setCallStop: (toolUseId, stop) => {
        if (stop) this.#calls.set(toolUseId, stop);
        else this.#calls.delete(toolUseId);
      },
      taskTracker: (toolUseId, name) => this.#taskTracker(toolUseId, name),
    };
  }

  /**
   * Runs a model turn on the conversation as it is (it should end with the
   * person's message). Its code and the providers' load when a model is first
   * used; a message sent meanwhile is already in the conversation and goes
   * with this turn. When they cannot be loaded the chat says so; the messages
   * stay, and the next message sent tries again.
   */
  async runTurn(): Promise<TurnResult | undefined> {
    if (this.#pending) await this.#loading;
    const provider = this.#host.provider;
    if (!provider || this.busy) return undefined;
    let part;
    try {
      part = await this.#chunks.turn.load();
    } catch (error) {
      this.#host.reportError('provider', (error as Error).message, error);
      return undefined;
    }
    if (this.busy) return undefined;
    this.#turnFailed = false;
    this.#startBusy();
    const turn = (this.#turn = new AbortController());
    let result: TurnResult;
    try {
      // The first message waits for its servers: the model's first request carries their tools.
      await this.serverWait.wait(turn.signal);
      const running = (this.#running = new part.ChatTurn(this.#turnView(), turn.signal));
      result = await running.run(provider, part.runTurn);
    } finally {
      this.#running = undefined;
      this.#turn = undefined;
      this.#stopBusy();
    }
    if (result.reason === 'error') {
      this.#turnFailed = true;
      this.#host.reportError('provider', errorInWords(result.error), result.error);
    }
    this.#host.turnEnded(result);
    return result;
  }

  #useOf(toolUseId: string): ToolUseBlock | undefined {
    return this.messages.flatMap((m) => m.content).find((b): b is ToolUseBlock => b.type === 'tool_use' && b.id === toolUseId);
  }

  /**
   * Follows the MCP task of one call: when the server creates it, its id is
   * saved at once in the conversation's metadata (`TOOL_TASKS_META_KEY`, until
   * the result is saved) so a reloaded page can fetch the result; while the call runs this tab holds the task's Web Lock, so another
   * tab showing the conversation does not follow it too.
   */
  #taskTracker(toolUseId: string, name: string): TaskTracker {
    let recorded: string | undefined;
    let release: (() => void) | undefined;
    return {
      ontask: (task) => {
        if (task.statusMessage) this.calls.update(toolUseId, { progress: { ...(this.calls.progressOf(toolUseId) ?? { progress: 0 }), message: task.statusMessage } });
        if (recorded === task.taskId) return;
        recorded = task.taskId;
        const tool = this.#host.servers.getTool(name);
        if (!tool?.connection) return; // page tools have no MCP tasks
        const key = tool.key ?? '';
        const record: ToolTaskRecord = { id: task.taskId, server: serverKey(tool.connection.url), tool: key.includes('#') ? key.slice(key.indexOf('#') + 1) : name };
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
    this.#saving = this.#saving.then(async () => {
      const store = this.#host.store;
      const id = this.conversation?.id;
      // Not when another conversation is shown by now.
      if (!store || !id || !this.#useOf(toolUseId)) return;
      try {
        await this.#updateTasks(store, id, (tasks) => ({ ...tasks, [toolUseId]: task }));
      } catch (error) {
        this.#host.reportError('history', this.#host.text.taskNotSaved(errorInWords(error, this.#host.text)), error);
      }
    });
    await this.#saving;
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

  /** Task ids of this tab's calls whose results are not in the conversation yet. */
  #taskIds = new Map<string, string>();

  /** Changes the task records in the stored conversation's metadata (read fresh: another tab may have written). */
  async #updateTasks(store: HistoryStore, id: string, change: (tasks: Record<string, ToolTaskRecord>) => Record<string, ToolTaskRecord>): Promise<void> {
    const current = await store.getConversation(id);
    if (!current) return;
    const tasks = change(conversationTasks(current.metadata));
    const { [TOOL_TASKS_META_KEY]: _old, ...rest } = current.metadata;
    const updated = await store.updateConversation(id, { metadata: Object.keys(tasks).length ? { ...rest, [TOOL_TASKS_META_KEY]: tasks } : rest });
    if (this.conversation?.id === id) this.#conversation = updated;
  }

  /**
   * A reopened conversation that ends in calls that ran as MCP tasks (the
   * page was reloaded while they ran): the code that follows them to their
   * results (`conversation/chat-resume.ts`) is loaded and does. When it
   * cannot be loaded the chat says so; opening the conversation again tries again.
   */
  async #resumeTasks(): Promise<void> {
    const last = this.messages.at(-1);
    if (!last || last.role !== 'assistant' || this.busy) return;
    const uses = last.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    const kept = conversationTasks(this.conversation?.metadata);
    const tasks = uses.map((u) => kept[u.id] ?? toolUseTask(u));
    if (!tasks.some(Boolean)) return;
    let part;
    try {
      part = await this.#chunks.resume.load();
    } catch (error) {
      this.#host.reportError('history', (error as Error).message, error);
      return;
    }
    if (this.messages.at(-1) !== last) return;
    const session = this;
    await part.resumeTasks(
      {
        host: this.#host,
        get messages() {
          return session.messages;
        },
        get conversation() {
          return session.conversation;
        },
        get busy() {
          return session.busy;
        },
        calls: this.calls,
        startBusy: () => this.#startBusy(),
        stopBusy: () => this.#stopBusy(),
        append: (message) => this.append(message),
        setCallStop: (toolUseId, stop) => {
          if (stop) this.#calls.set(toolUseId, stop);
          else this.#calls.delete(toolUseId);
        },
        runTurn: () => this.runTurn(),
      },
      last,
      uses,
      tasks,
    );
  }

  /** The person answered an approval request (of the running turn). */
  answerApproval(toolUseId: string, approved: boolean, always: boolean): void {
    this.#running?.answerApproval(toolUseId, approved, always);
  }

  /** Stops one running tool call. */
  stopTool(toolUseId: string): void {
    this.#calls.get(toolUseId)?.abort();
  }

  /** Stops the turn: the provider request is aborted, running tool calls cancelled. */
  stop(): void {
    this.#turn?.abort();
    for (const call of this.#calls.values()) call.abort();
  }

  /**
   * Runs a tool the person picked (palette, `runTool()`), recorded as a call
   * and its result. Its card is open while it runs and stays open when it
   * ends, showing the result the person asked for. While a turn or another call runs it waits its turn (the
   * person is told) and then runs, in the order asked.
   */
  async runToolDirectly(name: string, args: Record<string, unknown>): Promise<void> {
    const servers = this.#host.servers;
    if (this.busy) {
      const label = servers.getTool(name)?.title ?? name;
      this.#queued = [...this.queued, label];
      this.#host.announce(this.#host.text.willRunAfter(label));
      this.#host.requestUpdate();
      while (this.busy) await this.#idle;
      const at = this.queued.indexOf(label);
      this.#queued = this.queued.filter((_, i) => i !== at);
    }
    const tool = servers.getTool(name);
    if (!tool) {
      this.#host.reportError('tool', this.#host.text.noToolOffers(name), undefined);
      return;
    }
    this.#startBusy();
    const id = `manual_${crypto.randomUUID().replace(/-/g, '')}`;
    const use: ToolUseBlock = { type: 'tool_use', id, name, input: args };
    const shown = { server: tool.server, title: tool.title };
    this.calls.update(id, { status: 'running', ...shown, open: true });
    try {
      await this.append({ role: 'assistant', content: [use], _meta: { [MANUAL_META_KEY]: true } });
      const own = new AbortController();
      this.#calls.set(id, own);
      const task = this.#taskTracker(id, name);
      let result: ToolResultBlock;
      let status: ToolCallOutcome;
      try {
        const r = await servers.callTool(name, args, { signal: own.signal, toolUseId: id, onprogress: (progress) => this.calls.update(id, { progress }), ontask: task.ontask });
        status = r.isError ? 'error' : 'done';
        result = toolResultBlock(id, r, { status, ...shown, task: task.id() });
      } catch (error) {
        status = own.signal.aborted ? 'cancelled' : 'error';
        const text = own.signal.aborted ? 'The person stopped this tool call.' : `The tool call failed: ${errorInWords(error)}`;
        result = clientToolResult(id, text, { status, ...shown, task: task.id() });
      } finally {
        task.end();
        this.#calls.delete(id);
      }
      // The card stays open: the person asked for this result (the model's calls are rows).
      await this.append({ role: 'user', content: [result] });
      this.#host.toolCalled(use, result, status, tool.server);
      this.#host.announce(this.#host.text.toolStatus(name, status));
    } finally {
      this.#stopBusy();
    }
  }
}
