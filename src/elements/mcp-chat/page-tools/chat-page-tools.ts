import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AgentTool, ApprovalPolicy } from '../../../agent/types.js';
import { defaultApprovalPolicy } from '../../../agent/approval.js';
import type { PageToolFilter } from '../../../page-tools/tool-patterns.js';
import type { PageTool, RegisterToolOptions } from '../../../page-tools/types.js';
import type { WebMcpImport } from '../../../page-tools/web-mcp-import.js';
import { McpAgentToolCallEvent } from '../../../events/agent-tool-call.js';
import type { WebMcpPublisher, PublishableHub, PublishedToolCall, WebMcpPublisherOptions } from '../../../page-tools/web-mcp-publish.js';
import { pageModelContext } from '../../../page-tools/types.js';
import type { Loader } from '../../shared/lazy.js';
import { PageToolSlot, type PageToolRegistryCode } from './page-tool-slot.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatStrings } from '../strings.js';

/** What the page-tools feature needs of the chat. */
export interface ChatPageToolsHost extends ReactiveControllerHost {
  /** The chat's servers: page tools join their catalog (`addToolSource`). */
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

/** `pageTools`: off (undefined / null), all (`''`), a pattern list or a function. */
export type ChatPageToolsSetting = string | PageToolFilter | null | undefined;
/** `publishTools`: off (undefined / null / `''`), a pattern list or a function of the hub tool. */
export type ChatPublishSetting = WebMcpPublisherOptions['tools'] | null | undefined;

/** The WebMCP code (`web-mcp.chunk.ts`), loaded when `page-tools` or `publish-tools` is first set. */
export type WebMcpCode = typeof import('./web-mcp.chunk.js');

/** The calls browser agents made this page visit, kept at most this many (the oldest go first). */
const MAX_AGENT_CALLS = 20;

/**
 * The page-tools feature of `<mcp-chat>` (issue 23, docs/page-tools.md):
 *
 * - the page's own tools (`chat.registerTool`, a `PageToolRegistry` behind a {@link PageToolSlot}
 *   made with the chat, so tools can be given before any server is set);
 * - with `page-tools`, the tools on the page's WebMCP `modelContext`
 *   ({@link WebMcpImport}, filtered by the attribute's patterns or the
 *   property's function);
 * - with `publish-tools`, the named server tools offered to browser agents
 *   ({@link WebMcpPublisher}, made once the hub has loaded), and the calls
 *   agents make shown as cards ("A browser agent ran Forecast").
 *
 * Both page sources join the `ServerSet`'s catalog, so page tools are named,
 * approved, called, shown and saved as server tools are. Calls from browser
 * agents are not part of the conversation: they are not saved nor sent to the
 * model (the agent, not the person, asked for them); they are shown for this
 * visit and fired as `mcp-agent-tool-call` on the element for a page that
 * wants to keep them.
 */
export class ChatPageTools implements ReactiveController {
  readonly #host: ChatPageToolsHost;
  readonly #registry: PageToolSlot;
  readonly #webMcp: Loader<WebMcpCode>;
  /** Made (and joined to the servers' catalog) once `page-tools` is first on and the code is loaded. */
  #import?: WebMcpImport;
  /** Why the WebMCP code could not be loaded, if so (shown as the import's problem). */
  #loadProblem?: string;
  #filter: ChatPageToolsSetting;
  #publish: ChatPublishSetting;
  #publisher?: WebMcpPublisher;
  #connected = false;
  /** Calls by browser agents, by id, oldest first. */
  readonly #calls = new Map<string, PublishedToolCall>();
  /** Browser agents' calls waiting for the person's approval: id -> answer. */
  readonly #asking = new Map<string, (answer: boolean | string) => void>();

