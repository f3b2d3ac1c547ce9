import type { ToolSelection } from '../../../agent/tool-selection.js';
import type { TurnResult } from '../../../agent/types.js';
import type { Message } from '../../../content/index.js';
import type { runTurn } from '../../../agent/run-turn.js';
import type { Loader } from '../../shared/lazy.js';
import { errorInWords } from '../error-words.js';
import type { ChatTurn, TurnSessionView } from './chat-turn.js';
import type { ChatSessionHost } from './contract.js';
import type { ServerWait } from './server-wait.js';
import type { SessionCalls } from './session-calls.js';
import type { ConversationMessages } from './session-messages.js';
import type { SessionWork } from './session-work.js';
import type { ToolCalls } from './tool-calls.js';

/** What the turn part of a session is built with: read-only handles on the other parts and closures (`ChatSession` builds it). */
export interface SessionTurnParts {
  readonly host: ChatSessionHost;
  readonly history: ConversationMessages;
  readonly cards: ToolCalls;
  readonly calls: SessionCalls;
  readonly work: SessionWork;
  readonly serverWait: ServerWait;
  /** The turn loop with the chat's turn code (lazy: loads with the providers). */
  readonly code: Loader<{ runTurn: typeof runTurn; ChatTurn: typeof ChatTurn }>;
  /** Adds a message the session's way. */
  append(message: Message, extra?: Record<string, unknown>): Promise<void>;
  /** The element left the page. */
  detached(): boolean;
}

/**
 * The model turn of one chat's session: the answer streaming in, which tools
 * the last request carried, Stop, the approvals the running turn waits for,
 * and whether the last turn failed (Retry). Its state is written only here
 * and by the running `ChatTurn` through the view this part gives it.
 */
export class SessionTurn {
  #streaming: Message | undefined;
  #failed = false;
  #toolSelection: ToolSelection | undefined;
  #abort?: AbortController;
  /** The running model turn (its code loads with the providers: `conversation/chat-turn.ts`). */
  #running?: ChatTurn;
  readonly #p: SessionTurnParts;

  constructor(parts: SessionTurnParts) {
    this.#p = parts;
  }

  /** The assistant message streaming in, if any. */
  get streaming(): Message | undefined {
    return this.#streaming;
  }

  /** The last model turn failed: the conversation offers Retry (cleared when a turn starts). */
  get failed(): boolean {
    return this.#failed;
  }

  /** Which tools the last model request carried and which it left out (the Servers panel says so). */
  get toolSelection(): ToolSelection | undefined {
    return this.#toolSelection;
  }

  /** Forgets the conversation left (its failure, its answer streaming in). */
  clear(): void {
    this.#failed = false;
    this.#streaming = undefined;
  }

  /** Saves the answer streaming in as it is (the page goes away). */
  savePartial(): void {
    this.#running?.savePartial();
  }

  /** The person answered an approval request (of the running turn). */
  answerApproval(toolUseId: string, approved: boolean, always: boolean): void {
    this.#running?.answerApproval(toolUseId, approved, always);
  }

  /** Aborts the provider request. */
  stop(): void {
    this.#abort?.abort();
  }

  /** See `ChatSession.runTurn`. */
  async run(): Promise<TurnResult | undefined> {
    const { host, history, work } = this.#p;
    if (history.reading) await history.whenLoaded();
    const provider = host.provider;
    if (!provider || work.busy) return undefined;
    let part;
    try {
      part = await this.#p.code.load();
    } catch (error) {
      host.reportError('provider', (error as Error).message, error);
      return undefined;
    }
    if (work.busy) return undefined;
    this.#failed = false;
    work.start();
    const abort = (this.#abort = new AbortController());
    let result: TurnResult;
    try {
      // The first message waits for its servers: the model's first request carries their tools.
      await this.#p.serverWait.wait(abort.signal);
      const running = (this.#running = new part.ChatTurn(this.#view(), abort.signal));
      result = await running.run(provider, part.runTurn);
    } finally {
      this.#running = undefined;
      this.#abort = undefined;
      work.stop();
    }
    if (result.reason === 'error') {
      this.#failed = true;
      host.reportError('provider', errorInWords(result.error), result.error);
    }
    host.turnEnded(result);
    return result;
  }

  /**
   * What the running turn sees of the session (`TurnSessionView`): closures
   * over its parts, so the turn code (loaded with the providers) needs no
   * more of the session than this.
   */
  #view(): TurnSessionView {
    const turn = this;
    const { host, history, cards, calls } = this.#p;
    return {
      host,
      get messages() {
        return history.messages;
      },
      get conversationId() {
        return history.conversation?.id;
      },
      calls: cards,
      get detached() {
        return turn.#p.detached();
      },
      alwaysAllowed: calls.alwaysAllowed,
      get streaming() {
        return turn.#streaming;
      },
      set streaming(message) {
        turn.#streaming = message;
      },
      get toolSelection() {
        return turn.#toolSelection;
      },
      set toolSelection(selection) {
        turn.#toolSelection = selection;
      },
      append: (message, extra) => this.#p.append(message, extra),
      show: (message) => history.show(message),
      queueSave: (task) => void history.queueSave(task),
      saved: () => history.saved(),
      setCallStop: (toolUseId, stop) => calls.setStop(toolUseId, stop),
      taskTracker: (toolUseId, name) => calls.taskTracker(toolUseId, name),
    };
  }
}
