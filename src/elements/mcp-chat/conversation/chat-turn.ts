import { defaultApprovalPolicy, toolKey } from '../../../agent/approval.js';
import type { runTurn as RunTurn } from '../../../agent/run-turn.js';
import type { ToolSelection } from '../../../agent/tool-selection.js';
import type { AgentCallOptions, AgentToolHost, TurnEvent, TurnResult } from '../../../agent/types.js';
import type { Message, MessageBlock, ToolUseBlock } from '../../../content/index.js';
import { saveMessages } from '../../../history/save.js';
import type { ModelProvider } from '../../../providers/types.js';
import { serverKey } from '../../../mcp/server-key.js';
import { INTERRUPTED_META_KEY, type ChatSessionHost, type TaskTracker } from './contract.js';
import { REPLACES_META_KEY } from './conversation-branches.js';
import type { ToolCalls } from './tool-calls.js';
import { contextTrimNote } from '../../../content/fit-context.js';
import { attachedFiles, fillFileArguments, toolForModel } from './file-inputs.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/** How often, at most, the answer streaming in is saved (ms). */
const PARTIAL_SAVE_MS = 1000;

/** How a stopped call is reported to the turn loop (it records the call as `cancelled`). */
const stoppedError = () => new DOMException('The person stopped this tool call.', 'AbortError');

/**
 * What a running turn sees of its `ChatSession` (built by the session with
 * closures over its own state, so the session's surface does not grow).
 */
export interface TurnSessionView {
  readonly host: ChatSessionHost;
  readonly messages: readonly Message[];
  readonly conversationId: string | undefined;
  readonly calls: ToolCalls;
  /** The element left the page (the answer streaming in was saved as it was). */
  readonly detached: boolean;
  /** Tools the person allowed for the rest of this conversation ("Always allow"). */
  readonly alwaysAllowed: Set<string>;
  streaming: Message | undefined;
  toolSelection: ToolSelection | undefined;
  /** Adds a message to the conversation and saves it (in order). */
  append(message: Message, extra?: Record<string, unknown>): Promise<void>;
  /** Shows a message without saving it. */
  show(message: Message): void;
  /** Runs `task` after the saves queued before it (a failure is the task's to handle). */
  queueSave(task: () => Promise<void>): void;
  /** Resolves when every save queued so far is done. */
  saved(): Promise<unknown>;
  /** Registers (or, with undefined, forgets) the Stop of one running call. */
  setCallStop(toolUseId: string, stop: AbortController | undefined): void;
  /** Follows the MCP task of one call (see `ChatSession`). */
  taskTracker(toolUseId: string, name: string): TaskTracker;
}

/**
 * One model turn of `<mcp-chat>`: the glue between `runTurn` (the agent loop)
 * and the chat's session: streaming shown and saved as it comes (about once a
 * second and on `pagehide`, marked interrupted until the finished answer
 * replaces it), tool calls with per-call Stop and MCP tasks, approvals
 * ("Always allow" for the rest of the conversation, logged in the store).
 * Loaded with the providers (the `model` chunk) when a model is first used.
 */
