import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { McpUiDisplayMode, McpUiHostContext, McpUiUpdateModelContextRequest } from '@modelcontextprotocol/ext-apps/app-bridge';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { McpAppContextUpdateEvent } from '../../events/app-context-update.js';
import { McpAppInitializeEvent } from '../../events/app-initialize.js';
import { McpAppMessageEvent, type McpAppMessage } from '../../events/app-message.js';
import { McpAppStateChangeEvent, type McpAppViewState } from '../../events/app-state-change.js';
import { McpAppToolCallEvent } from '../../events/app-tool-call.js';
import { McpAppToolsChangeEvent } from '../../events/app-tools-change.js';
import { defaultApprovalPolicy } from '../../agent/approval.js';
import type { AgentTool, ApprovalPolicy } from '../../agent/types.js';
import { serverKey } from '../../mcp/server-key.js';
import { toolViewUri } from '../../mcp/apps.js';
import { McpConnection } from '../../mcp/connection.js';
import { tokens } from '../shared/tokens.js';
import { renderConsent, type AppConsent } from './app-consent.js';
import { loadAppResource } from './app-resource.js';
import { takePrewarmed } from './app-prewarm.js';
import { AppSession, type AppToolCallEnd } from './app-session.js';
import type { PendingDownload } from './download-file.js';
import { PIP_ICON, pipArea, pipWidth, placeView, RETURN_ICON } from './display-modes.js';
import { buildHostContext } from './host-context.js';
import { InvalidArguments, parseArguments, type AppMessageRequest, type AppToolCallRequest } from './app-requests.js';
import { styles } from './mcp-app-view.styles.js';
import { fileCardStyles } from '../shared/file-card.js';
import { checkSandboxUrl } from './sandbox-url.js';
import { appDomainLabel, sandboxUrlFor } from './app-domain.js';

type AppConsentQuestion = AppConsent extends infer C ? (C extends AppConsent ? Omit<C, 'resolve'> : never) : never;

export type { AppMessageRequest, AppToolCallRequest } from './app-requests.js';
export { prewarmAppViews } from './app-prewarm.js';

/** Where a view stands. */
export type AppViewState = 'idle' | 'loading' | 'running' | 'not-responding' | 'no-sandbox' | 'error' | 'disconnected' | 'closed';

