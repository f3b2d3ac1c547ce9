// The chat's side of `publish-tools` (issue 23): the publisher, the calls browser agents make and the
// person's approval of them. In the WebMCP chunk (web-mcp.chunk.ts), loaded when `page-tools` or
// `publish-tools` is first set: the first load carries none of it. ChatPageTools makes one once the
// hub has loaded and asks it for the cards and the panel's figures.
import { nothing, type ReactiveControllerHost } from 'lit';
import type { ApprovalPolicy } from '../../../agent/types.js';
import { defaultApprovalPolicy } from '../../../agent/approval.js';
import { McpAgentToolCallEvent } from '../../../events/agent-tool-call.js';
import {
  WebMcpPublisher,
  type PublishableHub,
  type PublishedToolCall,
  type WebMcpPublisherOptions,
} from '../../../page-tools/web-mcp-publish.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatStrings } from '../strings.js';
import { addStyles } from '../../shared/add-styles.js';
import { renderAgentCalls } from './page-tools-view.js';
import { agentCallStyles } from './page-tools.styles.js';
// The English text of browser agents' calls (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/** What the published tools need of the chat (a part of `ChatPageToolsHost`). */
export interface PublishedToolsHost extends ReactiveControllerHost {
  /** The chat's servers (the tools' annotations, for the page's `policy`). */
  readonly servers: ServerSet;
  readonly text: ChatStrings;
  /** Says something to screen readers (the live region). */
  announce(text: string): void;
  /** Fires an event on the element (`mcp-agent-tool-call`). */
  dispatchEvent(event: Event): boolean;
  /** Resolves once the message elements (`<mcp-tool-card>`) are loaded. */
  messagesReady(): Promise<void>;
  /** The page's `policy` (a `deny` refuses a browser agent's call too). */
  readonly policy?: ApprovalPolicy;
  /** The chat's shadow root (to find an agent's question and scroll it into sight). */
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** Scrolls the conversation so that `element` is seen (focus stays where it is). */
  showInList(element: HTMLElement): void;
  /** The chat is in sight (not a closed launcher): a browser agent's call that needs the person is refused while it is not. */
  readonly inSight: boolean;
}

/** The calls browser agents made this page visit, kept at most this many (the oldest go first). */
const MAX_AGENT_CALLS = 20;

/**
 * The named server tools offered to browser agents ({@link WebMcpPublisher}, while open) and the calls
 * agents make, shown as cards ("A browser agent ran Forecast") for this visit (they stay when the
 * publisher closes and opens again). Calls are not part of the conversation: not saved nor sent to the
 * model; they are fired as `mcp-agent-tool-call` on the element.
 */
export class PublishedTools {
  readonly #host: PublishedToolsHost;
  #publisher?: WebMcpPublisher;
  /** Calls by browser agents, by id, oldest first. */
  readonly #calls = new Map<string, PublishedToolCall>();
  /** Browser agents' calls waiting for the person's approval: id -> answer. */
  readonly #asking = new Map<string, (answer: boolean | string) => void>();
  /** The cards' style is in the chat's shadow root. */
  #styled = false;

  constructor(host: PublishedToolsHost) {
    this.#host = host;
  }

  /** The tools are offered now (opened, not closed since). */
  get open(): boolean {
    return this.#publisher !== undefined;
  }

  /** Offers the tools of `hub` that `tools` names to browser agents. */
  start(hub: PublishableHub, tools: WebMcpPublisherOptions['tools']): void {
    const host = this.#host;
    const publisher = (this.#publisher = new WebMcpPublisher(hub, { tools, approve: (call, signal) => this.#approve(call, signal) }));
    publisher.addEventListener('mcp-published-tools-change', () => host.requestUpdate());
    publisher.addEventListener('mcp-published-tool-call', (e) => this.#agentCalled(e.call));
    void publisher.start().then(() => host.requestUpdate());
  }

  /** Names offered to browser agents now. */
  get published(): readonly string[] {
    return this.#publisher?.published ?? [];
  }

  /** Tools that matched `publish-tools` but could not be offered: name -> reason. */
  get problems(): ReadonlyMap<string, string> {
    return this.#publisher?.problems ?? new Map<string, string>();
  }

  /** `publish-tools` changed while open. */
  async setTools(tools: WebMcpPublisherOptions['tools']): Promise<void> {
    await this.#publisher?.setTools(tools);
  }

  /** Withdraws every tool (the cards of the calls stay). */
  close(): void {
    this.#publisher?.close();
    this.#publisher = undefined;
  }

  /** The person answered the approval card of a browser agent's call (ids of other calls are ignored). */
  answer(id: string, approved: boolean): void {
    this.#asking.get(id)?.(approved);
  }

  /** The calls' cards, oldest first (nothing when there is none); their style is added with the first. */
  render(t: ChatStrings, strings: ChatStrings) {
    if (!this.#calls.size) return nothing;
    const root = this.#host.renderRoot;
    if (!this.#styled && root instanceof ShadowRoot) {
      addStyles(root, agentCallStyles);
      this.#styled = true;
    }
    return renderAgentCalls([...this.#calls.values()], t, strings);
  }

  /**
   * A browser agent called a published tool that is not read-only: the person
   * answers on its card ("A browser agent wants to run …", Approve / Deny, no
   * "Always allow": the agent is any script on the page). Refused at once when
   * the page's policy denies it or the chat is not in sight (a closed
   * launcher): nobody could see the question. The card does not take focus,
   * so a key the person was pressing elsewhere on the page cannot answer it.
   */
  #approve(call: PublishedToolCall, signal: AbortSignal): Promise<boolean | string> | string {
    const t = this.#host.text;
    const tool = this.#host.servers.getTool(call.name);
    if (tool && (this.#host.policy ?? defaultApprovalPolicy)(tool, call.input) === 'deny') return t.agentCallRefusedByPolicy;
    if (!this.#host.inSight) return t.agentCallRefusedClosed;
    return new Promise((resolve) => {
      const done = (answer: boolean | string) => {
        this.#asking.delete(call.id);
        resolve(answer);
      };
      this.#asking.set(call.id, done);
      signal.addEventListener('abort', () => done(false), { once: true });
    });
  }

  #agentCalled(call: PublishedToolCall): void {
    this.#calls.delete(call.id);
    this.#calls.set(call.id, call);
    while (this.#calls.size > MAX_AGENT_CALLS) {
      const oldest = this.#calls.keys().next().value!;
      this.#calls.delete(oldest);
      // Its card is gone: a question nobody can see any more is refused.
      this.#asking.get(oldest)?.(false);
    }
    if (call.status === 'approval') this.#host.announce(this.#host.text.agentAsks(call.title));
    if (call.status === 'running') this.#host.announce(this.#host.text.agentRan(call.title));
    void this.#host.messagesReady().then(async () => {
      this.#host.requestUpdate();
      if (call.status !== 'approval') return;
      // The question must be seen: the conversation scrolls to it (without taking focus).
      await this.#host.messagesReady();
      const card = this.#host.renderRoot.querySelector<HTMLElement>(`[part="agent-call"][data-call="${CSS.escape(call.id)}"]`);
      if (card) this.#host.showInList(card);
    });
    this.#host.dispatchEvent(new McpAgentToolCallEvent(call));
  }
}