export class ChatTurn {
  readonly #session: TurnSessionView;
  readonly #signal: AbortSignal;
  #approvals = new Map<string, (ok: boolean) => void>();
  /** The arguments of the tool calls streaming in: name and JSON text so far, by call id. */
  #arguments = new Map<string, { name: string; text: string }>();
  /** The answer streaming in, as it is saved: where it goes in the conversation, whether a partial save was made. */
  #partial?: {
    at: number;
    text: MessageBlock[];
    saved: boolean;
    done: boolean;
    finished: boolean;
    last: number;
    timer?: ReturnType<typeof setTimeout>;
  };

  constructor(session: TurnSessionView, signal: AbortSignal) {
    this.#session = session;
    this.#signal = signal;
  }

  /** Runs the turn on the conversation as it is; reports a failed turn and its end to the host. */
  async run(provider: ModelProvider, runTurn: typeof RunTurn): Promise<TurnResult> {
    const session = this.#session;
    const host = session.host;
    const { systemPrompt, appContext, maxRounds, policy, model } = host.turnSettings;
    const base = policy ?? defaultApprovalPolicy;
    let result: TurnResult;
    try {
      result = await runTurn({
        provider,
        messages: session.messages,
        tools: this.#toolHost(),
        systemPrompt,
        appContext,
        maxRounds,
        model,
        signal: this.#signal,
        policy: (tool, input) => (session.alwaysAllowed.has(toolKey(tool)) ? 'allow' : base(tool, input)),
        approve: ({ toolUse, signal }) =>
          new Promise<boolean>((resolve) => {
            this.#approvals.set(toolUse.id, resolve);
            signal.addEventListener('abort', () => resolve(false), { once: true });
          }),
        onMessage: (message) => this.#recordTurnMessage(message),
        onEvent: (event) => this.#onTurnEvent(event),
        onToolSelection: (selection) => {
          const changed =
            selection.omitted.length !== session.toolSelection?.omitted.length || selection.total !== session.toolSelection?.total;
          session.toolSelection = selection;
          if (changed) host.requestUpdate();
        },
      });
    } finally {
      if (this.#partial) clearTimeout(this.#partial.timer);
      this.#partial = undefined;
      session.streaming = undefined;
      this.#approvals.clear();
    }
    return result;
  }

  /** Saves the text streamed so far, marked interrupted, replacing any earlier partial save of the same answer. */
  savePartial(): void {
    const partial = this.#partial;
    const session = this.#session;
    if (!partial) return;
    clearTimeout(partial.timer);
    partial.timer = undefined;
    const store = session.host.store;
    if (partial.done || !partial.text.length || !store) return;
    partial.last = Date.now();
    partial.saved = true;
    const message: Message = {
      role: 'assistant',
      content: partial.text,
      _meta: { [INTERRUPTED_META_KEY]: true, [REPLACES_META_KEY]: partial.at },
    };
    session.queueSave(async () => {
      try {
        const id = session.conversationId;
        if (id) await saveMessages(store, id, [{ ...message }]);
      } catch {
        // The finished answer is saved again whole; a failed partial save only loses the partial.
      }
    });
  }

  /** The person answered an approval request. */
  answerApproval(toolUseId: string, approved: boolean, always: boolean): void {
    const resolve = this.#approvals.get(toolUseId);
    if (!resolve) return;
    this.#approvals.delete(toolUseId);
    const use = this.#useOf(toolUseId);
    if (always && approved && use) {
      const tool = this.#session.host.servers.getTool(use.name);
      this.#session.alwaysAllowed.add(tool ? toolKey(tool) : use.name);
    }
    void this.#logApproval(toolUseId, approved);
    resolve(approved);
  }

  async #logApproval(toolUseId: string, approved: boolean): Promise<void> {
    const session = this.#session;
    const store = session.host.store;
    const use = this.#useOf(toolUseId);
    if (!store || !use) return;
    await session.saved();
    const conversationId = session.conversationId;
    if (!conversationId) return;
    const url = session.host.servers.getTool(use.name)?.connection?.url; // none for a page tool
    await store
      .appendActivity({
        conversationId,
        kind: 'tool-approval',
        toolUseId,
        server: url === undefined ? undefined : serverKey(url),
        request: { method: 'tools/call', params: { name: use.name, arguments: use.input } },
        response: { result: { action: approved ? 'approve' : 'deny' } },
        respondedAt: Date.now(),
      })
      .catch(() => {});
  }

  #useOf(toolUseId: string): ToolUseBlock | undefined {
    return this.#session.messages.flatMap((m) => m.content).find((b): b is ToolUseBlock => b.type === 'tool_use' && b.id === toolUseId);
  }

  /** The turn's message `message` is recorded: it completes (or, when the stream failed, is) the answer saved so far. */
  #recordTurnMessage(message: Message): Promise<void> {
    const session = this.#session;
    const partial = this.#partial;
    if (message.role !== 'assistant' || !partial || partial.done) return session.append(message);
    clearTimeout(partial.timer);
    partial.done = true;
    const meta = { ...(message._meta ?? {}), ...(partial.finished ? {} : { [INTERRUPTED_META_KEY]: true }) };
    const shown: Message = Object.keys(meta).length ? { ...message, _meta: meta } : message;
    if (session.detached && partial.saved && !partial.finished) {
      session.show(shown);
      return Promise.resolve();
    }
    return session.append(shown, partial.saved ? { _meta: { ...meta, [REPLACES_META_KEY]: partial.at } } : {});
  }

  /** The agent's view of the tools: per-call Stop on top of the turn's signal. */
  #toolHost(): AgentToolHost {
    const session = this.#session;
    const servers = session.host.servers;
    return {
      // SEP-2356: file arguments are shown to the model as the name of an attached file, and filled with it here.
      listTools: async () => {
        const files = attachedFiles(session.messages);
        return (await servers.listTools()).map((tool) => toolForModel(tool, files));
      },
      listInstructions: () => servers.listInstructions(),
      callTool: async (name: string, args: Record<string, unknown>, options: AgentCallOptions) => {
        const tool = servers.getTool(name);
        if (tool) {
          try {
            args = fillFileArguments(tool, args, attachedFiles(session.messages));
          } catch (error) {
            return { content: [{ type: 'text', text: (error as Error).message }], isError: true };
          }
        }
        const own = new AbortController();
        session.setCallStop(options.toolUseId, own);
        const task = session.taskTracker(options.toolUseId, name);
        try {
          return await servers.callTool(name, args, {
            ...options,
            signal: AbortSignal.any([options.signal, own.signal]),
            ontask: task.ontask,
          });
        } catch (error) {
          if (own.signal.aborted) throw stoppedError();
          throw error;
        } finally {
          task.end();
          session.setCallStop(options.toolUseId, undefined);
        }
      },
    };
  }

  #onTurnEvent(event: TurnEvent): void {
    const session = this.#session;
    const host = session.host;
    const servers = host.servers;
    switch (event.type) {
      case 'round-start':
        if (this.#partial) clearTimeout(this.#partial.timer);
        this.#partial = { at: session.messages.length, text: [], saved: false, done: false, finished: false, last: Date.now() };
        session.streaming = { role: 'assistant', content: [] };
        host.streamChanged();
        return;
      case 'delta': {
        const delta = event.delta;
        if (delta.type === 'tool-call-start') this.#arguments.set(delta.id, { name: delta.name, text: '' });
        else if (delta.type === 'tool-call-delta') {
          const call = this.#arguments.get(delta.id);
          if (call) host.toolInputStreaming?.(delta.id, call.name, (call.text += delta.argumentsDelta));
        } else if (delta.type === 'tool-call-end') this.#arguments.delete(delta.id);
        const streaming: Message = { role: 'assistant', content: event.content.filter(Boolean).map((b) => ({ ...b })) as MessageBlock[] };
        session.streaming = streaming;
        host.streamChanged();
        this.#partialChanged(streaming.content);
        return;
      }
      case 'message':
        if (event.message.role === 'assistant') {
          session.streaming = undefined;
          for (const block of event.message.content) {
            if (block.type !== 'tool_use') continue;
            const tool = servers.getTool(block.name);
            session.calls.update(block.id, { status: 'pending', server: tool?.server, title: tool?.title });
          }
          const text = event.message.content
            .filter((b) => b.type === 'text')
            .map((b) => b.text)
            .join('\n');
          // Old messages left out of this request (by the agent or the model itself): said with the answer,
          // which would otherwise replace the announcement before it is read.
          const trimmed = contextTrimNote(event.message);
          const said = [trimmed ? host.text.contextTrimmed(trimmed.droppedMessages) : '', text ? host.text.assistantSaid(text) : '']
            .filter(Boolean)
            .join(' ');
          if (said) host.announce(said);
        }
        return;
      case 'tool-approval':
        session.calls.update(event.toolUse.id, {
          status: 'approval',
          open: true,
          serverUrl: servers.getTool(event.toolUse.name)?.connection?.url,
        });
        host.announce(host.text.needsApproval(event.toolUse.name));
        host.approvalAsked?.(servers.getTool(event.toolUse.name)?.title ?? event.toolUse.name);
        return;
      case 'tool-start':
        session.calls.update(event.toolUse.id, { status: 'running', server: event.tool?.server, title: event.tool?.title });
        host.announce(host.text.running(event.toolUse.name));
        return;
      case 'tool-progress':
        session.calls.update(event.toolUse.id, { progress: event.progress });
        return;
      case 'tool-end': {
        const { status } = event;
        session.calls.update(event.toolUse.id, { status, result: event.result, progress: undefined });
        host.announce(host.text.toolStatus(event.toolUse.name, status));
        host.toolCalled(event.toolUse, event.result, status, servers.getTool(event.toolUse.name)?.server);
        return;
      }
      case 'context-trimmed':
        // The conversation keeps every message; only the request left the oldest out. Said with
        // the answer, which carries the note (`CONTEXT_META_KEY`), see 'message' above.
        return;
      case 'provider-result':
        if (this.#partial) {
          this.#partial.finished = true;
          clearTimeout(this.#partial.timer);
        }
        return;
      default: {
        const never: never = event;
        void never;
      }
    }
  }

  /** New streamed content: its text (never a half-made tool call, which would break the pairing) is saved at most once a second. */
  #partialChanged(content: readonly MessageBlock[]): void {
    const partial = this.#partial;
    if (!partial || partial.done || partial.finished) return;
    partial.text = content.filter((b) => b.type === 'text' && b.text !== '');
    if (partial.timer === undefined && partial.text.length) {
      partial.timer = setTimeout(() => this.savePartial(), Math.max(0, PARTIAL_SAVE_MS - (Date.now() - partial.last)));
    }
  }
}
