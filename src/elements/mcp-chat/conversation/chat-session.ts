import type { ReactiveController } from 'lit';
import type { ToolSelection } from '../../../agent/tool-selection.js';
import type { TurnResult } from '../../../agent/types.js';
import type { Message } from '../../../content/index.js';
import type { Conversation } from '../../../history/index.js';
import type { Loader } from '../../shared/lazy.js';
import type { runTurn } from '../../../agent/run-turn.js';
import type { saveMessages } from '../../../history/save.js';
import type { resumeTasks } from './chat-resume.js';
import type { ChatTurn } from './chat-turn.js';
import type { ChatSessionHost } from './contract.js';
import { REPLACES_META_KEY } from './conversation-branches.js';
import { ServerWait } from './server-wait.js';
import { SessionCalls } from './session-calls.js';
import { ConversationMessages } from './session-messages.js';
import { SessionTurn } from './session-turn.js';
import { SessionWork } from './session-work.js';
import { ToolCalls } from './tool-calls.js';

/**
 * The lazily loaded code the session uses, given by the element (its one
 * lazy boundary, chunks.ts): the turn loop with the chat's turn code, and
 * following the MCP tasks of a reopened conversation.
 */
export interface SessionChunks {
  readonly turn: Loader<{ runTurn: typeof runTurn; ChatTurn: typeof ChatTurn }>;
  readonly resume: Loader<{ resumeTasks: typeof resumeTasks }>;
  /** Saving messages (with the conversation store's code, history.chunk.ts): out of the chat's first load. */
  readonly save: Loader<{ saveMessages: typeof saveMessages }>;
}

/**
 * The conversation of one `<mcp-chat>`, built of parts by what each owns,
 * each with its state private (built here, in dependency order):
 * - {@link ConversationMessages} (`session-messages.ts`): the messages (the
 *   one place a tool result lives), reading a stored conversation in pieces,
 *   merging another tab's messages, saving in order;
 * - {@link SessionTurn} (`session-turn.ts`): the model turn, streaming, Stop,
 *   the approvals it waits for, Retry;
 * - {@link SessionCalls} (`session-calls.ts`): running calls' Stop, "Always
 *   allow", MCP tasks and the calls the person runs directly;
 * - {@link SessionWork}: whether a turn or a call runs.
 * This class is the session's face to the chat: what it does across parts
 * (open, clear, edit and resend) and reads of their state.
 */
export class ChatSession implements ReactiveController {
  /** Live state of the tool calls (status, progress, open, inline requests). */
  readonly calls: ToolCalls;
  /** A turn waits for the servers still connecting, and says so (see `ServerWait`). */
  readonly serverWait: ServerWait;

  readonly #host: ChatSessionHost;
  readonly #work: SessionWork;
  readonly #history: ConversationMessages;
  readonly #calls: SessionCalls;
  readonly #turn: SessionTurn;
  /** The element left the page (the answer streaming in was saved as it was). */
  #detached = false;
  readonly #onPageHide = () => this.#turn.savePartial();

