import {
  Client,
  LOG_LEVEL_META_KEY,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UrlElicitationRequiredError,
  type CallToolResult,
  type CompleteRequestParams,
  type CompleteResult,
  type CreateMessageResult,
  type ElicitRequestURLParams,
  type GetPromptResult,
  type Implementation,
  type LoggingLevel,
  type McpSubscription,
  type OAuthClientProvider,
  type Progress,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplateType,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/client';
import { CallRegistry, DEFAULT_CALL_TIMEOUT_MS, MAX_TIMER_MS, type ActiveCall } from './call-tracker.js';
import {
  McpCatalogChangeEvent,
  McpConnectionChangeEvent,
  McpConnectionState,
  McpLogMessageEvent,
  McpResourceUpdateEvent,
  type McpCatalogKind,
  type McpConnectionEventMap,
} from './connection-events.js';
import { diagnoseNetworkFailure, hiddenSessionIdError } from './diagnose.js';
import { classifyError, isNetworkError, isSessionExpired, McpConnectionError, McpErrorKind } from './errors.js';
import { CALL_TAG_HEADER, FetchTap } from './fetch-tap.js';
import { InputRouter, type InputParams, type InputResults } from './input-router.js';
import type { InputKind, InputRequestContext } from './input-types.js';

/** How to reach one MCP server. */
export interface McpConnectionConfig {
  /** The Streamable HTTP endpoint, e.g. `https://host/mcp`. */
  url: string;
  /** A name for people and for prefixing colliding tool names; defaults to the server's own name. */
  name?: string;
  /** Extra HTTP headers sent with every request (they must pass the server's CORS). */
  headers?: Record<string, string>;
  /** OAuth for servers that need sign-in. */
  authProvider?: OAuthClientProvider;
  /** Protocol era: `'auto'` (default) probes and falls back; `'legacy'` forces 2025-11-25; `'modern'` requires 2026-07-28. */
  era?: 'auto' | 'legacy' | 'modern';
  /**
   * How long a tool call may go without progress before it is abandoned,
   * not counting time spent waiting on a person. Default 10 minutes.
   */
  callTimeoutMs?: number;
  /** Reconnection after network loss: exponential backoff from `initialDelayMs` to `maxDelayMs`, `maxAttempts` tries. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  /** The `fetch` to use (tests, proxies). */
  fetch?: typeof fetch;
  /** How this client names itself to servers. */
  clientInfo?: Implementation;
}

/** Options of {@link McpConnection.callTool}. */
export interface CallToolOptions {
  /** Aborting cancels the call on the server (`notifications/cancelled`, or closing the 2026 stream). */
  signal?: AbortSignal;
  /** Progress notifications of this call. */
  onprogress?: (progress: Progress) => void;
  /** The model's tool_use id, handed to input handlers in `context.toolCall`. */
  toolUseId?: string;
  /** Overrides the connection's `callTimeoutMs` for this call. */
  timeoutMs?: number;
}

const CLIENT_INFO: Implementation = { name: 'mcp-elements', version: '0.1.0' };
const MODERN_VERSION = '2026-07-28';
// The SDK reports each 2026 input_required round through onprogress with this text;
// it is not server progress, and it tells which call the next input requests belong to.
const ROUND_MESSAGE = /^Fulfilling input required by /;
const VERIFY_TIMEOUT_MS = 5000;
const RECHECK_MS = 1000;
let nextConnectionId = 1;

/** Typed listeners for the connection's events. */
export interface McpConnection {
  addEventListener<K extends keyof McpConnectionEventMap>(type: K, listener: (event: McpConnectionEventMap[K]) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof McpConnectionEventMap>(type: K, listener: (event: McpConnectionEventMap[K]) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/**
 * One MCP server, thin over the SDK `Client`: era negotiation, a state machine
 * with events, reconnection, catalogs kept fresh, tool calls that survive a
 * person taking their time, and server-to-client input requests sent to the
 * shared {@link InputRouter}.
 *
 * @fires mcp-connection-change - the state changed ({@link McpConnectionChangeEvent})
 * @fires mcp-catalog-change - a catalog was reloaded ({@link McpCatalogChangeEvent})
 * @fires mcp-resource-update - a subscribed resource changed ({@link McpResourceUpdateEvent})
 * @fires mcp-log-message - the server logged a message ({@link McpLogMessageEvent})
 */
export class McpConnection extends EventTarget {
  readonly id: string;
  readonly url: string;
  readonly config: Readonly<McpConnectionConfig>;
  readonly router: InputRouter;
  /** Tools, prompts, resources and resource templates, all pages, as last loaded. */
  tools: Tool[] = [];
  prompts: Prompt[] = [];
  resources: Resource[] = [];
  resourceTemplates: ResourceTemplateType[] = [];
  private _state: McpConnectionState = McpConnectionState.Idle;
  private _error?: McpConnectionError;
  private client?: Client;
  private transport?: StreamableHTTPClientTransport;
  private tap?: FetchTap;
  private generation = 0;
  /** Aborted whenever the current SDK client is replaced or closed: ends its input requests. */
  private scope = new AbortController();
  private readonly calls: CallRegistry;
  private readonly subscriptions = new Set<string>();
  private logLevel?: LoggingLevel;
  private listenSub?: McpSubscription;
  private reinit?: Promise<void>;
  private verifying?: Promise<boolean>;
  private connecting?: Promise<void>;

  constructor(config: McpConnectionConfig, options: { router?: InputRouter } = {}) {
    super();
    this.config = { ...config };
    this.url = new URL(config.url, typeof location === 'undefined' ? undefined : location.href).href;
    this.id = `mcp-${nextConnectionId++}`;
    this.calls = new CallRegistry(this.id);
    this.router = options.router ?? new InputRouter();
  }

  /** The current state. */
  get state(): McpConnectionState {
    return this._state;
  }
  /** Why the connection failed, needs sign-in, or is reconnecting. */
  get error(): McpConnectionError | undefined {
    return this._error;
  }
  /** The name for people: the configured name, else the server's title or name, else the host. */
  get name(): string {
    const info = this.serverInfo;
    return this.config.name ?? info?.title ?? info?.name ?? new URL(this.url).host;
  }
  /** `'legacy'` (2025-11-25 and older) or `'modern'` (2026-07-28), once connected. */
  getProtocolEra(): 'legacy' | 'modern' | undefined {
    return this.client?.getProtocolEra();
  }
  /** The negotiated protocol version, e.g. `2025-11-25`. */
  get protocolVersion(): string | undefined {
    return this.client?.getNegotiatedProtocolVersion();
  }
  get serverInfo(): (Implementation & { title?: string }) | undefined {
    return this.client?.getServerVersion();
  }
  get capabilities(): ServerCapabilities | undefined {
    return this.client?.getServerCapabilities();
  }
  /** The server's instructions for the model (put them in the system prompt). */
  get instructions(): string | undefined {
    return this.client?.getInstructions();
  }

  /** Connects (or connects again after `failed`/`auth-required`). Rejects with a {@link McpConnectionError}. */
  connect(): Promise<void> {
    if (this._state === McpConnectionState.Closed) return Promise.reject(this.closedError());
    if (this._state === McpConnectionState.Connected) return Promise.resolve();
    this.connecting ??= (async () => {
      this.setState(McpConnectionState.Connecting);
      try {
        await this.establish();
        this.setState(McpConnectionState.Connected);
      } catch (error) {
        const failure = classifyError(error, this.url, 'connect');
        if (this._state !== McpConnectionState.Closed) {
          this.setState(failure.kind === McpErrorKind.AuthRequired ? McpConnectionState.AuthRequired : McpConnectionState.Failed, failure);
        }
        throw failure;
      } finally {
        this.connecting = undefined;
      }
    })();
    return this.connecting;
  }

  /** Completes an OAuth sign-in with the authorization code from the redirect, then connects. */
  async finishAuth(authorizationCode: string): Promise<void> {
    const transport = this.transport ?? this.createTransport(new FetchTap(this.tapHooks(this.generation), this.config.fetch));
    await transport.finishAuth(authorizationCode);
    await this.connect();
  }

  /** Closes the connection for good: pending calls and input requests end. */
  async close(): Promise<void> {
    if (this._state === McpConnectionState.Closed) return;
    this.setState(McpConnectionState.Closed);
    await this.dropClient(this.closedError());
  }

  /** Reloads one catalog, or all of them. */
  async refresh(kind?: McpCatalogKind): Promise<void> {
    const client = await this.ready();
    const kinds: McpCatalogKind[] = kind ? [kind] : ['tools', 'prompts', 'resources', 'resourceTemplates'];
    const results = await Promise.allSettled(kinds.map((k) => this.load(client, k)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw classifyError(failed.reason, this.url);
  }

  /**
   * Calls a tool. `structuredContent` is validated against the tool's
   * `outputSchema` (from the catalog). A server that answers
   * URL-elicitation-required (-32042) gets its URLs shown through the
   * elicitation handler, and the call is retried once the person is done. A
   * 2025 session that expired is re-initialized and the call retried, once.
   */
  async callTool(name: string, args: Record<string, unknown> = {}, options: CallToolOptions = {}): Promise<CallToolResult> {
    let sessionRetried = false;
    let urlRetried = false;
    for (;;) {
      try {
        return await this.runCall(name, args, options);
      } catch (error) {
        if (!sessionRetried && this.getProtocolEra() === 'legacy' && isSessionExpired(error)) {
          sessionRetried = true;
          await this.reinitialize();
          continue;
        }
        if (!urlRetried && error instanceof UrlElicitationRequiredError) {
          urlRetried = true;
          if (await this.askUrls(error.elicitations, name, args, options)) continue;
        }
        throw classifyError(error, this.url);
      }
    }
  }

  /** Reads a resource. */
  async readResource(uri: string, options: { signal?: AbortSignal } = {}): Promise<ReadResourceResult> {
    return this.request((c) => c.readResource({ uri, ...this.meta() }, { signal: options.signal, cacheMode: 'refresh' }));
  }

  /** Subscribes to updates of a resource (`mcp-resource-update` events); kept across reconnects. */
  async subscribeResource(uri: string): Promise<void> {
    this.subscriptions.add(uri);
    await this.applySubscriptions();
  }

  /** Ends a subscription. */
  async unsubscribeResource(uri: string): Promise<void> {
    this.subscriptions.delete(uri);
    const client = await this.ready();
    if (client.getProtocolEra() === 'legacy') await this.request((c) => c.unsubscribeResource({ uri }));
    else await this.applySubscriptions();
  }

  /** Gets a prompt with its arguments filled in. */
  async getPrompt(name: string, args?: Record<string, string>, options: { signal?: AbortSignal } = {}): Promise<GetPromptResult> {
    return this.request((c) => c.getPrompt({ name, arguments: args, ...this.meta() }, { signal: options.signal }));
  }

  /** Asks the server to complete an argument of a prompt or resource template. */
  async complete(params: CompleteRequestParams, options: { signal?: AbortSignal } = {}): Promise<CompleteResult> {
    return this.request((c) => c.complete(params, { signal: options.signal }));
  }

  /**
   * Sets the least severe log level the server should send. On 2025 servers
   * this is `logging/setLevel`; on 2026 servers the level rides on each request.
   * Kept across reconnects.
   */
  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    this.logLevel = level;
    const client = await this.ready();
    if (client.getProtocolEra() === 'legacy') await this.request((c) => c.setLoggingLevel(level));
  }

  /** Checks that the server answers (2025: `ping`; 2026: `server/discover`). */
  async ping(options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<void> {
    await this.request((c) =>
      c.getProtocolEra() === 'modern'
        ? c.discover({ signal: options.signal, timeout: options.timeoutMs })
        : c.ping({ signal: options.signal, timeout: options.timeoutMs }),
    );
  }

  /** Tells the server the roots changed (it then asks `roots/list` again). */
  async notifyRootsChanged(): Promise<void> {
    const client = await this.ready();
    if (client.getProtocolEra() === 'legacy') await client.sendRootsListChanged();
  }

  // ---- requests ------------------------------------------------------------

  private async request<T>(run: (client: Client) => Promise<T>): Promise<T> {
    let retried = false;
    for (;;) {
      const client = await this.ready();
      try {
        return await run(client);
      } catch (error) {
        if (!retried && client.getProtocolEra() === 'legacy' && isSessionExpired(error)) {
          retried = true;
          await this.reinitialize();
          continue;
        }
        if (isNetworkError(error)) void this.verify(error);
        throw classifyError(error, this.url);
      }
    }
  }

  private meta(): { _meta?: Record<string, unknown> } {
    return this.logLevel && this.getProtocolEra() === 'modern' ? { _meta: { [LOG_LEVEL_META_KEY]: this.logLevel } } : {};
  }

  private async runCall(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    const client = await this.ready();
    const timeoutMs = options.timeoutMs ?? this.config.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const call = this.calls.start(name, args, options.toolUseId, timeoutMs, (c) =>
      c.fail(new McpConnectionError(McpErrorKind.Timeout, `The tool ${name} made no progress for ${Math.round(timeoutMs / 1000)} s and was stopped.`, { url: this.url })),
    );
    const stop = () => call.fail(new McpConnectionError(McpErrorKind.Aborted, `The call of ${name} was stopped.`, { url: this.url, cause: options.signal?.reason }));
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      if (call.failure) throw call.failure;
      return (await client.callTool(
        { name, arguments: args, ...this.meta() },
        {
          signal: call.controller.signal,
          // This layer's own timer (ActiveCall) decides; it pauses while a person answers.
          timeout: MAX_TIMER_MS,
          headers: { [CALL_TAG_HEADER]: call.tag },
          toolDefinition: this.tools.find((t) => t.name === name),
          onprogress: (progress) => {
            if (typeof progress.message === 'string' && ROUND_MESSAGE.test(progress.message) && progress.total === undefined) {
              this.calls.roundStarting(call);
              return;
            }
            call.progressed();
            options.onprogress?.(progress);
          },
        },
      )) as CallToolResult;
    } catch (error) {
      throw call.failure ?? error;
    } finally {
      options.signal?.removeEventListener('abort', stop);
      this.calls.end(call);
    }
  }

  /** Shows each URL of a -32042 error; true when the person completed all of them. */
  private async askUrls(elicitations: ElicitRequestURLParams[], name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<boolean> {
    for (const elicitation of elicitations) {
      const params = { ...elicitation, mode: 'url' as const };
      const result = await this.router.dispatch({
        kind: 'elicitation',
        params,
        context: {
          ...this.contextBase(),
          toolCall: { name, arguments: args, toolUseId: options.toolUseId },
          completed: this.getProtocolEra() === 'legacy' && params.elicitationId ? this.calls.completion(params.elicitationId) : undefined,
        },
        signals: [this.scope.signal, ...(options.signal ? [options.signal] : [])],
      });
      if (result.action !== 'accept') return false;
    }
    return true;
  }

  // ---- input requests ------------------------------------------------------

  private async onInput<K extends InputKind>(
    kind: K,
    params: InputParams[K],
    ctx: { mcpReq: { id: string | number; signal: AbortSignal } },
    generation: number,
  ): Promise<InputResults[K]> {
    // Before any await: on 2026 servers the round's call is only known in this tick.
    const era = this.client?.getProtocolEra() ?? 'legacy';
    const call = this.calls.callFor(era, ctx.mcpReq.id);
    const done = call?.beginInput();
    try {
      const elicitation = kind === 'elicitation' ? (params as InputParams['elicitation']) : undefined;
      return await this.router.dispatch({
        kind,
        params,
        context: {
          ...this.contextBase(),
          toolCall: call && { name: call.name, arguments: call.args, toolUseId: call.toolUseId },
          completed:
            era === 'legacy' && elicitation?.mode === 'url' && elicitation.elicitationId ? this.calls.completion(elicitation.elicitationId) : undefined,
        },
        signals: [ctx.mcpReq.signal, this.scope.signal, ...(call ? [call.controller.signal] : [])],
        dedupeKey: era === 'legacy' ? `${this.id}|${generation}|${this.transport?.sessionId ?? ''}|${kind}|${String(ctx.mcpReq.id)}` : undefined,
      });
    } finally {
      done?.();
    }
  }

  private contextBase(): Omit<InputRequestContext, 'signal' | 'toolCall' | 'completed'> {
    const info = this.serverInfo;
    return {
      server: { id: this.id, name: this.config.name ?? info?.name ?? new URL(this.url).host, title: info?.title, version: info?.version, url: this.url },
      era: this.getProtocolEra() ?? 'legacy',
    };
  }

  // ---- lifecycle -----------------------------------------------------------

  private createTransport(tap: FetchTap): StreamableHTTPClientTransport {
    return new StreamableHTTPClientTransport(new URL(this.url), {
      fetch: tap.fetch,
      requestInit: this.config.headers ? { headers: this.config.headers } : undefined,
      authProvider: this.config.authProvider,
    });
  }

  private tapHooks(generation: number) {
    return {
      onServerRequest: (tag: string, id: string | number) => {
        if (generation === this.generation) this.calls.serverRequest(id, tag);
      },
      onStreamBroken: (tag: string, error: unknown) => {
        const call = this.calls.get(tag);
        if (generation !== this.generation || !call || call.controller.signal.aborted) return;
        call.fail(this.lostDuring(call, error));
        void this.verify(error);
      },
      onStreamEnded: (tag: string, resumable: boolean) => {
        const call = this.calls.get(tag);
        if (generation !== this.generation || !call || call.controller.signal.aborted) return;
        const cause = new Error('The response stream ended without an answer');
        // A resumable stream is resumed by the SDK, unless the server is gone.
        if (resumable) void this.verify(cause);
        else {
          call.fail(this.lostDuring(call, cause));
          void this.verify(cause);
        }
      },
    };
  }

  private createClient(generation: number): { client: Client; transport: StreamableHTTPClientTransport; tap: FetchTap } {
    const era = this.config.era ?? 'auto';
    const client = new Client(this.config.clientInfo ?? CLIENT_INFO, {
      versionNegotiation: { mode: era === 'modern' ? { pin: MODERN_VERSION } : era },
      capabilities: { sampling: { tools: {} }, elicitation: { form: {}, url: {} }, roots: { listChanged: true } },
    });
    const current = () => generation === this.generation;
    client.setRequestHandler('elicitation/create', (request, ctx) => this.onInput('elicitation', request.params, ctx, generation));
    client.setRequestHandler('sampling/createMessage', async (request, ctx) => (await this.onInput('sampling', request.params, ctx, generation)) as CreateMessageResult);
    client.setRequestHandler('roots/list', async (_request, ctx) => ({ roots: await this.onInput('roots', undefined, ctx, generation) }));
    const reload = (kinds: McpCatalogKind[]) => () => {
      if (current()) for (const kind of kinds) this.load(client, kind).catch(() => {});
    };
    client.setNotificationHandler('notifications/tools/list_changed', reload(['tools']));
    client.setNotificationHandler('notifications/prompts/list_changed', reload(['prompts']));
    client.setNotificationHandler('notifications/resources/list_changed', reload(['resources', 'resourceTemplates']));
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      if (current()) this.dispatchEvent(new McpResourceUpdateEvent(n.params.uri));
    });
    client.setNotificationHandler('notifications/message', (n) => {
      if (current()) this.dispatchEvent(new McpLogMessageEvent(n.params));
    });
    client.setNotificationHandler('notifications/elicitation/complete', (n) => {
      if (current()) this.calls.complete(n.params.elicitationId);
    });
    client.onerror = (error) => {
      if (!current() || this._state !== McpConnectionState.Connected) return;
      if (client.getProtocolEra() === 'legacy' && isSessionExpired(error)) {
        // Later than the failing request's own rejection, which retries through the same reinit.
        setTimeout(() => void this.reinitialize().catch(() => {}), 0);
      } else if (isNetworkError(error) || /SSE stream disconnected|reconnect/i.test(error.message)) {
        void this.verify(error);
      }
    };
    const tap = new FetchTap(this.tapHooks(generation), this.config.fetch);
    return { client, transport: this.createTransport(tap), tap };
  }

  /** Connects a fresh SDK client (the old one, if any, is closed first) and loads everything. */
  private async establish(prior?: { kind: 'legacy' }): Promise<void> {
    await this.dropClient(new McpConnectionError(McpErrorKind.ConnectionLost, 'The connection is being re-established.', { url: this.url }));
    const generation = ++this.generation;
    let attempt = this.createClient(generation);
    try {
      await attempt.client.connect(attempt.transport, prior ? { prior } : undefined);
    } catch (error) {
      await attempt.client.close().catch(() => {});
      if ((this.config.era ?? 'auto') !== 'auto' || prior || !isServerErrorOnProbe(error)) throw await this.diagnose(error, attempt.tap);
      // A gateway answering server/discover with 5xx: not era evidence, so try the 2025 handshake.
      attempt = this.createClient(generation);
      try {
        await attempt.client.connect(attempt.transport, { prior: { kind: 'legacy' } });
      } catch (fallbackError) {
        await attempt.client.close().catch(() => {});
        throw await this.diagnose(fallbackError, attempt.tap);
      }
    }
    if (generation !== this.generation || this._state === McpConnectionState.Closed) {
      await attempt.client.close().catch(() => {});
      throw this.closedError();
    }
    ({ client: this.client, transport: this.transport, tap: this.tap } = attempt);
    const client = attempt.client;
    await Promise.allSettled((['tools', 'prompts', 'resources', 'resourceTemplates'] as const).map((k) => this.load(client, k)));
    if (this.logLevel && client.getProtocolEra() === 'legacy') await client.setLoggingLevel(this.logLevel).catch(() => {});
    await this.applySubscriptions().catch(() => {});
  }

  private async diagnose(error: unknown, tap: FetchTap): Promise<McpConnectionError> {
    if (tap.sessionIdHidden && error instanceof SdkHttpError && (error.status === 400 || error.status === 404)) return hiddenSessionIdError(this.url, error);
    const classified = classifyError(error, this.url, 'connect');
    if (classified.kind !== McpErrorKind.Unreachable) return classified;
    return (await diagnoseNetworkFailure(this.url, Object.keys(this.config.headers ?? {}), this.config.fetch)) ?? classified;
  }

  private async load(client: Client, kind: McpCatalogKind): Promise<void> {
    const caps = client.getServerCapabilities() ?? {};
    const opts = { cacheMode: 'refresh' as const };
    switch (kind) {
      case 'tools':
        this.tools = caps.tools ? (await client.listTools(undefined, opts)).tools : [];
        break;
      case 'prompts':
        this.prompts = caps.prompts ? (await client.listPrompts(undefined, opts)).prompts : [];
        break;
      case 'resources':
        this.resources = caps.resources ? (await client.listResources(undefined, opts)).resources : [];
        break;
      case 'resourceTemplates':
        this.resourceTemplates = caps.resources ? (await client.listResourceTemplates(undefined, opts)).resourceTemplates : [];
        break;
      default: {
        const never: never = kind;
        throw new Error(`Unknown catalog ${String(never)}`);
      }
    }
    if (client === this.client || !this.client) this.dispatchEvent(new McpCatalogChangeEvent(kind));
  }

  /**
   * 2025: `resources/subscribe` for each subscribed URI. 2026: one
   * `subscriptions/listen` stream carrying list changes and the subscribed
   * URIs, reopened when the set changes or the stream drops.
   */
  private async applySubscriptions(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const caps = client.getServerCapabilities() ?? {};
    if (client.getProtocolEra() === 'legacy') {
      if (!caps.resources?.subscribe) return;
      await Promise.all([...this.subscriptions].map((uri) => client.subscribeResource({ uri })));
      return;
    }
    const previous = this.listenSub;
    this.listenSub = undefined;
    await previous?.close().catch(() => {});
    const filter = {
      ...(caps.tools?.listChanged && { toolsListChanged: true }),
      ...(caps.prompts?.listChanged && { promptsListChanged: true }),
      ...(caps.resources?.listChanged && { resourcesListChanged: true }),
      ...(caps.resources?.subscribe && this.subscriptions.size > 0 && { resourceSubscriptions: [...this.subscriptions] }),
    };
    if (Object.keys(filter).length === 0) return;
    const sub = await client.listen(filter);
    this.listenSub = sub;
    void sub.closed.then(async (reason) => {
      if (reason !== 'remote' || this.listenSub !== sub || client !== this.client) return;
      if (await this.verify(new Error('subscription stream ended'))) await this.applySubscriptions().catch(() => {});
    });
  }

  /** Whether the server still answers; if not, reconnect (or re-initialize an expired session). */
  private verify(cause: unknown, recheck = true): Promise<boolean> {
    const client = this.client;
    if (!client || this._state !== McpConnectionState.Connected) return Promise.resolve(false);
    this.verifying ??= (async () => {
      try {
        if (client.getProtocolEra() === 'modern') await client.discover({ timeout: VERIFY_TIMEOUT_MS });
        else await client.ping({ timeout: VERIFY_TIMEOUT_MS });
        // A server that is shutting down still answers on open sockets for a moment: look again once.
        if (recheck) {
          setTimeout(() => {
            if (client === this.client) void this.verify(cause, false);
          }, RECHECK_MS);
        }
        return true;
      } catch (error) {
        if (client !== this.client) return false;
        if (client.getProtocolEra() === 'legacy' && isSessionExpired(error)) {
          await this.reinitialize().catch(() => {});
          return this._state === McpConnectionState.Connected;
        }
        void this.reconnect(classifyError(isNetworkError(error) ? error : cause, this.url));
        return false;
      } finally {
        this.verifying = undefined;
      }
    })();
    return this.verifying;
  }

  /** A new 2025 session after the old one expired: once, transparently (state stays `connected`). */
  private reinitialize(): Promise<void> {
    this.reinit ??= (async () => {
      try {
        await this.establish(this.getProtocolEra() === 'legacy' ? { kind: 'legacy' } : undefined);
      } catch (error) {
        const failure = classifyError(error, this.url);
        if (isNetworkError(failure)) void this.reconnect(failure);
        else if (this._state !== McpConnectionState.Closed) this.setState(McpConnectionState.Failed, failure);
        throw failure;
      } finally {
        this.reinit = undefined;
      }
    })();
    return this.reinit;
  }

  /** Network lost: state `reconnecting`, calls under way fail, then retries with backoff. */
  private async reconnect(error: McpConnectionError): Promise<void> {
    if (this._state !== McpConnectionState.Connected) return;
    this.setState(McpConnectionState.Reconnecting, error);
    await this.dropClient(new McpConnectionError(McpErrorKind.ConnectionLost, `The connection to ${new URL(this.url).host} was lost.`, { url: this.url, cause: error }));
    const { initialDelayMs = 500, maxDelayMs = 15_000, maxAttempts = 10 } = this.config.reconnect ?? {};
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** attempt) * (0.8 + Math.random() * 0.4);
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (!this.isState(McpConnectionState.Reconnecting)) return;
      try {
        await this.establish();
        if (this.isState(McpConnectionState.Reconnecting)) this.setState(McpConnectionState.Connected);
        return;
      } catch (failure) {
        const classified = classifyError(failure, this.url, 'connect');
        if (!this.isState(McpConnectionState.Reconnecting)) return;
        if (classified.kind === McpErrorKind.AuthRequired) {
          this.setState(McpConnectionState.AuthRequired, classified);
          return;
        }
        this._error = classified;
      }
    }
    if (this.isState(McpConnectionState.Reconnecting)) this.setState(McpConnectionState.Failed, this._error);
  }

  private lostDuring(call: ActiveCall, cause: unknown): McpConnectionError {
    return new McpConnectionError(McpErrorKind.ConnectionLost, `The connection to ${new URL(this.url).host} was lost during the call of ${call.name}.`, { url: this.url, cause });
  }

  /** Closes the current SDK client; its calls fail (`reason`, naming each tool) and its input requests end. */
  private async dropClient(reason: McpConnectionError): Promise<void> {
    this.scope.abort(reason);
    this.scope = new AbortController();
    for (const call of this.calls.all()) {
      call.fail(reason.kind === McpErrorKind.ConnectionLost ? this.lostDuring(call, reason) : reason);
    }
    const { client, listenSub } = this;
    this.client = undefined;
    this.listenSub = undefined;
    this.generation++;
    await listenSub?.close().catch(() => {});
    await client?.close().catch(() => {});
  }

  /** Resolves with the SDK client once connected; waits through connecting, reconnecting and re-initializing. */
  private async ready(): Promise<Client> {
    for (;;) {
      if (this.reinit) await this.reinit.catch(() => {});
      if (this._state === McpConnectionState.Connected && this.client && !this.reinit) return this.client;
      if (this._state === McpConnectionState.Connecting || this._state === McpConnectionState.Reconnecting || this.reinit) {
        await new Promise<void>((resolve) => this.addEventListener('mcp-connection-change', () => resolve(), { once: true }));
        continue;
      }
      if (this._state === McpConnectionState.Idle) throw new McpConnectionError(McpErrorKind.Closed, 'Not connected yet: call connect() first.', { url: this.url });
      throw this._error ?? this.closedError();
    }
  }

  /** A method, not `this._state ===`, so TypeScript does not narrow across awaits. */
  private isState(state: McpConnectionState): boolean {
    return this._state === state;
  }

  private closedError(): McpConnectionError {
    return new McpConnectionError(McpErrorKind.Closed, `The connection to ${new URL(this.url).host} is closed.`, { url: this.url });
  }

  private setState(state: McpConnectionState, error?: McpConnectionError): void {
    const previous = this._state;
    this._error = state === McpConnectionState.Connected || state === McpConnectionState.Connecting ? undefined : (error ?? this._error);
    this._state = state;
    if (previous !== state || error) this.dispatchEvent(new McpConnectionChangeEvent(state, previous, this._error));
  }
}

function isServerErrorOnProbe(error: unknown): boolean {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.EraNegotiationFailed) return false;
  const status = error instanceof SdkHttpError ? error.status : (error.data as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status >= 500 : /HTTP 5\d\d/.test(error.message);
}