/**
 * An MCP App (`io.modelcontextprotocol/ui`): a tool's interactive HTML view,
 * run in a sandbox on another origin and spoken to over the host side of the
 * protocol (tool input and result, links, downloads, messages, model context,
 * display modes, proxied tool calls with the visibility rules, sampling
 * through the page's approval). Give it a connected `connection` and a `tool`
 * (what `<mcp-chat>` does), or just `server` + `tool` (+ `arguments`) and it
 * connects, runs the tool and shows its view: a live tool on a docs page.
 * Without `sandbox-url` no app code runs at all: the view says so and shows
 * the result as text (see docs/elements/mcp-app-view.md for why). A
 * `sandbox-url` that is not an http(s) page on another origin is refused in
 * words, before any frame exists. What an app may do, and what it may not,
 * is in docs/security.md: tool calls that are not read-only and messages in
 * the person's name wait for a yes, floods are bounded, and an app that tries
 * to navigate away is taken down.
 *
 * @summary A tool's interactive view (MCP Apps), sandboxed on a second origin.
 *
 * @event mcp-app-initialize - The app finished its handshake (`McpAppInitializeEvent`, `.appInfo`).
 * @event mcp-app-message - The person (or `approveMessage`) agreed to a message of the app; add it to the conversation (`McpAppMessageEvent`, `.message`, `.toolName`; `preventDefault()` refuses).
 * @event mcp-app-tool-call - An app's tool call ended or was refused (`McpAppToolCallEvent`: `.toolName`, `.name`, `.arguments`, `.status`, `.result`, `.error`), for a card in the conversation.
 * @event mcp-app-context-update - The app replaced its model context (`McpAppContextUpdateEvent`, `.context`, `.toolName`).
 * @event mcp-app-tools-change - The tools the app offers (`appCapabilities.tools`) changed, or the view closed (`McpAppToolsChangeEvent`, `.tools`, `.toolName`); run them with `callAppTool()`.
 * @event mcp-app-state-change - The app changed the state it keeps in its `localStorage` (`McpAppStateChangeEvent`, `.state`, `.toolName`); save it and give it back as `viewState`.
 *
 * @csspart base - The frame around everything.
 * @csspart header - The line above the view: title, server, buttons.
 * @csspart title - The tool's title.
 * @csspart server - The server's name.
 * @csspart fullscreen-button - Opens or leaves full screen.
 * @csspart pip-button - Puts the view in a small floating window that stays in sight while the page scrolls (`pip`).
 * @csspart pip-return-button - Brings the floating view back to its place.
 * @csspart pip-placeholder - What stays in the view's place while it floats: a line and a button to bring it back.
 * @csspart close-button - Closes the view (only with `closable`).
 * @csspart frame - The iframe of the sandbox proxy.
 * @csspart notice - A status line: loading, no sandbox, server gone, error.
 * @csspart csp-note - What the app's security policy blocked (code built from text, a site it did not declare), in words.
 * @csspart fallback - The result as text when the view cannot run.
 * @csspart consent - The question put to the person (open a link, save a file, send a message).
 * @csspart consent-url - The link to open.
 * @csspart consent-host - The link's host, in bold.
 * @csspart consent-file - The files to save, each a file card (name, type, size; Preview for text).
 * @csspart file-card - One file to save.
 * @csspart file-preview-button - Opens and closes a text file's preview.
 * @csspart file-preview - A text file's preview: a table for CSV, else the text as text.
 * @csspart consent-message - The message to send.
 * @csspart consent-tool - The tool an app wants to run.
 * @csspart consent-arguments - Its arguments, as JSON.
 * @csspart consent-accept - Agrees.
 * @csspart consent-decline - Refuses.
 *
 * @cssproperty --mcp-app-view-bg - Background around the view. Defaults to `--mcp-color-bg`.
 * @cssproperty --mcp-app-view-fg - Text color. Defaults to `--mcp-color-fg`.
 * @cssproperty --mcp-app-view-muted - Secondary text. Defaults to `--mcp-color-muted`.
 * @cssproperty --mcp-app-view-border - Border color. Defaults to `--mcp-color-border`.
 * @cssproperty --mcp-app-view-accent - Primary buttons. Defaults to `--mcp-color-accent`.
 * @cssproperty --mcp-app-view-danger - Errors. Defaults to `--mcp-color-danger`.
 * @cssproperty --mcp-app-view-radius - Corner radius. Defaults to `--mcp-radius`.
 * @cssproperty --mcp-app-view-space - Base spacing. Defaults to `--mcp-space`.
 */
@customElement('mcp-app-view')
export class McpAppView extends LitElement {
  static override styles = [tokens, fileCardStyles, styles];