  constructor(host: ChatSessionHost, chunks: SessionChunks) {
    this.#host = host;
    this.#work = new SessionWork(() => host.requestUpdate());
    this.#history = new ConversationMessages(host, chunks.save);
    this.calls = new ToolCalls(host);
    this.serverWait = new ServerWait(host);
    const append = (message: Message, extra?: Record<string, unknown>) => this.append(message, extra);
    this.#calls = new SessionCalls({
      host,
      history: this.#history,
      cards: this.calls,
      work: this.#work,
      resume: chunks.resume,
      append,
      runTurn: () => this.runTurn(),
    });
    this.#turn = new SessionTurn({
      host,
      history: this.#history,
      cards: this.calls,
      calls: this.#calls,
      work: this.#work,
      serverWait: this.serverWait,
      code: chunks.turn,
      append,
      detached: () => this.#detached,
    });
    host.addController(this);
  }

  hostConnected(): void {
    this.#detached = false;
    globalThis.addEventListener?.('pagehide', this.#onPageHide);
  }

  hostDisconnected(): void {
    globalThis.removeEventListener?.('pagehide', this.#onPageHide);
    this.#turn.savePartial();
    // What the stopped stream records next is what was just saved; saving it again later could land after another chat's messages.
    this.#detached = true;
    this.stop();
  }

  /** The conversation's messages (MCP messages, as stored). */
  get messages(): readonly Message[] {
    return this.#history.messages;
  }

  /** The assistant message streaming in, if any. */
  get streaming(): Message | undefined {
    return this.#turn.streaming;
  }

  /** A turn or a tool call runs. */
  get busy(): boolean {
    return this.#work.busy;
  }

  /** The stored conversation shown, once it has one. */
  get conversation(): Conversation | undefined {
    return this.#history.conversation;
  }

  /** Titles of the tools the person asked to run that wait for the running work (shown, in order). */
  get queued(): readonly string[] {
    return this.#calls.queued;
  }

  /** The last model turn failed: the conversation offers Retry (cleared when a turn starts). */
  get turnFailed(): boolean {
    return this.#turn.failed;
  }

  /** Which tools the last model request carried and which it left out (the Servers panel says so). */
  get toolSelection(): ToolSelection | undefined {
    return this.#turn.toolSelection;
  }

  /** The person's "Always allow" choices of this conversation (the model's calls and the apps' share them). */
  get alwaysAllowed(): Set<string> {
    return this.#calls.alwaysAllowed;
  }

  /** Resolves once no turn or call runs (at once when none does): waits on the session's own end of work, not a timer. */
  whenIdle(): Promise<void> {
    return this.#work.whenIdle();
  }

  /** Starts an empty conversation (saved when its first message is). */
  clear(): void {
    this.stop();
    this.#history.clear();
    this.calls.clear();
    this.serverWait.clear();
    this.#turn.clear();
    this.#calls.clear();
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
    if (!this.#host.store) return;
    this.stop();
    const read = await this.#history.open(id, ready, () => this.calls.clear());
    if (read === 'whole') void this.#calls.resumeTasks();
  }

  /** Resolves when the opened conversation is wholly read (at once, unless a long one is being read). */
  whenLoaded(): Promise<void> {
    return this.#history.whenLoaded();
  }

  /**
   * Shows the messages another tab appended to the open conversation
   * (`fromSeq`..`toSeq`, as the store announced them) where the store has
   * them, without reading the conversation again or touching what runs:
   * the caller waits until no turn or call runs (a turn's model sees the
   * conversation as it began). A change that replaces earlier messages (an
   * edit in the other tab) reads the whole conversation. Saves of this tab
   * end first, so its own rows are known by their number.
   */
  mergeStored(id: string, fromSeq: number, toSeq: number): Promise<void> {
    return this.#history.mergeStored(id, fromSeq, toSeq);
  }

  /** Where the stored message `seq` is in `messages` (-1: not there, e.g. replaced by an edit). */
  indexOfSeq(seq: number): number {
    return this.#history.indexOfSeq(seq);
  }

  /** Adds a message to the conversation and saves it (saves are kept in order). */
  append(message: Message, extra: Record<string, unknown> = {}): Promise<void> {
    return this.#history.append(message, extra, this.#calls.onAppend);
  }

  /**
   * Replaces the conversation from `index` on with `message` (edit and
   * resend, regenerate) and lets the model answer it. What it replaces stays
   * in the store (see `REPLACES_META_KEY`); only the visible conversation
   * and what the model is sent change.
   */
  async replaceFrom(index: number, message: Message): Promise<void> {
    const history = this.#history;
    if (history.reading) {
      // `index` counts the messages shown so far: find the same place in the whole conversation.
      const at = history.messages[index];
      await history.whenLoaded();
      index = at ? history.messages.indexOf(at) : history.messages.length;
    }
    if (this.busy || index < 0 || index > history.messages.length) return;
    history.truncate(index);
    this.calls.clear();
    await this.append(message, { _meta: { ...(message._meta ?? {}), [REPLACES_META_KEY]: index } });
    if (this.#host.provider) await this.runTurn();
  }

  /** Waits until every message so far is saved. */
  saved(): Promise<unknown> {
    return this.#history.saved();
  }

  /**
   * Changes one key of the saved conversation's metadata (read fresh, since
   * another tab may have written; `undefined` removes it), after the saves
   * before it. Resolves false when there is nothing to save in yet: no store,
   * or the conversation is not saved (or another one is shown by now).
   */
  saveMetadata(conversationId: string, key: string, change: (value: unknown) => unknown): Promise<boolean> {
    return this.#history.saveMetadata(conversationId, key, change);
  }

  /**
   * Runs a model turn on the conversation as it is (it should end with the
   * person's message). Its code and the providers' load when a model is first
   * used; a message sent meanwhile is already in the conversation and goes
   * with this turn. When they cannot be loaded the chat says so; the messages
   * stay, and the next message sent tries again.
   */
  runTurn(): Promise<TurnResult | undefined> {
    return this.#turn.run();
  }

  /** The person answered an approval request (of the running turn). */
  answerApproval(toolUseId: string, approved: boolean, always: boolean): void {
    this.#turn.answerApproval(toolUseId, approved, always);
  }

  /** Stops one running tool call. */
  stopTool(toolUseId: string): void {
    this.#calls.stop(toolUseId);
  }

  /** Stops the turn: the provider request is aborted, running tool calls cancelled. */
  stop(): void {
    this.#turn.stop();
    this.#calls.stopAll();
  }

  /**
   * Runs a tool the person picked (palette, `runTool()`), recorded as a call
   * and its result. Its card is open while it runs and stays open when it
   * ends, showing the result the person asked for. While a turn or another call runs it waits its turn (the
   * person is told) and then runs, in the order asked.
   */
  runToolDirectly(name: string, args: Record<string, unknown>): Promise<void> {
    return this.#calls.runDirectly(name, args);
  }
}
