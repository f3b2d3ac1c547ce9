import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ContentBlock, Message, ToolResultBlock } from '../../../content/index.js';
import { toolCallRecord } from '../../../content/tool-result.js';
import type { McpAppContextUpdateEvent } from '../../../events/app-context-update.js';
import type { McpAppMessageEvent } from '../../../events/app-message.js';
import { toolViewUri } from '../../../mcp/apps.js';
import type { McpAppView } from '../../mcp-app-view/mcp-app-view.js';
import type { Loader } from '../../shared/lazy.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatErrorSource } from '../contract.js';


/** What the app views need from their element. */
export interface AppViewsHost extends ReactiveControllerHost, EventTarget {
  readonly servers: ServerSet;
  readonly messages: readonly Message[];
  readonly theme?: 'light' | 'dark';
  /** The sandbox proxy page (`sandbox-url`); without it the chat shows no app views. */
  readonly sandboxUrl?: string;
  /** A model is set up (an app's `ui/message` needs one to answer it). */
  readonly canSendAppMessage: boolean;
  /** Sends a message from an app as the person's and runs a turn (after the running one). */
  sendAppMessage(content: ContentBlock[]): void;
  /** Lists an error above the composer and fires `mcp-chat-error`. */
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/**
 * MCP Apps in the chat: one `<mcp-app-view>` under each tool call whose tool
 * has a view (`_meta.ui.resourceUri`), made from the conversation itself, so
 * it appears as soon as the call is in the conversation (input first, result
 * when it is there) and comes back with the stored input and result when a
 * conversation is reopened. Calls the person runs from the palette are calls
 * like any other. An app's `ui/message` becomes the person's next message
 * (refused when no model is set up; sent after a running turn ends); its `ui/update-model-context` is kept
 * per view and goes with the next model turn ({@link contextPrompt}).
 */
export class AppViews implements ReactiveController {
  readonly #host: AppViewsHost;
  #views = new Map<string, McpAppView>();
  #contexts = new Map<string, { tool: string; text: string }>();

  /** <mcp-app-view>'s code, loaded when a call first has a view (given by the element: chunks.ts). */
  readonly #appView: Loader<unknown>;

  constructor(host: AppViewsHost, appView: Loader<unknown>) {
    this.#host = host;
    this.#appView = appView;
    host.addController(this);
  }

  readonly #onMessage = (event: Event) => {
    const e = event as McpAppMessageEvent;
    if (!this.#host.canSendAppMessage) {
      e.preventDefault();
      return;
    }
    this.#host.sendAppMessage(e.message.content as ContentBlock[]);
  };

  readonly #onContext = (event: Event) => {
    const e = event as McpAppContextUpdateEvent;
    const view = e.composedPath().find((t): t is McpAppView => t instanceof HTMLElement && t.localName === 'mcp-app-view');
    if (!view?.toolUseId) return;
    const parts = (e.context.content ?? []).map((b) => (b.type === 'text' ? b.text : `[${b.type}]`));
    if (e.context.structuredContent) parts.push(JSON.stringify(e.context.structuredContent));
    this.#contexts.set(view.toolUseId, { tool: e.toolName, text: parts.join('\n') });
  };

  hostConnected(): void {
    this.#host.addEventListener('mcp-app-message', this.#onMessage);
    this.#host.addEventListener('mcp-app-context-update', this.#onContext);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('mcp-app-message', this.#onMessage);
    this.#host.removeEventListener('mcp-app-context-update', this.#onContext);
  }

  /** Before each render: views of calls no longer in the conversation get their teardown. */
  hostUpdate(): void {
    if (this.#views.size === 0) return;
    const ids = new Set(this.#host.messages.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []))));
    for (const [id, view] of this.#views) {
      if (ids.has(id)) continue;
      this.#views.delete(id);
      this.#contexts.delete(id);
      void view.close('The conversation was closed');
    }
  }

  /** What the apps asked the model to know, for the system prompt of the next turn (undefined when nothing). */
  contextPrompt(): string | undefined {
    if (this.#contexts.size === 0) return undefined;
    const lines = [...this.#contexts.values()].map(({ tool, text }) => `From the view of ${tool}:\n${text}`);
    return `Context from interactive tool views the person sees:\n\n${lines.join('\n\n')}`;
  }

  /** The views under the calls of `message` (created on first sight, then kept), for its `tool-<id>` slots. */
  viewsFor(message: Message): HTMLElement[] {
    const host = this.#host;
    if (!host.sandboxUrl) return [];
    const out: HTMLElement[] = [];
    for (const block of message.content) {
      if (block.type !== 'tool_use') continue;
      let view = this.#views.get(block.id);
      if (!view) {
        const found = host.servers.hub?.findTool(block.name);
        if (!found || !toolViewUri(found.tool)) continue;
        if (!this.#appView.value) {
          this.#loadAppView();
          continue;
        }
        view = document.createElement('mcp-app-view');
        view.slot = `tool-${block.id}`;
        view.closable = true;
        view.sandboxUrl = host.sandboxUrl;
        view.connection = found.connection;
        view.tool = found.tool;
        view.toolUseId = block.id;
        view.toolInput = (block.input ?? {}) as Record<string, unknown>;
        this.#views.set(block.id, view);
      }
      if (host.theme) view.theme = host.theme;
      else view.removeAttribute('theme');
      this.#deliver(view, this.#resultOf(block.id));
      out.push(view);
    }
    return out;
  }

  #loading = false;
  /** Loads the element, then draws again; if it cannot be loaded, says so once (the tool card still shows the result). */
  #loadAppView(): void {
    if (this.#loading) return;
    this.#loading = true;
    this.#appView.load().then(
      () => this.#host.requestUpdate(),
      (error: Error) => this.#host.reportError('tool', error.message, error),
    );
  }

  #resultOf(id: string): ToolResultBlock | undefined {
    for (const m of this.#host.messages) for (const b of m.content) if (b.type === 'tool_result' && b.toolUseId === id) return b;
    return undefined;
  }

  #delivered = new WeakSet<McpAppView>();

  #deliver(view: McpAppView, result: ToolResultBlock | undefined): void {
    if (!result || this.#delivered.has(view)) return;
    this.#delivered.add(view);
    const status = toolCallRecord(result).status;
    if (status === 'cancelled' || status === 'denied') {
      view.cancelTool(status === 'denied' ? 'The person refused this tool call.' : 'The person stopped this tool call.');
      return;
    }
    view.toolResult = {
      content: result.content,
      ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
      ...(result.isError !== undefined && { isError: result.isError }),
      ...(result._meta && { _meta: result._meta }),
    } as CallToolResult;
  }
}