  /** Standalone: the MCP server's URL. The view connects, runs `tool` with `arguments` and shows the view. */
  @property() server?: string;
  /** The tool: its name (standalone) or the `Tool` object from a connection's catalog. */
  @property({ attribute: 'tool', converter: { fromAttribute: (v) => v } }) tool?: string | Tool;
  /**
   * Standalone: the tool's arguments, as a JSON object. A value that is not
   * one is said on the element (state `error`) and the tool is not called.
   */
  @property({ attribute: 'arguments', converter: { fromAttribute: parseArguments } })
  arguments?: Record<string, unknown>;
  /**
   * The sandbox proxy page on another origin (`dist/mcp-app-sandbox.html` hosted there). Without it, no app runs.
   * A `{domain}` in its host name makes one origin per app: the resource's `_meta.ui.domain`, else one per server.
   */
  @property({ attribute: 'sandbox-url' }) sandboxUrl?: string;
  /** A connected server (instead of `server`): the view speaks to it. */
  @property({ attribute: false }) connection?: McpConnection;
  /** The tool call's `tool_use` id, for sampling and logs. */
  @property({ attribute: 'tool-use-id' }) toolUseId?: string;
  /** The call's arguments, once complete (sent to the app as `tool-input`). */
  @property({ attribute: false }) toolInput?: Record<string, unknown>;
  /** The call's result (sent as `tool-result`). */
  @property({ attribute: false }) toolResult?: CallToolResult;
  /** How long an app may take to start (its `ui/initialize`), in ms, before the view says it is not responding. */
  @property({ type: Number, attribute: 'start-timeout' }) startTimeout = 15_000;
  /** Tallest the inline view grows to, in pixels. */
  @property({ type: Number, attribute: 'max-height' }) maxHeight = 600;
  /**
   * Which of the app's tool calls run without asking: the agent's rule by
   * default (`defaultApprovalPolicy`: only tools their server marks read-only
   * or not destructive). `<mcp-chat>` passes its own policy (the person's
   * "always allow" choices).
   */
  @property({ attribute: false }) toolPolicy: ApprovalPolicy = defaultApprovalPolicy;
  /**
   * Asked when an app wants to run a tool the policy does not let run at
   * once: resolve true to run it. Unset, the view asks the person itself
   * ("<app> wants to run <tool>": Allow / Deny).
   */
  @property({ attribute: false }) approveToolCall?: (request: AppToolCallRequest) => Promise<boolean>;
  /**
   * Asked before an app's `ui/message` goes to the conversation as the
   * person's words: resolve true to send it. Unset, the view asks the person
   * itself. Either way one message at a time and at most 5 a minute.
   */
  @property({ attribute: false }) approveMessage?: (request: AppMessageRequest) => Promise<boolean>;
  /** Show a Close button. */
  @property({ type: Boolean }) closable = false;
  /** `light` or `dark`; by default the page's `prefers-color-scheme`. Sent to the app. */
  @property({ reflect: true }) theme?: 'light' | 'dark';
  /** `inline`, `fullscreen`, or `pip` (a small floating window at the bottom corner that stays in sight while the page scrolls). */
  @property({ attribute: 'display-mode', reflect: true }) displayMode: McpUiDisplayMode = 'inline';
  /** Where the view stands. */
  @property({ reflect: true }) state: AppViewState = 'idle';
  /**
   * The state the app keeps between showings: what it wrote to its
   * `localStorage` (the spec's "persisting view state" pattern; the app's
   * origin is opaque, so the sandbox holds the storage for it). Set it before
   * the view starts to give back what `mcp-app-state-change` said last time;
   * it follows the app's changes.
   */
  @property({ attribute: false }) viewState?: McpAppViewState;
  /** The app's latest `ui/update-model-context`, kept for the next model turn. */
  modelContext?: McpUiUpdateModelContextRequest['params'];

