import type { CallToolResult } from '@modelcontextprotocol/client';
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { defaultApprovalPolicy } from '../../../agent/approval.js';
import type { ApprovalPolicy } from '../../../agent/types.js';
import type { ContentBlock, ImageBlock, Message, ToolResultBlock } from '../../../content/index.js';
import { clientToolResult, toolCallRecord, toolResultBlock, type CallToolResultLike } from '../../../content/tool-result.js';
import { appContextPictures, appContextPrompt } from '../../../content/frame.js';
import type { McpAppToolCallEvent } from '../../../events/app-tool-call.js';
import { serverKey } from '../../../mcp/server-key.js';
import type { McpAppContextUpdateEvent } from '../../../events/app-context-update.js';
import type { McpAppMessageEvent } from '../../../events/app-message.js';
import type { McpAppStateChangeEvent } from '../../../events/app-state-change.js';
import { toolViewUri } from '../../../mcp/apps.js';
import type { McpAppView } from '../../mcp-app-view/mcp-app-view.js';
import type { Loader } from '../../shared/lazy.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatErrorSource } from '../contract.js';
import { AppAsks, type AppAsksHost } from './app-asks.js';
import { AppToolSource } from './app-tools.js';
import { healPartialJson } from './partial-json.js';
import { savedViewOf, type SavedAppView } from './saved-views.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/**
 * `_meta` key of the assistant message holding a tool call an app made
 * (`{ app, view }`: the tool whose view asked, and that view's call id). The
 * call is stored as a pair, like the model's: this assistant message with the
 * `tool_use`, then a user message with its `tool_result` (docs/architecture.md).
 */
export const APP_CALL_META_KEY = 'mcp-elements/app-call';

/** Past this many characters of a call's streamed arguments its view gets no more partial input, only the complete input. */
export const PARTIAL_INPUT_LIMIT = 64 * 1024;

/** The human name of a view's app: its tool's title, else its name. */
function appTitle(view: McpAppView | undefined, fallback: string): string {
  const tool = view?.tool;
  if (!tool) return fallback;
  return typeof tool === 'string' ? tool : (tool.title ?? tool.name);
}

/** What the app views need from their element. */
export interface AppViewsHost extends ReactiveControllerHost, EventTarget, AppAsksHost {
  readonly servers: ServerSet;
  readonly messages: readonly Message[];
  /** The assistant message streaming in, if any: its calls get their views as their arguments stream. */
  readonly streaming: Message | undefined;
  readonly theme?: 'light' | 'dark';
  /** The sandbox proxy page (`sandbox-url`); without it the chat shows no app views. */
  readonly sandboxUrl?: string;
  /** A model is set up (an app's `ui/message` needs one to answer it). */
  readonly canSendAppMessage: boolean;
  /** Sends a message from an app as the person's and runs a turn (after the running one); without a model it is only added. */
  sendAppMessage(content: ContentBlock[]): void;
  /** What was saved of the views of the conversation shown (`APP_VIEWS_META_KEY` of its metadata), by call id. */
  readonly savedAppViews: unknown;
  /** Saves what a view keeps with its call in the conversation; false when there is no saved conversation to keep it in. */
  saveAppView(toolUseId: string, saved: SavedAppView): Promise<boolean>;
  /** Adds a tool call an app made (its call, then its result) once no turn runs. */
  recordAppCall(use: Message, result: Message): void;
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
 * per view and goes with the next model turn ({@link modelContext}).
 */
export class AppViews implements ReactiveController {
  readonly #host: AppViewsHost;
  #views = new Map<string, McpAppView>();
  #contexts = new Map<string, { tool: string; text: string }>();
  /** The pictures of each live view's last model context (not saved: the view sends its context again when it is shown again). */
  #pictures = new Map<string, { tool: string; images: ImageBlock[] }>();
  readonly #asks: AppAsks;
  /** Said under the conversation after an app's message was added with no model to answer it. */
  #noModelNotice?: { text: string };

  /** <mcp-app-view>'s code, loaded when a call first has a view (given by the element: chunks.ts). */
  readonly #appView: Loader<unknown>;

  /** The rules an app's tool calls start from (the chat's default: ask unless read-only), before the person's "Always allow". */
  readonly #basePolicy: ApprovalPolicy;

  constructor(host: AppViewsHost, appView: Loader<unknown>, basePolicy: ApprovalPolicy = defaultApprovalPolicy) {
    this.#host = host;
    this.#appView = appView;
    this.#basePolicy = basePolicy;
    this.#asks = new AppAsks(host);
    host.addController(this);
    // The live views' own tools join the chat's catalog beside the servers' (app-tools.ts).
    host.servers.addToolSource(this.#tools);
  }

  /** The tools the live views offer, in the chat's catalog. */
  readonly #tools = new AppToolSource(
    () => this.#views.values(),
    (app) => this.#host.text.appToolServer(app),
  );

  readonly #onMessage = (event: Event) => {
    const e = event as McpAppMessageEvent;
    const content = e.message.content as ContentBlock[];
    // Without a model the message is still the person's (agreed to): added, and the chat says nobody will answer yet.
    if (!this.#host.canSendAppMessage) {
      const view = this.#viewOf(e);
      const text = this.#host.text.appMessageNoModel(appTitle(view, e.toolName));
      this.#noModelNotice = { text };
      this.#host.announce(text);
    }
    this.#host.sendAppMessage(content);
  };

  readonly #onToolCall = (event: Event) => {
    const e = event as McpAppToolCallEvent;
    const view = this.#viewOf(e);
    const id = `app-call-${crypto.randomUUID()}`;
    const title = this.#host.text.appCallTitle(e.tool?.title ?? e.name, appTitle(view, e.toolName));
    const call = { server: e.server, title };
    const result = e.result
      ? toolResultBlock(id, e.result as CallToolResultLike, { ...call, ...(e.status !== 'done' && { status: e.status }) })
      : clientToolResult(id, e.error ?? e.status, { ...call, status: e.status === 'done' ? 'error' : e.status });
    this.#host.recordAppCall(
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id, name: e.name, input: e.arguments }],
        _meta: { [APP_CALL_META_KEY]: { app: e.toolName, view: view?.toolUseId } },
      },
      { role: 'user', content: [result] },
    );
  };

  #viewOf(event: Event): McpAppView | undefined {
    return event.composedPath().find((t): t is McpAppView => t instanceof HTMLElement && t.localName === 'mcp-app-view');
  }

  readonly #onContext = (event: Event) => {
    const e = event as McpAppContextUpdateEvent;
    const view = this.#viewOf(e);
    if (!view?.toolUseId) return;
    const blocks = e.context.content ?? [];
    const images = blocks.filter(isModelImage);
    const parts = blocks.map((b) => (b.type === 'text' ? b.text : isModelImage(b) ? '[a picture of the view]' : `[${b.type}]`));
    if (e.context.structuredContent) parts.push(JSON.stringify(e.context.structuredContent));
    const context = { tool: e.toolName, text: parts.join('\n') };
    this.#contexts.set(view.toolUseId, context);
    if (images.length) this.#pictures.set(view.toolUseId, { tool: e.toolName, images });
    else this.#pictures.delete(view.toolUseId);
    if (this.#views.has(view.toolUseId)) this.#keep(view.toolUseId, { context });
  };

  /** What each view keeps (its state, its model context), by call id: saved with the call, given back when it is shown again. */
  #kept = new Map<string, SavedAppView>();
  /** Calls whose record is being saved, and those changed again meanwhile (saved once more after). */
  #saving = new Set<string>();
  #dirty = new Set<string>();

  readonly #onState = (event: Event) => {
    const e = event as McpAppStateChangeEvent;
    const id = this.#viewOf(e)?.toolUseId;
    if (!id || !this.#views.has(id)) return;
    this.#keep(id, { state: e.state });
  };

  /** Changes what call `id` keeps and saves it with the call (one save at a time per call, the latest last). */
  #keep(id: string, change: SavedAppView): void {
    this.#kept.set(id, { ...this.#kept.get(id), ...change });
    if (this.#saving.has(id)) {
      this.#dirty.add(id);
      return;
    }
    this.#saving.add(id);
    const save = (): Promise<void> => {
      this.#dirty.delete(id);
      const record = this.#kept.get(id);
      if (!record) return Promise.resolve();
      return this.#host.saveAppView(id, record).then(
        () => (this.#dirty.has(id) ? save() : undefined),
        (error: Error) => this.#host.reportError('history', this.#host.text.appStateNotSaved(error.message), error),
      );
    };
    void save().finally(() => this.#saving.delete(id));
  }

  hostConnected(): void {
    this.#host.addEventListener('mcp-app-state-change', this.#onState);
    this.#host.addEventListener('mcp-app-message', this.#onMessage);
    this.#host.addEventListener('mcp-app-context-update', this.#onContext);
    this.#host.addEventListener('mcp-app-tool-call', this.#onToolCall);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.#healFrame);
    this.#healFrame = 0;
    this.#unhealed.clear();
    this.#host.removeEventListener('mcp-app-state-change', this.#onState);
    this.#host.removeEventListener('mcp-app-message', this.#onMessage);
    this.#host.removeEventListener('mcp-app-context-update', this.#onContext);
    this.#host.removeEventListener('mcp-app-tool-call', this.#onToolCall);
  }

  /** Before each render: views of calls no longer in the conversation get their teardown. */
  hostUpdate(): void {
    const notice = this.#noModelNotice;
    // Gone once a model is set up or another (empty) conversation is shown.
    if (notice && (this.#host.canSendAppMessage || this.#host.messages.length === 0)) this.#noModelNotice = undefined;
    if (this.#views.size === 0) return;
    const shown = this.#host.streaming ? [...this.#host.messages, this.#host.streaming] : this.#host.messages;
    const ids = new Set(shown.flatMap((m) => m.content.flatMap((b) => (b?.type === 'tool_use' ? [b.id] : []))));
    for (const id of this.#partials.keys()) if (!ids.has(id)) this.#partials.delete(id);
    for (const [id, view] of this.#views) {
      if (ids.has(id)) continue;
      this.#views.delete(id);
      this.#contexts.delete(id);
      this.#pictures.delete(id);
      this.#kept.delete(id);
      this.#asks.forget(id);
      if (view.appTools.length) this.#tools.changed();
      void view.close('The conversation was closed');
    }
  }

  /**
   * What the apps asked the model to know: the text for the system prompt of
   * the next turn (undefined when none), and the pictures (`updateModelContext.image`)
   * for its newest person message.
   */
  modelContext(): { prompt?: string; pictures: ContentBlock[] } {
    return { prompt: appContextPrompt([...this.#contexts.values()]), pictures: appContextPictures([...this.#pictures.values()]) };
  }

  /** The latest healed arguments of calls whose arguments are streaming in, by call id (until their view takes them). */
  #partials = new Map<string, Record<string, unknown>>();
  /** The newest arguments text of each streaming call not healed yet (healed once a frame). */
  #unhealed = new Map<string, string>();
  #healFrame = 0;

  /**
   * A model streams the arguments of call `id`: its view (made when the
   * streaming message is drawn) gets them as they come, healed into an
   * object (`tool-input-partial`), before the complete input. The text so far
   * is healed at most once a frame (a model sends hundreds of pieces a
   * second), and not at all past {@link PARTIAL_INPUT_LIMIT} characters: the
   * view keeps the last partial input until the complete one (issue 36 item 1:
   * healing 2 MB at every 1 kB piece froze the page for half a minute).
   */
  inputStreaming(id: string, name: string, argumentsText: string): void {
    if (!this.#host.sandboxUrl) return;
    if (argumentsText.length > PARTIAL_INPUT_LIMIT) {
      this.#unhealed.delete(id);
      return;
    }
    const found = this.#host.servers.serverToolOf(name);
    if (!found || !toolViewUri(found.tool)) return;
    this.#unhealed.set(id, argumentsText);
    this.#healFrame ||= requestAnimationFrame(() => this.#healPartials());
  }

  #healPartials(): void {
    this.#healFrame = 0;
    const waiting = [...this.#unhealed];
    this.#unhealed.clear();
    let drawn = false;
    for (const [id, text] of waiting) {
      const args = healPartialJson(text);
      if (!args) continue;
      const view = this.#views.get(id);
      if (view) view.sendToolInputPartial(args);
      else {
        this.#partials.set(id, args);
        drawn = true;
      }
    }
    if (drawn) this.#host.requestUpdate();
  }

  /** The views under the calls of `message` (created on first sight, then kept), for its `tool-<id>` slots. */
  viewsFor(message: Message): HTMLElement[] {
    const host = this.#host;
    // An app's own call (stored with its view's call elsewhere) gets a card, not another view.
    if (!host.sandboxUrl || message._meta?.[APP_CALL_META_KEY]) return [];
    const out: HTMLElement[] = [];
    // The message streaming in: its calls' arguments are not complete yet (they come as partial input).
    const streaming = message === host.streaming;
    for (const block of message.content) {
      if (block?.type !== 'tool_use') continue;
      let view = this.#views.get(block.id);
      if (!view) {
        const found = host.servers.serverToolOf(block.name);
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
        if (!streaming) view.toolInput = (block.input ?? {}) as Record<string, unknown>;
        // Shown again (a reload, a reopened conversation): what the view kept is given back.
        const saved = this.#kept.get(block.id) ?? savedViewOf(host.savedAppViews, block.id);
        if (saved) {
          this.#kept.set(block.id, saved);
          if (saved.state) view.viewState = saved.state;
          if (saved.context) this.#contexts.set(block.id, saved.context);
        }
        this.#wire(view, block.id, found.connection.url);
        this.#views.set(block.id, view);
      }
      const partial = this.#partials.get(block.id);
      this.#partials.delete(block.id);
      if (streaming && partial) view.sendToolInputPartial(partial);
      // The call joined the conversation: its complete arguments.
      if (!streaming && !view.toolInput) view.toolInput = (block.input ?? {}) as Record<string, unknown>;
      if (host.theme) view.theme = host.theme;
      else view.removeAttribute('theme');
      this.#deliver(view, this.#resultOf(block.id));
      out.push(view, ...this.#asks.under(block.id));
    }
    return out;
  }

  /** The chat's approval rules and questions on a view it creates (issue 26 items 3-4). */
  #wire(view: McpAppView, id: string, url: string): void {
    const app = appTitle(view, '');
    view.addEventListener('mcp-app-tools-change', () => this.#tools.changed());
    view.toolPolicy = this.#asks.policyFor(this.#basePolicy);
    view.approveToolCall = (request) =>
      this.#asks.approveToolCall(id, view.slot, request, `${serverKey(url)}#${request.tool.name}`, appTitle(view, request.toolName));
    view.approveMessage = (request) => this.#asks.approveMessage(id, view.slot, app, request);
  }

  /** The notice after an app's message was added with no model set up (nothing when there is none). */
  renderNotice() {
    return this.#noModelNotice
      ? html`<p part="notice app-message-notice" class="notice" role="status">${this.#noModelNotice.text}</p>`
      : nothing;
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

/** The image types every provider here takes: a picture of another type from an app is left out, not sent to fail the turn. */
const MODEL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
function isModelImage(block: { type: string }): block is ImageBlock {
  const b = block as Partial<ImageBlock>;
  return b.type === 'image' && typeof b.data === 'string' && b.data !== '' && MODEL_IMAGE_TYPES.has(String(b.mimeType));
}
