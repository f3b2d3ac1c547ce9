import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type {
  AppBridge,
  McpUiDisplayMode,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiMessageRequest,
  McpUiResourceCsp,
  McpUiResourcePermissions,
  McpUiUpdateModelContextRequest,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { isAppCallable } from '../../mcp/apps.js';
import type { McpConnection } from '../../mcp/connection.js';
import { McpLogMessageEvent, type McpCatalogChangeEvent } from '../../mcp/connection-events.js';
import { checkUrl } from '../mcp-elicit-form/url-policy.js';
import { pendingDownloads, saveBlob, type PendingDownload } from './download-file.js';
import { APP_MESSAGES_PER_MINUTE, boundedSize, CONTEXT_MAX, CONTEXT_MS, LOG_MAX } from './app-limits.js';
import { loadAppBridge } from './app-bridge-loader.js';
import { FrameTransport } from './frame-transport.js';
import { HOST_DISPLAY_MODES } from './host-context.js';
import { APP_TOOL_CALL_MS, APP_TOOLS_LIST_MS, checkedAppTools } from './app-tools-check.js';

/** The app's HTML and the security metadata of its resource (content item's `_meta.ui` wins over the listing's). */
export interface AppResource {
  html: string;
  csp?: McpUiResourceCsp;
  permissions?: McpUiResourcePermissions;
  prefersBorder?: boolean;
  /** `_meta.ui.domain` as the server gave it (untrusted; see app-domain.ts). */
  domain?: unknown;
}

/** What the session asks of the element that shows it (the person's consent, layout, events). */
export interface AppSessionHost {
  hostContext(): McpUiHostContext;
  /** Changes the display mode (the host may keep the view in place: `hostContext()` says the mode it is in). */
  setDisplayMode(mode: McpUiDisplayMode): void;
  /** Runs a question to the person about the app's request (sampling) with the view in its place, not covering it. */
  whileAsking<T>(work: () => Promise<T>): Promise<T>;
  resize(height: number): void;
  confirmLink(href: string, host: string): Promise<boolean>;
  confirmDownload(downloads: PendingDownload[]): Promise<boolean>;
  /** May the app run this tool with these arguments? Throws (with a reason) to refuse without asking. */
  approveToolCall(tool: Tool, args: Record<string, unknown>, signal: AbortSignal): Promise<boolean>;
  /** An app's tool call ended (or was refused). */
  toolCallEnded(call: AppToolCallEnd): void;
  message(params: McpUiMessageRequest['params'], signal: AbortSignal): Promise<boolean>;
  modelContext(params: McpUiUpdateModelContextRequest['params']): void;
  initialized(appInfo?: { name: string; version: string }): void;
  /** The app tried to navigate its frame away (to `url`, when known); the proxy already took it down. */
  appLeft(url: string): void;
  /** The app's content security policy blocked something (`directive`; `blocked`: `eval`, `inline` or an origin). */
  cspBlocked(directive: string, blocked: string): void;
  /** The app did not finish `ui/initialize` within `startTimeout` (it may still start later). */
  notResponding(): void;
  /** The app changed the state it keeps (its whole `localStorage`, checked). */
  stateChanged(items: Record<string, string>): void;
  /** The sandbox proxy page at `url` never said it was ready within `startTimeout`: it could not be reached or is not the proxy. */
  sandboxUnreachable(url: string): void;
  closeRequested(): void;
  /** The tools the app offers (`appCapabilities.tools`) changed: listed after it started, again at its `tools/list_changed`, none once closed. */
  appToolsChanged(tools: readonly Tool[]): void;
}

/** How an app's tool call ended, for {@link AppSessionHost.toolCallEnded}. */
export interface AppToolCallEnd {
  name: string;
  tool?: Tool;
  arguments: Record<string, unknown>;
  status: 'done' | 'error' | 'denied' | 'cancelled';
  result?: CallToolResult;
  error?: string;
}

/** Options of {@link AppSession.start}. */
export interface AppSessionOptions {
  frame: HTMLIFrameElement;
  /** The proxy page, already checked by `checkSandboxUrl`. */
  sandboxUrl: string;
  /** Ms the app may take to start before `host.notResponding()`. */
  startTimeout?: number;
  connection: McpConnection;
  tool: Tool;
  toolUseId?: string;
  resource: AppResource;
  /** What the app kept last time (its `localStorage`), given back to it. */
  state?: Record<string, string>;
  host: AppSessionHost;
}

const TEARDOWN_WAIT_MS = 2000;
/**
 * What the host says it handles (`hostCapabilities` of `ui/initialize`), no
 * more: apps such as the official pdf view ask only for what is advertised.
 * `message`: the blocks the chat's models take in a person's message (audio
 * is left out: not every model takes it). `updateModelContext`: text and
 * structured content (with the system prompt, as text) and images (the
 * chat gives them beside the person's newest message). `sampling`: through the person's approval, without tools
 * (not offered to apps). docs/apps.md has a row for each field.
 */
export const HOST_CAPABILITIES = {
  openLinks: {},
  downloadFile: {},
  serverTools: { listChanged: true },
  serverResources: { listChanged: true },
  logging: {},
  message: { text: {}, image: {}, resource: {}, resourceLink: {} },
  updateModelContext: { text: {}, image: {}, structuredContent: {} },
  sampling: {},
} as const satisfies McpUiHostCapabilities;

const FEATURES = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' } as const;

/** Permission Policy features for `_meta.ui.permissions` (unknown keys ignored). */
export function permissionFeatures(permissions: McpUiResourcePermissions | undefined): string[] {
  if (!permissions || typeof permissions !== 'object') return [];
  return (Object.keys(FEATURES) as Array<keyof typeof FEATURES>).filter((k) => permissions[k]).map((k) => FEATURES[k]);
}

/**
 * The host side of one MCP App view: the Apps SDK's `AppBridge` (loaded on
 * first use, so pages without apps never download it) over a
 * {@link FrameTransport} to the sandbox proxy frame. Every request the app may
 * make is answered here, with the rules of the spec: tools/call only for tools
 * of the same server whose visibility includes "app" (the bridge's automatic
 * forwarding is not used), links and downloads only after the person agrees,
 * display modes only the ones both sides declared.
 */
export class AppSession {
  #initialized = false;
  #closed = false;
  #resourceSent = false;
  #inputSent = false;
  #queue: Array<() => Promise<void>> = [];
  #heldResult?: CallToolResult;
  #startTimer?: ReturnType<typeof setTimeout>;
  #messagePending = false;
  #pendingHeight?: number;
  #pendingContext?: McpUiUpdateModelContextRequest['params'];
  #contextTimer?: ReturnType<typeof setTimeout>;
  #messageTimes: number[] = [];
  /** The tools the app offers, as last listed (none until it is initialized, none once closed). */
  #appTools: readonly Tool[] = [];
  /** A `tools/list` of the app is under way; `#relist`: its `list_changed` came meanwhile (one more listing after it). */
  #listing = false;
  #relist = false;

  private constructor(
    private readonly bridge: AppBridge,
    private readonly options: AppSessionOptions,
  ) {}

  /** Loads the bridge, connects it to the frame, then points the frame at the sandbox. */
  static async start(options: AppSessionOptions): Promise<AppSession> {
    const { AppBridge } = await loadAppBridge();
    const { host } = options;
    const bridge = new AppBridge(
      null,
      { name: 'mcp-elements', version: '0.1.0' },
      { ...HOST_CAPABILITIES, sandbox: { permissions: options.resource.permissions, csp: options.resource.csp } },
      { hostContext: host.hostContext() },
    );
    const session = new AppSession(bridge, options);
    session.#wire();
    options.connection.addEventListener('mcp-catalog-change', session.#onCatalog);
    const origin = new URL(options.sandboxUrl).origin;
    const transport = new FrameTransport(options.frame, origin);
    transport.onappleft = (url) => {
      if (!session.#closed) host.appLeft(url);
    };
    transport.oncspblocked = (directive, blocked) => {
      if (!session.#closed) host.cspBlocked(directive, blocked);
    };
    transport.onstate = (items) => {
      if (!session.#closed) host.stateChanged(items);
    };
    await bridge.connect(transport);
    // The proxy can only pass on to the app what its own frame was given: exactly what the resource asks for.
    const features = permissionFeatures(options.resource.permissions);
    if (features.length) options.frame.setAttribute('allow', features.map((f) => `${f} ${origin}`).join('; '));
    options.frame.src = options.sandboxUrl;
    session.#startTimer = setTimeout(() => {
      if (session.#initialized || session.#closed) return;
      // The proxy never said it was ready: the page at sandbox-url is not there (or is not the proxy), not the app's fault.
      if (!session.#resourceSent) host.sandboxUnreachable(options.sandboxUrl);
      else host.notResponding();
    }, options.startTimeout ?? 15_000);
    return session;
  }

  /**
   * The server's lists changed (its `list_changed`, after the connection
   * reloaded the list): the app is told, once it is initialized (before that
   * it lists them fresh anyway). A resources change reloads two catalogs;
   * the app hears it once.
   */
  readonly #onCatalog = (event: McpCatalogChangeEvent) => {
    if (this.#closed || !this.#initialized) return;
    const kind = event.catalog === 'resourceTemplates' ? 'resources' : event.catalog;
    if (this.#listsChanged.has(kind)) return;
    this.#listsChanged.add(kind);
    queueMicrotask(() => {
      this.#listsChanged.delete(kind);
      if (this.#closed) return;
      const sent =
        kind === 'tools'
          ? this.bridge.sendToolListChanged()
          : kind === 'resources'
            ? this.bridge.sendResourceListChanged()
            : this.bridge.sendPromptListChanged();
      void sent.catch(() => undefined);
    });
  };
  #listsChanged = new Set<string>();

  get initialized(): boolean {
    return this.#initialized;
  }

  /** The modes the app declared, or undefined when it declared none. */
  get appDisplayModes(): readonly string[] | undefined {
    return this.bridge.getAppCapabilities()?.availableDisplayModes;
  }

  #wire(): void {
    const { bridge } = this;
    const { connection, tool, host, resource } = this.options;
    bridge.onsandboxready = () => {
      if (this.#resourceSent) return;
      this.#resourceSent = true;
      // `state` is this proxy's own field (mcp-app-sandbox.html): the app's kept localStorage.
      const state = this.options.state;
      void bridge.sendSandboxResourceReady({
        html: resource.html,
        csp: resource.csp,
        permissions: resource.permissions,
        ...(state && { state }),
      } as Parameters<AppBridge['sendSandboxResourceReady']>[0]);
    };
    bridge.oninitialized = () => {
      if (this.#initialized) return;
      this.#initialized = true;
      clearTimeout(this.#startTimer);
      host.initialized(bridge.getAppVersion());
      void this.#flush();
      if (bridge.getAppCapabilities()?.tools) void this.#listAppTools();
    };
    // The app's own tools changed (`App.sendToolListChanged`): listed again, at most one listing at a time.
    bridge.setNotificationHandler('notifications/tools/list_changed', () => {
      if (this.#initialized && bridge.getAppCapabilities()?.tools) void this.#listAppTools();
    });
    bridge.oncalltool = async (params, extra) => {
      const args = params.arguments ?? {};
      const signal = extra.mcpReq.signal;
      const target = connection.tools.find((t) => t.name === params.name);
      const end = (status: AppToolCallEnd['status'], result?: CallToolResult, error?: string) =>
        host.toolCallEnded({ name: params.name, tool: target, arguments: args, status, result, error });
      if (!target || !isAppCallable(target)) {
        const reason = `The tool ${params.name} is not available to this app (it is not a tool of ${connection.name} that apps may call).`;
        end('denied', undefined, reason);
        throw new Error(reason);
      }
      // The same rule as the model's calls: a tool that is not read-only waits for the person (or the host's hook).
      let allowed: boolean;
      try {
        allowed = await host.approveToolCall(target, args, signal);
      } catch (error) {
        end('denied', undefined, (error as Error).message);
        throw error;
      }
      if (!allowed) {
        const reason = `The tool ${target.title ?? target.name} was not run: the person did not allow the app to run it.`;
        end('denied', undefined, reason);
        throw new Error(reason);
      }
      try {
        const result = await connection.callTool(params.name, args, { signal });
        end('done', result);
        return result;
      } catch (error) {
        end(signal.aborted ? 'cancelled' : 'error', undefined, (error as Error).message);
        throw error;
      }
    };
    // The app's tools/list (App -> Host in the spec): the tools of its own server that apps may call.
    bridge.setRequestHandler('tools/list', async () => ({ tools: connection.tools.filter(isAppCallable) }));
    bridge.onreadresource = (params, extra) => connection.readResource(params.uri, { signal: extra.mcpReq.signal });
    bridge.onlistresources = async () => ({ resources: connection.resources });
    bridge.onlistresourcetemplates = async () => ({ resourceTemplates: connection.resourceTemplates });
    bridge.onlistprompts = async () => ({ prompts: connection.prompts });
    bridge.onloggingmessage = (params) => {
      // Logs go to the page's listeners as they are, up to LOG_MAX characters (the proxy already cut bigger ones).
      const size = boundedSize(params.data, LOG_MAX);
      const data = size > LOG_MAX ? `[A log message of more than ${LOG_MAX / 1024} kB was dropped.]` : params.data;
      connection.dispatchEvent(new McpLogMessageEvent({ ...params, data, logger: `app:${params.logger ?? tool.name}` }));
    };
    // One size per animation frame, the latest: a flood of size changes costs one layout.
    bridge.onsizechange = ({ height }) => {
      if (typeof height !== 'number' || !Number.isFinite(height)) return;
      const first = this.#pendingHeight === undefined;
      this.#pendingHeight = height;
      if (first) {
        requestAnimationFrame(() => {
          const latest = this.#pendingHeight;
          this.#pendingHeight = undefined;
          if (latest !== undefined && !this.#closed) host.resize(latest);
        });
      }
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const declared = this.appDisplayModes;
      const current = (host.hostContext().displayMode ?? 'inline') as McpUiDisplayMode;
      if (!HOST_DISPLAY_MODES.includes(mode) || (declared && !declared.includes(mode))) return { mode: current };
      host.setDisplayMode(mode);
      // The host may keep the view in place (a question of the app is open): say the mode it is in.
      return { mode: (host.hostContext().displayMode ?? mode) as McpUiDisplayMode };
    };
    bridge.onopenlink = async ({ url }) => {
      const checked = checkUrl(url);
      if (!checked.ok) throw new Error(`Invalid URL: ${checked.reason}`);
      if (!(await host.confirmLink(checked.href, checked.host))) throw new Error('Link opening denied by user');
      window.open(checked.href, '_blank', 'noopener,noreferrer');
      return {};
    };
    bridge.ondownloadfile = async (params) => {
      const downloads = pendingDownloads(params);
      if (!(await host.confirmDownload(downloads))) return { isError: true };
      const blobs: Blob[] = [];
      for (const download of downloads) {
        let blob = download.data;
        if (!blob && download.link) {
          const read = await connection.readResource(download.link);
          const item = read.contents[0];
          if (!item) return { isError: true };
          blob =
            'blob' in item
              ? new Blob([Uint8Array.from(atob(item.blob), (c) => c.charCodeAt(0))], { type: download.mimeType })
              : new Blob([item.text], { type: download.mimeType });
        }
        blobs.push(blob!);
      }
      downloads.forEach((download, i) => saveBlob(blobs[i]!, download.name));
      return {};
    };
    // An app speaks for the person only with their yes (host.message asks), one
    // question at a time and a few a minute: a flood is refused, not queued.
    bridge.onmessage = async (params, extra) => {
      if (this.#messagePending) throw new Error("Message refused: another message of this app is already waiting for the person's answer.");
      const now = Date.now();
      this.#messageTimes = this.#messageTimes.filter((t) => now - t < 60_000);
      if (this.#messageTimes.length >= APP_MESSAGES_PER_MINUTE) {
        throw new Error(`Message refused: too many messages (an app may send at most ${APP_MESSAGES_PER_MINUTE} a minute).`);
      }
      this.#messageTimes.push(now);
      this.#messagePending = true;
      try {
        if (!(await host.message(params, extra.mcpReq.signal))) throw new Error('Message sending denied');
      } finally {
        this.#messagePending = false;
      }
      return {};
    };
    // Each update replaces the last: the host hears the first at once, then the
    // latest at most every CONTEXT_MS (so 3,000 in a burst are a few events),
    // and one over CONTEXT_MAX characters is refused.
    bridge.onupdatemodelcontext = async (params) => {
      if (boundedSize(params, CONTEXT_MAX) > CONTEXT_MAX) throw new Error(`Model context refused: larger than ${CONTEXT_MAX / 1024} kB.`);
      if (this.#contextTimer) {
        this.#pendingContext = params;
        return {};
      }
      host.modelContext(params);
      const window = () =>
        setTimeout(() => {
          const latest = this.#pendingContext;
          this.#pendingContext = undefined;
          this.#contextTimer = latest && !this.#closed ? (host.modelContext(latest), window()) : undefined;
        }, CONTEXT_MS);
      this.#contextTimer = window();
      return {};
    };
    bridge.oncreatesamplingmessage = (params, extra) =>
      host.whileAsking(() =>
        connection.requestInput('sampling', params, {
          signal: extra.mcpReq.signal,
          toolCall: { name: tool.name, toolUseId: this.options.toolUseId },
        }),
      );
    bridge.onrequestteardown = () => host.closeRequested();
  }

  /** The tools the app offers now (`appCapabilities.tools`, ext-apps 1.7+ `App.registerTool`), checked. */
  get appTools(): readonly Tool[] {
    return this.#appTools;
  }

  /**
   * Runs one of the app's own tools (`tools/call` to the app). Rejects when
   * the app does not offer it now, answers with an error, takes longer than a
   * minute, or the view closes meanwhile.
   */
  async callAppTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    if (this.#closed || !this.#appTools.some((t) => t.name === name)) throw new Error(`The app no longer offers a tool named ${name}.`);
    return (await this.bridge.callTool({ name, arguments: args }, { signal, timeout: APP_TOOL_CALL_MS })) as CallToolResult;
  }

  async #listAppTools(): Promise<void> {
    if (this.#listing) {
      this.#relist = true;
      return;
    }
    this.#listing = true;
    try {
      do {
        this.#relist = false;
        let tools: Tool[];
        try {
          const listed = await this.bridge.listTools({}, { timeout: APP_TOOLS_LIST_MS });
          tools = checkedAppTools(listed.tools);
        } catch {
          // An app that cannot list its tools offers none.
          tools = [];
        }
        if (this.#closed) return;
        this.#appTools = tools;
        this.options.host.appToolsChanged(tools);
      } while (this.#relist && !this.#closed);
    } finally {
      this.#listing = false;
    }
  }

  /** Sends the complete tool input once the app is initialized (at most once; a result waiting for it follows). */
  toolInput(args: Record<string, unknown>): void {
    if (this.#inputSent) return;
    this.#inputSent = true;
    this.#send(() => this.bridge.sendToolInput({ arguments: args }));
    const result = this.#heldResult;
    this.#heldResult = undefined;
    if (result) this.toolResult(result);
  }

  /**
   * Partial tool input while a model streams the arguments (dropped once the
   * full input went out). Before the app is initialized only the latest is
   * kept, and sent first when it is.
   */
  toolInputPartial(args: Record<string, unknown>): void {
    if (this.#inputSent || this.#closed) return;
    if (!this.#initialized) {
      this.#heldPartial = args;
      return;
    }
    void this.bridge.sendToolInputPartial({ arguments: args }).catch(() => undefined);
  }
  #heldPartial?: Record<string, unknown>;

  /** Sends the tool result; the spec wants the input first, so a result that comes before it waits for it. */
  toolResult(result: CallToolResult): void {
    if (!this.#inputSent) {
      this.#heldResult = result;
      return;
    }
    this.#send(() => this.bridge.sendToolResult(result));
  }

  toolCancelled(reason: string): void {
    this.#send(() => this.bridge.sendToolCancelled({ reason }));
  }

  /** Tells the app its host context changed (only the fields that differ are sent). */
  hostContextChanged(): void {
    if (this.#closed) return;
    this.bridge.setHostContext(this.options.host.hostContext());
  }

  /**
   * `ui/resource-teardown`, waiting up to 2 s for the app's answer, then
   * closes the link. Call before the frame leaves the page.
   */
  async close(reason: string): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.options.connection.removeEventListener('mcp-catalog-change', this.#onCatalog);
    if (this.#appTools.length) {
      this.#appTools = [];
      this.options.host.appToolsChanged([]);
    }
    clearTimeout(this.#startTimer);
    clearTimeout(this.#contextTimer);
    try {
      if (this.#initialized) await this.bridge.teardownResource({ reason }, { timeout: TEARDOWN_WAIT_MS });
    } catch {
      // An app that does not answer in time is torn down anyway.
    } finally {
      await this.bridge.close().catch(() => undefined);
    }
  }

  #send(task: () => Promise<void>): void {
    if (this.#closed) return;
    if (!this.#initialized) {
      this.#queue.push(task);
      return;
    }
    void task().catch(() => undefined);
  }

  async #flush(): Promise<void> {
    const partial = this.#heldPartial;
    this.#heldPartial = undefined;
    if (partial && !this.#inputSent) await this.bridge.sendToolInputPartial({ arguments: partial }).catch(() => undefined);
    for (const task of this.#queue.splice(0)) await task().catch(() => undefined);
  }
}
