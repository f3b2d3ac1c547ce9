import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { defaultApprovalPolicy } from '../../agent/approval.js';
import { runTurn } from '../../agent/run-turn.js';
import type { AgentCallOptions, AgentToolHost, ApprovalPolicy, TurnEvent, TurnResult } from '../../agent/types.js';
import type { Message, MessageBlock, ToolResultBlock, ToolUseBlock } from '../../content/index.js';
import { clientToolResult, toolCallRecord, toolResultBlock } from '../../content/tool-result.js';
import type { Conversation, HistoryStore } from '../../history/index.js';
import type { ModelProvider } from '../../providers/types.js';
import type { ToolCallView } from '../content/mcp-message/mcp-message.js';
import type { ServerSet } from './server-set.js';

/** What the session needs from its element. */
export interface ChatSessionHost extends ReactiveControllerHost, EventTarget {
  readonly serverSet: ServerSet;
  readonly chatProvider: ModelProvider | undefined;
  readonly chatStore: HistoryStore | undefined;
  systemPrompt?: string;
  maxRounds: number;
  policy?: ApprovalPolicy;
  model?: string;
  /** Called for every streamed piece (the element repaints once per frame). */
  streamChanged(): void;
  /** Tells screen reader users something, politely. */
  announce(text: string): void;
  /** Reports an error to the person and as an `mcp-chat-error` event. */
  reportError(source: 'provider' | 'history' | 'server' | 'import' | 'tool', message: string, error: unknown): void;
  /** Fires the element's typed events. */
  turnEnded(result: TurnResult): void;
  toolCalled(use: ToolUseBlock, result: ToolResultBlock, status: 'done' | 'error' | 'cancelled' | 'denied', server?: string): void;
}

/** Marks tool calls the person ran from the palette (not asked by a model). */
export const MANUAL_META_KEY = 'mcp-elements/manual';

/** How a stopped call is reported to the turn loop (it records the call as `cancelled`). */
const stoppedError = () => new DOMException('The person stopped this tool call.', 'AbortError');

/**
 * The conversation of one `<mcp-chat>`: its messages, the state of every
 * tool call, the running turn (with Stop), approvals, and saving to the
 * history store as messages happen.
 */
export class ChatSession implements ReactiveController {
  messages: Message[] = [];
  /** Per tool_use id. Replaced (not mutated) on change, so renderers see the change. */
  views = new Map<string, ToolCallView>();
  /** The assistant message streaming in, if any. */
  streaming: Message | undefined;
  busy = false;
  conversation: Conversation | undefined;
  /** Inline elements (elicitation, sampling) per tool_use id. */
  inline = new Map<string, HTMLElement[]>();

  readonly #host: ChatSessionHost;
  #turn?: AbortController;
  #calls = new Map<string, AbortController>();
  #approvals = new Map<string, (ok: boolean) => void>();
  #alwaysAllowed = new Set<string>();
  #saving: Promise<unknown> = Promise.resolve();

