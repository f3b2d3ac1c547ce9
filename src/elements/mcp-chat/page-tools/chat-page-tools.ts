import { nothing, type ReactiveController } from 'lit';
import type { AgentTool } from '../../../agent/types.js';
import type { PageToolFilter } from '../../../page-tools/tool-patterns.js';
import type { PageTool, RegisterToolOptions } from '../../../page-tools/types.js';
import type { WebMcpImport } from '../../../page-tools/web-mcp-import.js';
import type { PublishableHub, WebMcpPublisherOptions } from '../../../page-tools/web-mcp-publish.js';
import { pageModelContext } from '../../../page-tools/types.js';
import type { Loader } from '../../shared/lazy.js';
import { PageToolSlot, type PageToolRegistryCode } from './page-tool-slot.js';
import type { PublishedTools, PublishedToolsHost } from './published-tools.js';
import type { ChatStrings } from '../strings.js';

/** What the page-tools feature needs of the chat: what its published tools need (published-tools.ts, in the WebMCP chunk). */
export type ChatPageToolsHost = PublishedToolsHost;

/** `pageTools`: off (undefined / null), all (`''`), a pattern list or a function. */
export type ChatPageToolsSetting = string | PageToolFilter | null | undefined;
/** `publishTools`: off (undefined / null / `''`), a pattern list or a function of the hub tool. */
export type ChatPublishSetting = WebMcpPublisherOptions['tools'] | null | undefined;

/** The WebMCP code (`web-mcp.chunk.ts`), loaded when `page-tools` or `publish-tools` is first set. */
export type WebMcpCode = typeof import('./web-mcp.chunk.js');

/**
 * The page-tools feature of `<mcp-chat>` (issue 23, docs/page-tools.md):
 *
 * - the page's own tools (`chat.registerTool`, a `PageToolRegistry` behind a {@link PageToolSlot}
 *   made with the chat, so tools can be given before any server is set);
 * - with `page-tools`, the tools on the page's WebMCP `modelContext`
 *   ({@link WebMcpImport}, filtered by the attribute's patterns or the
 *   property's function);
 * - with `publish-tools`, the named server tools offered to browser agents
 *   and the calls agents make shown as cards ("A browser agent ran Forecast"):
 *   {@link PublishedTools} (published-tools.ts, in the WebMCP chunk), made once
 *   the hub has loaded.
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
  /** Made once `publish-tools` is first on and the hub and the code have loaded; kept (with its calls' cards) while it is closed. */
  #publisher?: PublishedTools;
  #connected = false;

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
      problems: [...(this.#publisher?.problems ?? [])],
    };
  }

  /** The person answered the approval card of a browser agent's call (ids of other calls are ignored). */
  answerAgentCall(id: string, approved: boolean): void {
    this.#publisher?.answer(id, approved);
  }

  /** The cards of the calls browser agents made through the published tools, oldest first. */
  renderAgentCalls(t: ChatStrings, strings: ChatStrings) {
    return this.#publisher ? this.#publisher.render(t, strings) : nothing;
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
      this.#host.requestUpdate();
      return;
    }
    if (this.#publisher?.open) await this.#publisher.setTools(this.#publish);
    else this.#ensurePublisher();
  }

  /** Makes the publisher once `publish-tools` is set, the chat is on the page and the hub has loaded. */
  #ensurePublisher(): void {
    const hub = this.#host.servers.hub;
    if (this.#publisher?.open || !this.#publish || !this.#connected || !hub) return;
    const code = this.#webMcp.value;
    if (!code) {
      void this.#load().then((loaded) => loaded && this.#ensurePublisher());
      return;
    }
    (this.#publisher ??= new code.PublishedTools(this.#host)).start(hub as unknown as PublishableHub, this.#publish);
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