  constructor(host: ChatPageToolsHost, webMcp: Loader<WebMcpCode>, registry: PageToolRegistryCode) {
    this.#host = host;
    this.#webMcp = webMcp;
    this.#registry = new PageToolSlot(registry);
    host.addController(this);
    host.servers.addToolSource(this.#registry);
    // The hub loads with the first server: publishing starts then.
    host.servers.addEventListener('change', () => this.#ensurePublisher());
  }

  /** `chat.registerTool`: adds a tool (WebMCP's dictionary); aborting `options.signal` removes it. */
  registerTool(tool: PageTool, options?: RegisterToolOptions): Promise<void> {
    return this.#registry.registerTool(tool, options);
  }

  /** The element's `pageTools` and `publishTools` changed (or were first set). */
  configure(pageTools: ChatPageToolsSetting, publishTools: ChatPublishSetting): void {
    const importChanged = pageTools !== this.#filter;
    const publishChanged = publishTools !== this.#publish;
    this.#filter = pageTools;
    this.#publish = publishTools;
    if (!this.#connected) return;
    if (importChanged) void this.#applyImport();
    if (publishChanged) void this.#applyPublish();
  }

  hostConnected(): void {
    this.#connected = true;
    void this.#applyImport();
    void this.#applyPublish();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#import?.close();
    this.#publisher?.close();
    this.#publisher = undefined;
  }

  /** Whether `page-tools` is on (the attribute present, or the property set). */
  get importing(): boolean {
    return this.#filter !== undefined && this.#filter !== null;
  }

  /** The Servers panel's view of the feature (see `renderPageToolsSection`). */
  get status(): PageToolsStatus {
    const tools = this.#host.servers.listTools().filter((t) => t.key?.startsWith('page:'));
    return {
      tools,
      importing: this.importing,
      webMcp: this.#import?.available ?? webMcpHere(),
      problem: this.#import?.problem ?? this.#loadProblem,
      published: this.#publisher?.published ?? [],
      problems: [...(this.#publisher?.problems ?? new Map<string, string>())],
    };
  }

  /** The person answered the approval card of a browser agent's call (ids of other calls are ignored). */
  answerAgentCall(id: string, approved: boolean): void {
    this.#asking.get(id)?.(approved);
  }

  /** The calls browser agents made through the published tools, oldest first. */
  get agentCalls(): readonly PublishedToolCall[] {
    return [...this.#calls.values()];
  }

  async #applyImport(): Promise<void> {
    if (!this.importing) {
      this.#import?.close();
      return;
    }
    const imported = await this.#importer();
    // Turned off (or the chat left the page) while the code loaded.
    if (!imported || !this.importing || !this.#connected) return;
    const filter = this.#filter || null; // '' (the bare attribute): every tool
    await imported.setFilter(filter);
    await imported.start();
    this.#host.requestUpdate();
  }

  /** The import, made on first use: it joins the servers' catalog after the registry, as it always did. */
  async #importer(): Promise<WebMcpImport | undefined> {
    if (this.#import) return this.#import;
    const code = await this.#load();
    if (!code || this.#import) return this.#import;
    const imported = new code.WebMcpImport();
    this.#import = imported;
    this.#host.servers.addToolSource(imported);
    imported.addEventListener('mcp-page-tools-change', () => this.#host.requestUpdate());
    return imported;
  }

  async #load(): Promise<WebMcpCode | undefined> {
    try {
      const code = await this.#webMcp.load();
      this.#loadProblem = undefined;
      return code;
    } catch (error) {
      this.#loadProblem = (error as Error).message;
      this.#host.requestUpdate();
      return undefined;
    }
  }

  async #applyPublish(): Promise<void> {
    if (!this.#publish) {
      this.#publisher?.close();
      this.#publisher = undefined;
      this.#host.requestUpdate();
      return;
    }
    if (this.#publisher) await this.#publisher.setTools(this.#publish);
    else this.#ensurePublisher();
  }

  /** Makes the publisher once `publish-tools` is set, the chat is on the page and the hub has loaded. */
  #ensurePublisher(): void {
    const hub = this.#host.servers.hub;
    if (this.#publisher || !this.#publish || !this.#connected || !hub) return;
    const code = this.#webMcp.value;
    if (!code) {
      void this.#load().then((loaded) => loaded && this.#ensurePublisher());
      return;
    }
    const publisher = new code.WebMcpPublisher(hub as unknown as PublishableHub, {
      tools: this.#publish,
      approve: (call, signal) => this.#approve(call, signal),
    });
    this.#publisher = publisher;
    publisher.addEventListener('mcp-published-tools-change', () => this.#host.requestUpdate());
    publisher.addEventListener('mcp-published-tool-call', (e) => this.#agentCalled(e.call));
    void publisher.start().then(() => this.#host.requestUpdate());
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

/** Whether the page has a `modelContext` the import can read (before its code is loaded). */
function webMcpHere(): boolean {
  const context = pageModelContext();
  return typeof context?.getTools === 'function' && typeof context.executeTool === 'function';
}

/** What the Servers panel shows of the page's tools. */
export interface PageToolsStatus {
  /** The page's tools in the chat's catalog (given with `registerTool` or imported). */
  tools: readonly AgentTool[];
  /** `page-tools` is on. */
  importing: boolean;
  /** The browser has WebMCP to import from. */
  webMcp: boolean;
  /** Why the page's WebMCP tools could not be read, if so. */
  problem: string | undefined;
  /** Names offered to browser agents now. */
  published: readonly string[];
  /** Tools that matched `publish-tools` but could not be offered: [name, reason]. */
  problems: ReadonlyArray<readonly [string, string]>;
}