  constructor(host: ChatSessionHost) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  #view(id: string, patch: Partial<ToolCallView>): void {
    const views = new Map(this.views);
    views.set(id, { ...views.get(id), ...patch });
    this.views = views;
    this.#host.requestUpdate();
  }

  /** Starts an empty conversation (saved when its first message is). */
  clear(): void {
    this.stop();
    this.messages = [];
    this.views = new Map();
    this.inline = new Map();
    this.streaming = undefined;
    this.conversation = undefined;
    this.#alwaysAllowed.clear();
    this.#host.requestUpdate();
  }

  /** Shows a stored conversation. */
  async open(id: string): Promise<void> {
    const store = this.#host.chatStore;
    if (!store) return;
    this.stop();
    const conversation = await store.getConversation(id);
    if (!conversation) throw new Error(`There is no saved conversation ${id}.`);
    const stored = await store.loadLast(id, Math.max(conversation.messageCount, 1));
    this.conversation = conversation;
    this.messages = stored.map(({ role, content, _meta }) => (_meta ? { role, content, _meta } : { role, content }));
    this.inline = new Map();
    this.views = rebuildViews(this.messages, this.#host.serverSet);
    this.#host.requestUpdate();
  }

  async #ensureConversation(first: Message): Promise<string | undefined> {
    const store = this.#host.chatStore;
    if (!store) return undefined;
    if (!this.conversation) {
      const text = first.content.find((b) => b.type === 'text')?.text as string | undefined;
      const tool = first.content.find((b): b is ToolUseBlock => b.type === 'tool_use')?.name;
      this.conversation = await store.createConversation({
        title: (text ?? (tool ? `Tool: ${tool}` : 'New conversation')).trim().slice(0, 80) || 'New conversation',
        servers: this.#host.serverSet.connections.map((c) => ({ url: c.url, name: c.name })),
        provider: this.#host.chatProvider?.id,
        model: this.#host.model,
      });
      this.#host.dispatchEvent(new Event('conversation-change'));
    }
    return this.conversation.id;
  }

  /** Adds a message to the conversation and saves it (saves are kept in order). */
  async append(message: Message, extra: Record<string, unknown> = {}): Promise<void> {
    this.messages = [...this.messages, message];
    this.#host.requestUpdate();
    this.#saving = this.#saving.then(async () => {
      try {
        const id = await this.#ensureConversation(message);
        if (id) await this.#host.chatStore!.appendMessages(id, [{ ...message, ...extra }]);
      } catch (error) {
        this.#host.reportError('history', `This message could not be saved: ${error instanceof Error ? error.message : String(error)}`, error);
      }
    });
    await this.#saving;
  }

  /** Waits until every message so far is saved. */
  saved(): Promise<unknown> {
    return this.#saving;
  }

  /** The agent's view of the tools: per-call Stop on top of the turn's signal. */
  #toolHost(): AgentToolHost {
    const servers = this.#host.serverSet;
    return {
      listTools: () => servers.listTools(),
      listInstructions: () => servers.listInstructions(),
      callTool: async (name: string, args: Record<string, unknown>, options: AgentCallOptions) => {
        const own = new AbortController();
        this.#calls.set(options.toolUseId, own);
        try {
          return await servers.callTool(name, args, { ...options, signal: AbortSignal.any([options.signal, own.signal]) });
        } catch (error) {
          if (own.signal.aborted) throw stoppedError();
          throw error;
        } finally {
          this.#calls.delete(options.toolUseId);
        }
      },
    };
  }

  /** Runs a model turn on the conversation as it is (it should end with the person's message). */
  async runTurn(): Promise<TurnResult | undefined> {
    const provider = this.#host.chatProvider;
    if (!provider || this.busy) return undefined;
    this.busy = true;
    const turn = (this.#turn = new AbortController());
    this.#host.requestUpdate();
    const base = this.#host.policy ?? defaultApprovalPolicy;
    let result: TurnResult;
    try {
      result = await runTurn({
        provider,
        messages: this.messages,
        tools: this.#toolHost(),
        systemPrompt: this.#host.systemPrompt,
        maxRounds: this.#host.maxRounds,
        model: this.#host.model,
        signal: turn.signal,
        policy: (tool, input) => (this.#alwaysAllowed.has(tool.name) ? 'allow' : base(tool, input)),
        approve: ({ toolUse, signal }) =>
          new Promise<boolean>((resolve) => {
            this.#approvals.set(toolUse.id, resolve);
            signal.addEventListener('abort', () => resolve(false), { once: true });
          }),
        onMessage: (message) => this.append(message),
        onEvent: (event) => this.#onTurnEvent(event),
      });
    } finally {
      this.busy = false;
      this.streaming = undefined;
      this.#turn = undefined;
      this.#approvals.clear();
      this.#host.requestUpdate();
    }
    if (result.reason === 'error') {
      this.#host.reportError('provider', describe(result.error), result.error);
    }
    this.#host.turnEnded(result);
    return result;
  }

  #onTurnEvent(event: TurnEvent): void {
    const servers = this.#host.serverSet;
    switch (event.type) {
      case 'round-start':
        this.streaming = { role: 'assistant', content: [] };
        this.#host.streamChanged();
        return;
      case 'delta':
        this.streaming = { role: 'assistant', content: event.content.filter(Boolean).map((b) => ({ ...b })) as MessageBlock[] };
        this.#host.streamChanged();
        return;
      case 'message':
        if (event.message.role === 'assistant') {
          this.streaming = undefined;
          for (const block of event.message.content) {
            if (block.type !== 'tool_use') continue;
            const tool = servers.getTool(block.name);
            this.#view(block.id, { status: 'pending', server: tool?.server, title: tool?.title });
          }
          const text = event.message.content.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
          if (text) this.#host.announce(`Assistant: ${text}`);
        }
        return;
      case 'tool-approval':
        this.#view(event.toolUse.id, { status: 'approval', open: true });
        this.#host.announce(`${event.toolUse.name} needs your approval.`);
        return;
      case 'tool-start':
        this.#view(event.toolUse.id, { status: 'running', server: event.tool?.server, title: event.tool?.title });
        this.#host.announce(`Running ${event.toolUse.name}.`);
        return;
      case 'tool-progress':
        this.#view(event.toolUse.id, { progress: event.progress });
        return;
      case 'tool-end': {
        const status = event.status;
        this.#view(event.toolUse.id, { status, result: event.result, progress: undefined });
        this.#host.announce(`${event.toolUse.name}: ${status === 'done' ? 'done' : status}.`);
        this.#host.toolCalled(event.toolUse, event.result, status, servers.getTool(event.toolUse.name)?.server);
        return;
      }
      case 'provider-result':
        return;
      default: {
        const never: never = event;
        void never;
      }
    }
  }

  /** The person answered an approval request. */
  answerApproval(toolUseId: string, approved: boolean, always: boolean): void {
    const resolve = this.#approvals.get(toolUseId);
    if (!resolve) return;
    this.#approvals.delete(toolUseId);
    if (always && approved) {
      const use = this.messages.flatMap((m) => m.content).find((b): b is ToolUseBlock => b.type === 'tool_use' && b.id === toolUseId);
      if (use) this.#alwaysAllowed.add(use.name);
    }
    void this.#logApproval(toolUseId, approved);
    resolve(approved);
  }

  async #logApproval(toolUseId: string, approved: boolean): Promise<void> {
    const store = this.#host.chatStore;
    const use = this.messages.flatMap((m) => m.content).find((b): b is ToolUseBlock => b.type === 'tool_use' && b.id === toolUseId);
    if (!store || !use) return;
    await this.#saving;
    if (!this.conversation) return;
    await store
      .appendActivity({
        conversationId: this.conversation.id,
        kind: 'tool-approval',
        toolUseId,
        server: this.#host.serverSet.getTool(use.name)?.connection.url,
        request: { method: 'tools/call', params: { name: use.name, arguments: use.input } },
        response: { result: { action: approved ? 'approve' : 'deny' } },
        respondedAt: Date.now(),
      })
      .catch(() => {});
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

  /** Runs a tool the person picked from the palette, recorded as a call and its result. */
  async runToolDirectly(name: string, args: Record<string, unknown>): Promise<void> {
    const servers = this.#host.serverSet;
    const tool = servers.getTool(name);
    if (!tool || this.busy) return;
    this.busy = true;
    const id = `manual_${crypto.randomUUID().replace(/-/g, '')}`;
    const use: ToolUseBlock = { type: 'tool_use', id, name, input: args };
    this.#view(id, { status: 'running', server: tool.server, title: tool.title, open: true });
    try {
      await this.append({ role: 'assistant', content: [use], _meta: { [MANUAL_META_KEY]: true } });
      const own = new AbortController();
      this.#calls.set(id, own);
      let result: ToolResultBlock;
      let status: 'done' | 'error' | 'cancelled';
      try {
        const r = await servers.callTool(name, args, {
          signal: own.signal,
          toolUseId: id,
          onprogress: (progress) => this.#view(id, { progress }),
        });
        status = r.isError ? 'error' : 'done';
        result = toolResultBlock(id, r, { status, server: tool.server, title: tool.title });
      } catch (error) {
        status = own.signal.aborted ? 'cancelled' : 'error';
        const text = own.signal.aborted ? 'The person stopped this tool call.' : `The tool call failed: ${describe(error)}`;
        result = clientToolResult(id, text, { status, server: tool.server, title: tool.title });
      } finally {
        this.#calls.delete(id);
      }
      this.#view(id, { status, result, progress: undefined });
      await this.append({ role: 'user', content: [result] });
      this.#host.toolCalled(use, result, status, tool.server);
      this.#host.announce(`${name}: ${status}.`);
    } finally {
      this.busy = false;
      this.#host.requestUpdate();
    }
  }
}

/** Views for a conversation loaded from the store. */
function rebuildViews(messages: readonly Message[], servers: ServerSet): Map<string, ToolCallView> {
  const views = new Map<string, ToolCallView>();
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'tool_use') {
        const tool = servers.getTool(block.name);
        views.set(block.id, { status: 'cancelled', server: tool?.server, title: tool?.title });
      } else if (block.type === 'tool_result') {
        const record = toolCallRecord(block);
        const known = views.get(block.toolUseId);
        views.set(block.toolUseId, { ...known, result: block, status: record.status, server: known?.server ?? record.server, title: known?.title ?? record.title });
      }
    }
  }
  return views;
}

/** A provider or tool error in words. */
export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