  @state() private notice = '';
  /** The sandbox page never answered: its frame holds the browser's error page, so it is hidden (kept, should the page answer late). */
  @state() private sandboxMissing = false;
  /** What the app's security policy blocked, one sentence per kind (see `#cspSentence`). */
  @state() private cspNotes: readonly string[] = [];
  @state() private consent?: AppConsent;
  /** Questions of the app open now (this view's own and those put by `approveToolCall` / `approveMessage` / sampling): while any is, the view stays in its place. */
  @state() private asking = 0;
  @state() private height = 120;
  @query('iframe') private frame?: HTMLIFrameElement;
  @query('.safe-area') private safeArea?: HTMLElement;
  #session?: AppSession;
  #run?: AbortController;
  #ownConnection?: McpConnection;
  #resize = new ResizeObserver(() => this.#session?.hostContextChanged());
  #scheme = matchMedia('(prefers-color-scheme: dark)');
  #onScheme = () => this.#session?.hostContextChanged();
  /** The window's size (full screen and the floating window follow it) or the browser's language changed. */
  #onWindow = () => {
    this.#layer();
    this.#session?.hostContextChanged();
  };
  /** The page scrolled: the floating window keeps to the corner of its area (which may have moved). */
  #onScroll = () => {
    if (this.displayMode === 'pip') this.#layer();
  };
  /** Escape brings a full-screen or floating view back to its place. */
  #onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.displayMode !== 'inline' && !this.consent) {
      event.stopPropagation();
      this.displayMode = 'inline';
    }
  };
  #onConnection = () => {
    const s = this.connection?.state;
    if ((s === 'closed' || s === 'failed') && (this.state === 'running' || this.state === 'loading')) {
      this.state = 'disconnected';
      this.notice = `The server ${this.connection!.name} is no longer connected: this view cannot reach it any more.`;
    }
  };

  /** The tool's `Tool` object, once known. */
  get toolInfo(): Tool | undefined {
    if (typeof this.tool === 'object') return this.tool;
    return this.connection?.tools.find((t) => t.name === this.tool);
  }

  /** Sends partial arguments while a model streams them (the latest waits for the app to start; none after `toolInput`). */
  sendToolInputPartial(args: Record<string, unknown>): void {
    if (this.toolInput) return;
    this.#partialInput = args;
    this.#session?.toolInputPartial(args);
  }
  #partialInput?: Record<string, unknown>;

  /**
   * The tools the app offers now: an app that declared `appCapabilities.tools`
   * (ext-apps 1.7+ `App.registerTool`) is asked for them once it started and
   * again at its `tools/list_changed`; none before, and none once the view
   * closed. `mcp-app-tools-change` says when they change.
   */
  get appTools(): readonly Tool[] {
    return this.#session?.appTools ?? [];
  }

  /**
   * Runs one of the app's own tools ({@link appTools}) with `tools/call` to the
   * app and resolves with its result. No question is asked here: the caller
   * applies its approval rules first (`<mcp-chat>` does, as for server tools).
   * Rejects when the view does not offer the tool now (closed, not started),
   * the app answers with an error, or it takes longer than a minute.
   */
  async callAppTool(name: string, args: Record<string, unknown> = {}, options: { signal?: AbortSignal } = {}): Promise<CallToolResult> {
    const session = this.#session;
    if (!session) throw new Error(`The view of ${this.#title()} is not running: its tool ${name} cannot be run.`);
    return session.callAppTool(name, args, options.signal);
  }

  #title(): string {
    const tool = this.toolInfo;
    return tool?.title ?? tool?.name ?? (typeof this.tool === 'string' ? this.tool : 'App');
  }

  /** Tells the app its tool call was cancelled (`ui/notifications/tool-cancelled`). */
  cancelTool(reason = 'Stopped by the person'): void {
    this.#session?.toolCancelled(reason);
  }

  /** Sends `ui/resource-teardown`, waits for the app (at most 2 s), then takes the frame down. Call before removing the element. */
  async close(reason = 'The view was closed'): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    this.#run?.abort();
    // A question of the app that is still open goes with it, refused.
    this.consent?.resolve(false);
    await session?.close(reason);
    this.state = 'closed';
    this.displayMode = 'inline';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resize.observe(this);
    this.#scheme.addEventListener('change', this.#onScheme);
    addEventListener('resize', this.#onWindow);
    addEventListener('languagechange', this.#onWindow);
    addEventListener('scroll', this.#onScroll, { capture: true, passive: true });
    this.addEventListener('keydown', this.#onKey);
  }

  override disconnectedCallback(): void {
    this.#resize.disconnect();
    this.#scheme.removeEventListener('change', this.#onScheme);
    removeEventListener('resize', this.#onWindow);
    removeEventListener('languagechange', this.#onWindow);
    removeEventListener('scroll', this.#onScroll, { capture: true });
    this.removeEventListener('keydown', this.#onKey);
    this.connection?.removeEventListener('mcp-connection-change', this.#onConnection);
    // The frame is already gone: no teardown can reach the app now (call close() first).
    void this.#session?.close('The view was removed');
    this.#session = undefined;
    this.#run?.abort();
    void this.#ownConnection?.close();
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('connection')) {
      (changed.get('connection') as McpConnection | undefined)?.removeEventListener('mcp-connection-change', this.#onConnection);
      this.connection?.addEventListener('mcp-connection-change', this.#onConnection);
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((changed.has('server') || changed.has('tool') || changed.has('arguments')) && this.server && typeof this.tool === 'string')
      void this.#standalone();
    else if (
      (changed.has('connection') || changed.has('tool') || changed.has('sandboxUrl')) &&
      this.connection &&
      this.tool &&
      !this.server
    )
      void this.#start();
    if (changed.has('toolInput') && this.toolInput) this.#session?.toolInput(this.toolInput);
    if (changed.has('toolResult') && this.toolResult) this.#session?.toolResult(this.toolResult);
    if (changed.has('displayMode') || changed.has('state')) this.#layer();
    if (changed.has('theme') || changed.has('displayMode')) this.#session?.hostContextChanged();
    if ((changed as Map<string, unknown>).has('consent') && this.consent)
      this.renderRoot.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }

  /** Full screen and the floating window in the top layer, the floating window placed (see display-modes.ts). */
  #layer(): void {
    placeView(this.renderRoot.querySelector<HTMLElement>('.base'), this, this.displayMode, this.state === 'closed');
  }

  async #standalone(): Promise<void> {
    const url = this.server!;
    await this.#ownConnection?.close();
    this.#ownConnection = undefined;
    if (this.arguments instanceof InvalidArguments) {
      this.#run?.abort();
      return this.#fail(`The arguments attribute ${this.arguments.reason}: the tool ${String(this.tool)} was not called.`);
    }
    const connection = new McpConnection({ url });
    this.#ownConnection = connection;
    this.state = 'loading';
    this.notice = `Connecting to ${url}…`;
    try {
      await connection.connect();
    } catch (error) {
      this.#fail(`Could not reach the server ${url}: ${(error as Error).message}`);
      return;
    }
    if (this.#ownConnection !== connection) return;
    this.connection = connection;
    const args = this.arguments ?? {};
    if (args instanceof InvalidArguments)
      return this.#fail(`The arguments attribute ${args.reason}: the tool ${String(this.tool)} was not called.`);
    this.toolInput = args;
    await this.#start();
    try {
      this.toolResult = await connection.callTool(this.tool as string, args, { signal: this.#run?.signal });
    } catch (error) {
      if (this.#ownConnection === connection) this.#fail(`The tool ${String(this.tool)} failed: ${(error as Error).message}`);
    }
  }

  async #start(): Promise<void> {
    const connection = this.connection!;
    this.#run?.abort();
    const run = (this.#run = new AbortController());
    await this.#session?.close('The view was replaced');
    this.#session = undefined;
    this.consent?.resolve(false);
    this.cspNotes = [];
    const tool = this.toolInfo;
    const uri = tool && toolViewUri(tool);
    if (!tool || !uri)
      return this.#fail(
        `The tool ${String(typeof this.tool === 'object' ? this.tool.name : this.tool)} has no interactive view on ${connection.name}.`,
      );
    if (!this.sandboxUrl) {
      this.state = 'no-sandbox';
      this.notice = 'This tool has an interactive view, but this page has no sandbox origin for apps (sandbox-url), so it is not run here.';
      return;
    }
    // Checked before the frame exists: a javascript: address would run with the page's origin.
    // A {domain} template is checked with a sample label now, and with the app's once its resource is read.
    const early = checkSandboxUrl(sandboxUrlFor(this.sandboxUrl, 'app'));
    if (!early.ok) return this.#fail(early.reason);
    this.sandboxMissing = false;
    this.state = 'loading';
    this.notice = `Loading the view of ${tool.title ?? tool.name}…`;
    try {
      const resource = await loadAppResource(connection, uri, run.signal, takePrewarmed(connection, uri));
      const sandbox = checkSandboxUrl(sandboxUrlFor(this.sandboxUrl, appDomainLabel(resource.domain, connection.url).label));
      if (!sandbox.ok) return this.#fail(sandbox.reason);
      await this.updateComplete;
      if (run.signal.aborted || !this.frame) return;
      this.#session = await AppSession.start({
        frame: this.frame,
        sandboxUrl: sandbox.href,
        startTimeout: this.startTimeout,
        connection,
        tool,
        toolUseId: this.toolUseId,
        resource,
        state: this.viewState,
        host: this.#host(tool),
      });
      if (run.signal.aborted) return void this.#session.close('The view was replaced');
      this.state = 'running';
      this.notice = '';
      if (!this.toolInput && this.#partialInput) this.#session.toolInputPartial(this.#partialInput);
      if (this.toolInput) this.#session.toolInput(this.toolInput);
      if (this.toolResult) this.#session.toolResult(this.toolResult);
    } catch (error) {
      if (!run.signal.aborted) this.#fail(`The view of ${tool.title ?? tool.name} could not be shown: ${(error as Error).message}`);
    }
  }

  #fail(message: string): void {
    this.state = 'error';
    this.notice = message;
  }

  /**
   * Runs `work`, a question to the person about this app's request (approval,
   * message, link, download, sampling), with the view back in its place: in
   * full screen (or the floating window) the app would cover the question,
   * wherever the host draws it, and could draw an imitation in its stead. The
   * app cannot leave its place again until every open question is answered.
   */
  async #whileAsking<T>(work: () => Promise<T>): Promise<T> {
    this.asking++;
    if (this.displayMode !== 'inline') this.displayMode = 'inline';
    try {
      return await work();
    } finally {
      this.asking--;
    }
  }

  /** Puts a question to the person; one at a time (a new one while another is open is refused, never swapped in under the person's pointer). */
  #ask(consent: AppConsentQuestion, signal?: AbortSignal): Promise<boolean> {
    if (this.consent) return Promise.reject(new Error("Refused: another question of this app is already waiting for the person's answer."));
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const entry = {
        ...consent,
        resolve: (ok: boolean) => {
          if (this.consent === entry) this.consent = undefined;
          resolve(ok);
        },
      } as AppConsent;
      this.consent = entry;
      // The app gave up (or the view closed): the question goes away.
      signal?.addEventListener('abort', () => entry.resolve(false), { once: true });
    });
  }

  #host(tool: Tool) {
    const name = tool.name;
    return {
      hostContext: (): McpUiHostContext =>
        buildHostContext({
          element: this,
          displayMode: this.displayMode,
          maxHeight: this.maxHeight,
          tool: { id: this.toolUseId, tool },
          safeArea: this.safeArea,
          pipWidth: this.displayMode === 'pip' ? pipWidth(pipArea(this)) : undefined,
        }),
      setDisplayMode: (mode: McpUiDisplayMode) => {
        // Full screen (or the floating window) would cover the question the person is answering.
        if (this.asking && mode !== 'inline') return;
        this.displayMode = mode;
      },
      whileAsking: <T>(work: () => Promise<T>) => this.#whileAsking(work),
      resize: (height: number) => {
        this.height = Math.max(48, Math.min(Math.ceil(height), this.maxHeight));
      },
      confirmLink: (href: string, host: string) => this.#whileAsking(() => this.#ask({ kind: 'link', href, host })),
      confirmDownload: (downloads: PendingDownload[]) =>
        this.#whileAsking(() => this.#ask({ kind: 'download', downloads, previews: new Set() })),
      approveToolCall: async (target: Tool, args: Record<string, unknown>, signal: AbortSignal) => {
        const server = this.connection?.name ?? '';
        const agentTool = {
          ...target,
          server,
          key: this.connection ? `${serverKey(this.connection.url)}#${target.name}` : undefined,
        } as AgentTool;
        const decision = this.toolPolicy(agentTool, args);
        if (decision === 'allow') return true;
        if (decision === 'deny')
          throw new Error(`The tool ${target.title ?? target.name} was not run: this page does not let apps run it.`);
        if (this.approveToolCall)
          return this.#whileAsking(() => this.approveToolCall!({ toolName: name, tool: target, arguments: args, server, signal }));
        return this.#whileAsking(() => this.#ask({ kind: 'tool', tool: target, args }, signal));
      },
      toolCallEnded: (call: AppToolCallEnd) =>
        void this.dispatchEvent(new McpAppToolCallEvent({ ...call, toolName: name, server: this.connection?.name ?? '' })),
      message: async (params: McpAppMessage, signal: AbortSignal) => {
        const text = params.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n');
        const agreed = await this.#whileAsking(() =>
          this.approveMessage
            ? this.approveMessage({ toolName: name, message: params, text, signal })
            : this.#ask({ kind: 'message', text }, signal),
        );
        if (!agreed) return false;
        return this.dispatchEvent(new McpAppMessageEvent(params, name));
      },
      modelContext: (params: McpUiUpdateModelContextRequest['params']) => {
        this.modelContext = params;
        this.dispatchEvent(new McpAppContextUpdateEvent(params, name));
      },
      initialized: (appInfo?: { name: string; version: string }) => {
        if (this.state === 'not-responding') {
          this.state = 'running';
          this.notice = '';
          this.sandboxMissing = false;
        }
        this.dispatchEvent(new McpAppInitializeEvent(appInfo));
      },
      appLeft: (url: string) => {
        let where = '';
        try {
          where = url ? ` (to ${new URL(url).host})` : '';
        } catch {
          // A URL the proxy could not name: say nothing about where.
        }
        void this.#session?.close('The app tried to leave its view');
        this.#session = undefined;
        this.consent?.resolve(false);
        this.#fail(
          `The app of ${tool.title ?? tool.name} tried to leave its view${where}, which apps may not do; it was stopped and the view was taken down.`,
        );
      },
      stateChanged: (items: Record<string, string>) => {
        this.viewState = items;
        this.dispatchEvent(new McpAppStateChangeEvent(items, name));
      },
      cspBlocked: (directive: string, blocked: string) => {
        const sentence = cspSentence(tool.title ?? tool.name, directive, blocked);
        if (!this.cspNotes.includes(sentence) && this.cspNotes.length < 5) this.cspNotes = [...this.cspNotes, sentence];
      },
      sandboxUnreachable: (url: string) => {
        if (this.state !== 'running' && this.state !== 'loading') return;
        this.state = 'not-responding';
        this.sandboxMissing = true;
        this.notice = `The view of ${tool.title ?? tool.name} cannot start: the sandbox page for apps did not answer at ${url} (sandbox-url). The tool's result is shown as text instead; the site's owner can fix this.`;
        // For the site's owner (the person reading the page cannot act on it).
        console.warn(
          `mcp-app-view: no sandbox page answered at ${url}: serve mcp-web-elements' dist/mcp-app-sandbox.html there (docs/elements/mcp-app-view.md).`,
        );
      },
      notResponding: () => {
        if (this.state !== 'running') return;
        this.state = 'not-responding';
        this.notice = `The app of ${tool.title ?? tool.name} is not responding: it did not start within ${Math.round(this.startTimeout / 1000)} seconds.`;
      },
      closeRequested: () => void this.close('The app asked to close'),
      appToolsChanged: (tools: readonly Tool[]) => void this.dispatchEvent(new McpAppToolsChangeEvent(tools, name)),
    };
  }

  #fallback() {
    const text = this.toolResult?.content
      .filter((b) => b.type === 'text')
      .map((b) => b.text)
      .join('\n');
    return text ? html`<pre part="fallback" class="fallback">${text}</pre>` : nothing;
  }

  protected override render() {
    // Closed: nothing at all (outer styles such as ::slotted may keep the host displayed).
    if (this.state === 'closed') return nothing;
    const tool = this.toolInfo;
    const title = tool?.title ?? tool?.annotations?.title ?? tool?.name ?? (typeof this.tool === 'string' ? this.tool : 'App');
    const server = this.connection?.name ?? this.server ?? '';
    const who = `The app of ${title} (${server})`;
    const modes = this.#session?.appDisplayModes;
    const running = this.state === 'running';
    // Not while a question of the app is open: full screen would cover it.
    const canFullscreen = running && !this.asking && (!modes || modes.includes('fullscreen'));
    const canPip = running && !this.asking && (!modes || modes.includes('pip'));
    const showFrame =
      this.state === 'loading' || this.state === 'running' || this.state === 'not-responding' || this.state === 'disconnected';
    const full = this.displayMode === 'fullscreen';
    const pip = this.displayMode === 'pip';
    const inline = () => (this.displayMode = 'inline');
    return html`${
      pip
        ? html`<div part="pip-placeholder" class="pip-placeholder" role="status">
            <span>${title} is shown in a small window.</span>
            <button type="button" part="pip-return-button" @click=${inline}>Bring it back</button>
          </div>`
        : nothing
    }<div part="base" class="base" popover=${full || pip ? 'manual' : nothing} role=${full ? 'dialog' : pip ? 'region' : nothing} aria-modal=${full ? 'true' : nothing} aria-label=${full || pip ? title : nothing}>
      <div part="header" class="header">
        <span part="title" class="title">${title}</span>
        <span part="server" class="server">${server}</span>
        <span class="spacer"></span>
        ${
          pip
            ? html`<button part="pip-return-button" class="icon" type="button" aria-label="Return to the conversation" title="Return to the conversation" @click=${inline}>${RETURN_ICON}</button>`
            : html`${
                canPip && !full
                  ? html`<button part="pip-button" class="icon" type="button" aria-label="Small floating window" title="Small floating window" @click=${() => (this.displayMode = 'pip')}>${PIP_ICON}</button>`
                  : nothing
              }${
                canFullscreen
                  ? html`<button part="fullscreen-button" type="button" @click=${() => (this.displayMode = full ? 'inline' : 'fullscreen')}>${full ? 'Exit full screen' : 'Full screen'}</button>`
                  : nothing
              }`
        }
        ${this.closable ? html`<button part="close-button" type="button" aria-label="Close the view" @click=${() => void this.close()}>Close</button>` : nothing}
      </div>
      ${this.notice ? html`<p part="notice" class="notice ${this.state}" role=${this.state === 'error' || this.state === 'disconnected' || this.state === 'not-responding' ? 'alert' : 'status'}>${this.notice}</p>` : nothing}
      ${this.cspNotes.length ? html`<div part="csp-note" class="csp-note" role="status">${this.cspNotes.map((n) => html`<p>${n}</p>`)}</div>` : nothing}
      ${this.consent ? renderConsent(this.consent, who, () => this.requestUpdate()) : nothing}
      ${
        showFrame
          ? html`<iframe part="frame" title=${`${title}: interactive view from ${server}`} sandbox="allow-scripts allow-same-origin"
            ?hidden=${this.sandboxMissing && this.state === 'not-responding'} style=${full ? '' : `height:${this.height}px`}></iframe>`
          : nothing
      }
      ${this.state === 'no-sandbox' || this.state === 'error' || this.state === 'not-responding' ? this.#fallback() : nothing}
    </div><div class="safe-area" aria-hidden="true"></div>`;
  }
}

/**
 * What the app's content security policy blocked, in words a person can act
 * on: the spec lets a host grant only the origins of `_meta.ui.csp`
 * (connect, resource, frame, base-uri); code built from text (`eval`) is never
 * allowed in app views here.
 */
function cspSentence(app: string, directive: string, blocked: string): string {
  const where = /^https?:/.test(blocked) ? blocked : '';
  if (blocked === 'eval' || blocked === 'wasm-eval') {
    return `The app of ${app} needs to run code built from text (eval), which app views here never allow, so parts of it may not work.`;
  }
  if (directive.startsWith('connect-src')) {
    return `The app of ${app} tried to reach ${where || 'a site'}, which its server did not declare (_meta.ui.csp.connectDomains), so that request was blocked.`;
  }
  if (directive.startsWith('frame-src')) {
    return `The app of ${app} tried to show a page from ${where || 'another site'}, which its server did not declare (_meta.ui.csp.frameDomains), so it was blocked.`;
  }
  return `The app of ${app} tried to load ${where ? `something from ${where}` : 'something'} that its server did not declare (_meta.ui.csp, ${directive}), so it was blocked.`;
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-app-view': McpAppView;
  }
}
