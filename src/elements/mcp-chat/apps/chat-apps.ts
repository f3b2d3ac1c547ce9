import { nothing, type ReactiveController } from 'lit';
import { defaultApprovalPolicy } from '../../../agent/approval.js';
import type { ContentBlock, Message } from '../../../content/index.js';
import type { McpConnection } from '../../../mcp/connection.js';
import { toolViewUri } from '../../../mcp/apps.js';
import { addStyles } from '../../shared/add-styles.js';
import type { Loader } from '../../shared/lazy.js';
import type { AppViews, AppViewsHost } from './app-views.js';

/** The apps' chunk (`app-views.chunk.ts`): `<mcp-app-view>`, the views' controller and its styles. */
export type AppViewsCode = typeof import('./app-views.chunk.js');

/** What the apps feature needs from its element: the views' host, and its shadow root for the chunk's style sheet. */
export interface ChatAppsHost extends AppViewsHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/**
 * The MCP Apps feature of `<mcp-chat>` as the first load holds it: it only
 * decides when the apps' code is needed (with `sandbox-url`, a connected
 * server listing a tool that has a view, `_meta.ui.resourceUri`: in idle time,
 * with the views' resources read ahead; or a message holding such a call), loads it
 * (app-views.chunk.ts) and from then on hands everything to the
 * {@link AppViews} made from it. Until then no app can have sent anything, so
 * there is no view, context or notice to give. A chunk that cannot be loaded
 * is said once above the composer (the tool card still shows the result),
 * as before.
 */
export class ChatApps implements ReactiveController {
  readonly #host: ChatAppsHost;
  readonly #code: Loader<AppViewsCode>;
  /** The messages' code (a view shows under its call's card), loaded ahead with the apps' code. */
  readonly #messages?: Loader<unknown>;
  /** The tool list the views were last prepared for. */
  #warmedFor?: readonly unknown[];
  #warmScheduled = false;
  #views?: AppViews;
  #loading = false;
  /** The latest arguments text of calls streaming in before the apps' code arrived, by call id. */
  readonly #streaming = new Map<string, { name: string; text: string }>();

  constructor(host: ChatAppsHost, code: Loader<AppViewsCode>, messages?: Loader<unknown>) {
    this.#host = host;
    this.#code = code;
    this.#messages = messages;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.servers.addEventListener('change', this.#onServers);
    this.#onServers();
  }

  hostDisconnected(): void {
    this.#host.servers.removeEventListener('change', this.#onServers);
  }

  /** `sandbox-url` set after the servers listed their tools: prepare now. */
  hostUpdate(): void {
    this.#onServers();
  }

  /**
   * Once a connected server lists tools with views (and the page has a
   * sandbox), in idle time: loads the messages' and the apps' code (with
   * <mcp-app-view> and the AppBridge) and reads the views' `ui://` resources
   * ahead, so the first view of the page starts when its result arrives
   * instead of loading all that then (docs/performance.md, "App view"). No
   * app code runs before a call.
   */
  readonly #onServers = () => {
    if (this.#warmScheduled || !this.#host.sandboxUrl) return;
    const tools = this.#host.servers.listTools();
    if (tools === this.#warmedFor) return;
    this.#warmedFor = tools;
    if (!this.#viewTargets().length) return;
    this.#warmScheduled = true;
    // Without requestIdleCallback (Safari), a task later.
    const idle = self.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1));
    idle(() => {
      this.#warmScheduled = false;
      void this.#prewarm();
    });
  };

  async #prewarm(): Promise<void> {
    const targets = this.#viewTargets();
    if (!targets.length) return;
    this.#messages?.load().catch(() => {});
    try {
      const code = await this.#code.load();
      code.prewarmAppViews(targets);
    } catch {
      // Said when a call first has a view (#load), not ahead of it.
    }
  }

  /**
   * The views (`ui://` URIs of its tools, each once) of each server whose tools are listed (`toolsReady`: connected,
   * or still connecting with its tools in; a read made then waits for `connected`). Not only the connected ones: the
   * tool list stays the same array when a server goes from the one to the other, and the warm-up looks again only
   * when the list changes (issue 42: it never ran when `sandbox-url` was set before the server connected).
   */
  #viewTargets(): Array<{ connection: McpConnection; uri: string }> {
    const targets: Array<{ connection: McpConnection; uri: string }> = [];
    for (const connection of this.#host.servers.connections) {
      if (!connection.toolsReady) continue;
      const uris = new Set(connection.tools.flatMap((t) => toolViewUri(t) ?? []));
      for (const uri of uris) targets.push({ connection, uri });
    }
    return targets;
  }

  /** The views under the calls of `message` (see `AppViews.viewsFor`); none until the apps' code is loaded. */
  viewsFor(message: Message): HTMLElement[] {
    if (this.#views) return this.#views.viewsFor(message);
    const host = this.#host;
    if (!host.sandboxUrl) return [];
    const hasView = message.content.some((block) => {
      if (block.type !== 'tool_use') return false;
      const found = host.servers.serverToolOf(block.name);
      return Boolean(found && toolViewUri(found.tool));
    });
    if (hasView) this.#load();
    return [];
  }

  /**
   * A model streams the arguments of call `id` (see `AppViews.inputStreaming`).
   * The first such call of a tool with a view loads the apps' code; what
   * streamed in meanwhile is handed over once it is there.
   */
  inputStreaming(id: string, name: string, argumentsText: string): void {
    if (this.#views) return this.#views.inputStreaming(id, name, argumentsText);
    const host = this.#host;
    if (!host.sandboxUrl) return;
    const found = host.servers.serverToolOf(name);
    if (!found || !toolViewUri(found.tool)) return;
    this.#streaming.set(id, { name, text: argumentsText });
    this.#load();
  }

  /** What the apps asked the model to know: text for the next turn's system prompt, pictures for its newest person message. */
  modelContext(): { prompt?: string; pictures: ContentBlock[] } | undefined {
    return this.#views?.modelContext();
  }

  /** The notice after an app's message was added with no model set up (nothing when there is none). */
  renderNotice() {
    return this.#views ? this.#views.renderNotice() : nothing;
  }

  /** Loads the apps' code once, makes the views' controller (it joins the element's controllers), then draws again. */
  #load(): void {
    if (this.#loading) return;
    this.#loading = true;
    this.#code.load().then(
      (code) => {
        addStyles(this.#host.renderRoot as ShadowRoot, code.appAskStyles);
        // The default rules come from here: agent/approval.ts stays in the first load, shared with the model's chunk.
        const views = (this.#views = new code.AppViews(this.#host, this.#code, defaultApprovalPolicy));
        for (const [id, { name, text }] of this.#streaming) views.inputStreaming(id, name, text);
        this.#streaming.clear();
        this.#host.requestUpdate();
      },
      (error: Error) => this.#host.reportError('tool', error.message, error),
    );
  }
}
