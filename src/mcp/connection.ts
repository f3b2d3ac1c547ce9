// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import {
  LOG_LEVEL_META_KEY,
  UrlElicitationRequiredError,
  type CallToolResult,
  type Client,
  type CompleteRequestParams,
  type CompleteResult,
  type ElicitRequestURLParams,
  type GetPromptResult,
  type Implementation,
  type LoggingLevel,
  type LoggingMessageNotificationParams,
  type OAuthClientProvider,
  type Progress,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplateType,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/client';
import { TypedEventTarget } from '../content/typed-event-target.js';
import { CallRegistry, DEFAULT_CALL_TIMEOUT_MS, MAX_TIMER_MS, type ActiveCall } from './call-tracker.js';
import { CATALOG_KINDS, loadCatalog, subscribe } from './connection-catalogs.js';
import type { CallToolOptions, McpConnectionConfig } from './connection-config.js';
import {
  McpCatalogChangeEvent,
  McpConnectionChangeEvent,
  McpConnectionState,
  McpLogMessageEvent,
  McpResourceUpdateEvent,
  type McpCatalogKind,
  type McpConnectionEventMap,
} from './connection-events.js';
import { ConnectionLifecycle } from './connection-lifecycle.js';
import { classifyError, isNetworkError, McpConnectionError, McpErrorKind } from './errors.js';
import { CALL_TAG_HEADER } from './fetch-tap.js';
import { BatchPerFrame, LatestPerFrame } from './frame-batch.js';
import { loadOutputValidator } from './output-validator.js';
import { paramHeaders } from './param-headers.js';
import type { McpDegradation } from './header-fallback.js';
import { hostOf, serverName } from './server-key.js';
import { declaresSkills } from './skills-extension.js';
import type { LoadedSkill, McpSkill } from './skills.js';
import type { SessionTrace } from './trace.js';
import { InputRouter, type InputParams, type InputResults } from './input-router.js';
import type { InputKind, InputRequestContext, Root } from './input-types.js';
import type { InvalidTool } from './tool-list.js';
import { acceptTaskResults, checkTaskOutput, isTaskResult, taskPlan, type TaskHost, type TaskInfo } from './tasks.js';
import { takeLiveStream } from './stream-budget.js';

export type { CallToolOptions, McpConnectionConfig } from './connection-config.js';

/** Most log messages handed on per frame; a server sending more loses the oldest, with a warning (see `McpLogMessageEvent`). */
export const MAX_LOGS_PER_FRAME = 200;

/**
 * The SDK reports each 2026 `input_required` round through `onprogress` with
 * this text, just before it hands the round's requests to the handlers in the
 * same tick. It is not server progress, and it is the only signal of which
 * call the round's requests belong to (the handler context carries none).
 * test/unit/mcp-connection-rounds.test.ts fails if the SDK changes it.
 */
const ROUND_MESSAGE = /^Fulfilling input required by /;

/** The `_meta` of a request with nothing in it (one object, spread into every such request). */
const NO_META: { _meta?: Record<string, unknown> } = Object.freeze({});

/**
 * How long `connect()` waits, once `tools/list` has answered, for the prompts,
 * resources and templates before it reports `connected` anyway (a list that
 * answers later fills in with its `mcp-catalog-change`).
 */
const CATALOG_WAIT_MS = 3000;

/** How long after the 2026 listen stream ended it is reopened (the server was checked first). */
const LISTEN_REOPEN_DELAY_MS = 500;

let nextConnectionId = 1;

/** The context the SDK gives a request handler (the part the connection reads). */
interface HandlerContext {
  mcpReq: { id: string | number; signal: AbortSignal };
}

/**
 * An `OAuthClientProvider` that can run the person's part of sign-in itself
 * (popup or redirect, `state` check, code redeemed), like `BrowserOAuthProvider`.
 */
export interface InteractiveOAuthClientProvider extends OAuthClientProvider {
  /** Signs the person in; call it from a click (it may open a popup). Resolves once tokens are stored. */
  signIn(options?: { signal?: AbortSignal }): Promise<void>;
  /** Forgets the tokens of this server. */
  signOut?(): Promise<void>;
}

/**
 * One MCP server, thin over the SDK `Client`: era negotiation, a state machine
 * with events, reconnection, sign-in, catalogs kept fresh, tool calls that
 * survive a person taking their time, and server-to-client input requests
 * sent to the shared {@link InputRouter}.
 *
 * @fires mcp-connection-change - the state changed ({@link McpConnectionChangeEvent})
 * @fires mcp-catalog-change - a catalog was reloaded ({@link McpCatalogChangeEvent})
 * @fires mcp-resource-update - a subscribed resource changed ({@link McpResourceUpdateEvent})
 * @fires mcp-log-message - the server logged a message ({@link McpLogMessageEvent})
 */
export class McpConnection extends TypedEventTarget<McpConnectionEventMap> {
  readonly id: string;
  readonly url: string;
  readonly config: Readonly<McpConnectionConfig>;
  readonly router: InputRouter;
  /** Tools, prompts, resources and resource templates, all pages, as last loaded. */
  tools: Tool[] = [];
  prompts: Prompt[] = [];
  resources: Resource[] = [];
  resourceTemplates: ResourceTemplateType[] = [];
  /** Tools the server listed that break the MCP format (left out of `tools`), with the reason: show them in the Servers panel. */
  invalidTools: InvalidTool[] = [];
  /** Listed tools this client cannot run here (a task tool the server's era or capabilities do not let it run), with the reason. */
  get unrunnableTools(): InvalidTool[] {
    const era = this.getProtocolEra();
    const capabilities = this.capabilities;
    return this.tools.flatMap((tool) => {
      const plan = taskPlan(era, capabilities, tool);
      return plan.mode === 'unsupported' ? [{ name: tool.name, reason: plan.reason }] : [];
    });
  }
  /** The SDK client whose `tools/list` answer `tools` holds. */
  private toolsFrom?: Client;
  private readonly subscriptions = new Set<string>();
  private _roots: Root[];
  private logLevel?: LoggingLevel;
  private readonly calls: CallRegistry;
  /** The last elicitation requests as the server sent them: their `x-mcp-file` keywords, which the SDK drops (file-input-keywords.ts). */
  private readonly sentElicitations: unknown[] = [];
  /** The state machine and the SDK client of the moment. */
  private readonly life: ConnectionLifecycle;
  private _trace?: SessionTrace;
  /**
   * Log messages wait here for the next frame and are dispatched together (a
   * page's listeners then render once per frame); past {@link MAX_LOGS_PER_FRAME}
   * the oldest are dropped and a warning says how many.
   */
  private readonly logs = new BatchPerFrame<LoggingMessageNotificationParams>((items, dropped) => {
    if (this.state === McpConnectionState.Closed) return;
    if (dropped) {
      this.dispatchEvent(
        new McpLogMessageEvent({
          level: 'warning',
          logger: 'mcp-elements',
          data: `${dropped} log messages of this server were left out: it sent more than ${MAX_LOGS_PER_FRAME} in one frame.`,
        }),
      );
    }
    for (const message of items) this.dispatchEvent(new McpLogMessageEvent(message));
  }, MAX_LOGS_PER_FRAME);

  constructor(config: McpConnectionConfig, options: { router?: InputRouter; trace?: SessionTrace } = {}) {
    super();
    this.config = { ...config };
    this.url = new URL(config.url, typeof location === 'undefined' ? undefined : location.href).href;
    this.id = `mcp-${nextConnectionId++}`;
    this.calls = new CallRegistry(this.id);
    this.router = options.router ?? new InputRouter();
    this._roots = (this.config.roots ?? []).map((r) => ({ ...r }));
    this.life = new ConnectionLifecycle({
      url: this.url,
      config: this.config,
      calls: this.calls,
      sentElicitations: this.sentElicitations,
      wire: (client, generation, current) => this.wire(client, generation, current),
      restore: (client) => this.restore(client),
      dispatchEvent: (event) => this.dispatchEvent(event),
      trace: () => this.tapTrace(),
    });
    if (options.trace) this.trace = options.trace;
  }

  /**
   * The session trace this connection records into (every HTTP request to
   * the server, its JSON-RPC messages both ways, status, `Mcp-*` headers and
   * timings; see {@link SessionTrace}), or `undefined` (the default: nothing
   * is recorded). `McpHub.startTrace()` sets it on every connection.
   */
  get trace(): SessionTrace | undefined {
    return this._trace;
  }
  set trace(trace: SessionTrace | undefined) {
    this._trace = trace;
    if (!trace) return;
    for (const value of Object.values(this.config.headers ?? {})) trace.addSecret(value);
    trace.registerServer({ id: this.id, url: this.url }, () => ({
      name: this.name,
      era: this.getProtocolEra(),
      protocolVersion: this.protocolVersion,
      degraded: this.degraded,
    }));
  }

  /**
   * Set when the server's CORS refuses optional request headers and this
   * connection works without them (which headers, what it costs, a sentence):
   * show it with the server. `undefined` for a connection that sends everything.
   */
  get degraded(): McpDegradation | undefined {
    return this.life.degraded;
  }

  /**
   * False when this server's live notifications (a changed tool list, an
   * updated resource, a log line, a request outside a call) are not heard: it
   * is a 2025-era server, and the page already keeps as many long-lived event
   * streams to its host as leaves the browser's connections free for requests
   * (three; see stream-budget.ts). Calls and their progress still work; the
   * catalogs are as they were at connect. True otherwise (also for servers
   * that offer no such stream).
   */
  get liveNotifications(): boolean {
    return this.life.liveNotifications;
  }

  private tapTrace() {
    const trace = this._trace;
    if (!trace) return undefined;
    return {
      trace,
      server: this.id,
      endpoint: this.url,
      secretNames: new Set((this.config.secretHeaders ?? []).map((h) => h.toLowerCase())),
    };
  }

  /** The current state. */
  get state(): McpConnectionState {
    return this.life.state;
  }
  /** Why the connection failed, needs sign-in, or is reconnecting. */
  get error(): McpConnectionError | undefined {
    return this.life.error;
  }
  /**
   * Whether `tools` can be shown and offered: `connected`, or still
   * `connecting` once the server has answered `tools/list` (its prompts,
   * resources and templates may still be loading: each arrives with its
   * `mcp-catalog-change`, and `connected` follows). A tool call made before
   * `connected` waits for it.
   */
  get toolsReady(): boolean {
    const state = this.life.state;
    return (
      state === McpConnectionState.Connected ||
      (state === McpConnectionState.Connecting && this.toolsFrom !== undefined && this.toolsFrom === this.life.client)
    );
  }
  /** The name for people: the configured name, else the server's title or name, else the host. */
  get name(): string {
    return serverName(this.url, this.config.name, this.serverInfo, true);
  }
  /** `'legacy'` (2025-11-25 and older) or `'modern'` (2026-07-28), once connected. */
  getProtocolEra(): 'legacy' | 'modern' | undefined {
    return this.life.client?.getProtocolEra();
  }
  /** The negotiated protocol version, e.g. `2025-11-25`. */
  get protocolVersion(): string | undefined {
    return this.life.client?.getNegotiatedProtocolVersion();
  }
  /** The server's name, version and title, as it introduced itself. */
  get serverInfo(): (Implementation & { title?: string }) | undefined {
    return this.life.client?.getServerVersion();
  }
  /** What the server said it supports. */
  get capabilities(): ServerCapabilities | undefined {
    return this.life.client?.getServerCapabilities();
  }
  /** The server's instructions for the model (put them in the system prompt). */
  get instructions(): string | undefined {
    return this.life.client?.getInstructions();
  }

  /** Connects (or connects again after `failed`/`auth-required`). Rejects with a {@link McpConnectionError}. */
  connect(): Promise<void> {
    return this.life.connect();
  }

  /** Closes the connection for good: pending calls and input requests end. */
  close(): Promise<void> {
    this.logs.cancel();
    return this.life.close();
  }

  // ---- sign-in -----------------------------------------------------------------

  /**
   * Signs the person in and connects. Needs an `authProvider` with `signIn()`
   * (`BrowserOAuthProvider`): call this from the click handler of "Sign in to
   * <server>" before any `await` of your own, since the popup must open during
   * the click. The provider checks `state` and redeems the code; the
   * connection then connects again. Resolves at once when already connected.
   * Rejects with the provider's error (`OAuthSignInError`) or a
   * {@link McpConnectionError}.
   */
  signIn(options: { signal?: AbortSignal } = {}): Promise<void> {
    if (this.state === McpConnectionState.Closed) return Promise.reject(this.life.closedError());
    if (this.state === McpConnectionState.Connected) return Promise.resolve();
    const provider = this.config.authProvider;
    if (!isInteractive(provider)) {
      return Promise.reject(
        new McpConnectionError(
          McpErrorKind.AuthRequired,
          `The connection to ${hostOf(this.url)} has no authProvider that can sign in (signIn()); complete the redirect yourself and call finishAuth().`,
          { url: this.url },
        ),
      );
    }
    // Synchronously, inside the person's click: the provider opens its popup now.
    const signedIn = provider.signIn(options);
    return signedIn.then(() => this.connect());
  }

  /**
   * Signs out: the provider forgets this server's tokens (`signOut()`, else
   * `invalidateCredentials('all')`), the session ends, and the connection asks
   * the server again, which normally leaves it in `auth-required`.
   */
  async signOut(): Promise<void> {
    const provider = this.config.authProvider;
    if (provider) {
      if (isInteractive(provider) && provider.signOut) await provider.signOut();
      else await provider.invalidateCredentials?.('all');
    }
    if (this.state === McpConnectionState.Closed) return;
    await this.life.signedOut(new McpConnectionError(McpErrorKind.AuthRequired, `Signed out of ${hostOf(this.url)}.`, { url: this.url }));
    await this.connect().catch(() => {});
  }

  /**
   * Completes an OAuth sign-in with the authorization response from the
   * redirect, then connects; for providers without `signIn()`. Pass the
   * callback URL's `searchParams` (the SDK reads `code` and `iss`), or the
   * code and the `iss` parameter (RFC 9207: an authorization server that
   * sends `iss` rejects a code redeemed without it). Check `state` against
   * your own before calling: the SDK does not.
   */
  async finishAuth(authorization: string | URLSearchParams, iss?: string): Promise<void> {
    const transport = this.life.authTransport();
    if (typeof authorization === 'string') await transport.finishAuth(authorization, iss);
    else await transport.finishAuth(authorization);
    await this.connect();
  }

  // ---- catalogs ------------------------------------------------------------------

  /** Reloads one catalog, or all of them. */
  async refresh(kind?: McpCatalogKind): Promise<void> {
    const client = await this.life.ready();
    const results = await Promise.allSettled((kind ? [kind] : CATALOG_KINDS).map((k) => this.load(client, k)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw this.requestFailed(failed.reason, client);
  }

  /** Subscribes to updates of a resource (`mcp-resource-update` events); kept across reconnects. */
  async subscribeResource(uri: string): Promise<void> {
    this.subscriptions.add(uri);
    await this.applySubscriptions();
  }

  /** Ends a subscription. */
  async unsubscribeResource(uri: string): Promise<void> {
    this.subscriptions.delete(uri);
    const client = await this.life.ready();
    if (client.getProtocolEra() === 'legacy') await this.request((c) => c.unsubscribeResource({ uri }));
    else await this.applySubscriptions();
  }

  /** A fresh client is connected: load catalogs, restore log level and subscriptions. Throwing fails the connect. */
  private async restore(client: Client): Promise<void> {
    // All four at once; the tools count first (`toolsReady`: a chat shows them as soon as
    // they are in), the others for at most CATALOG_WAIT_MS more (a slow or hung list fills
    // in later instead of holding the connection in `connecting`).
    const [tools, ...others] = CATALOG_KINDS.map((k) => settled(this.load(client, k)));
    // A server that lets anyone connect but lists nothing without sign-in needs sign-in.
    const throwIfSignInNeeded = (result: PromiseSettledResult<void>) => {
      if (result.status === 'rejected' && classifyError(result.reason, this.url).kind === McpErrorKind.AuthRequired) throw result.reason;
    };
    throwIfSignInNeeded(await tools!);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rest = await Promise.race([
      Promise.all(others),
      new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), CATALOG_WAIT_MS))),
    ]);
    clearTimeout(timer);
    rest.forEach(throwIfSignInNeeded);
    if (this.logLevel && client.getProtocolEra() === 'legacy') await client.setLoggingLevel(this.logLevel).catch(() => {});
    await this.applySubscriptions().catch(() => {});
  }

  /** Sets a fresh SDK client's handlers: input requests, list changes, resource updates, log messages. */
  private wire(client: Client, generation: number, current: () => boolean): void {
    client.setRequestHandler('elicitation/create', (request, ctx) => this.onInput('elicitation', request.params, ctx, generation));
    client.setRequestHandler('sampling/createMessage', (request, ctx) => this.onInput('sampling', request.params, ctx, generation));
    client.setRequestHandler('roots/list', async (_request, ctx) => ({ roots: await this.onInput('roots', undefined, ctx, generation) }));
    const changed = (kinds: McpCatalogKind[]) => () => {
      if (current()) for (const kind of kinds) this.load(client, kind).catch(() => {});
    };
    client.setNotificationHandler('notifications/tools/list_changed', changed(['tools']));
    client.setNotificationHandler('notifications/prompts/list_changed', changed(['prompts']));
    client.setNotificationHandler('notifications/resources/list_changed', changed(['resources', 'resourceTemplates']));
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      if (current()) this.dispatchEvent(new McpResourceUpdateEvent(n.params.uri));
    });
    client.setNotificationHandler('notifications/message', (n) => {
      if (current()) this.logs.push(n.params);
    });
    client.setNotificationHandler('notifications/elicitation/complete', (n) => {
      if (current()) this.calls.complete(n.params.elicitationId);
    });
  }

  private async load(client: Client, kind: McpCatalogKind): Promise<void> {
    let invalid: InvalidTool[] | undefined;
    const items = await loadCatalog(client, kind, (found) => (invalid = found));
    if (client !== this.life.client) return;
    Object.assign(this, { [kind]: items });
    if (kind === 'tools') this.toolsFrom = client;
    if (invalid) this.invalidTools = invalid;
    this.dispatchEvent(new McpCatalogChangeEvent(kind));
  }

  /** Gives back the place the 2026 listen stream holds on this origin (see stream-budget.ts). */
  private listenPlace?: () => void;

  /** Subscriptions and list changes on the current client; the 2026 stream is reopened when it drops. */
  private async applySubscriptions(): Promise<void> {
    const life = this.life;
    const client = life.client;
    if (!client) return;
    if (client.getProtocolEra() !== 'legacy') {
      const previous = life.listenSub;
      life.listenSub = undefined;
      await previous?.close().catch(() => {});
      // Its place is free at once for the stream opened next.
      this.listenPlace?.();
      this.listenPlace = undefined;
    }
    // A 2026 listen stream stays open like a 2025 GET stream: only while the page has room for it on this origin.
    const modern = client.getProtocolEra() !== 'legacy';
    const giveBack = modern ? takeLiveStream(this.url) : undefined;
    if (modern && !giveBack) {
      life.liveStream(false);
      return;
    }
    let sub: Awaited<ReturnType<typeof subscribe>>;
    try {
      sub = await subscribe(client, this.subscriptions);
    } catch (error) {
      giveBack?.();
      throw error;
    }
    if (!sub) {
      giveBack?.();
      return;
    }
    if (giveBack) {
      life.liveStream(true);
      this.listenPlace = giveBack;
      void sub.closed.then(giveBack, giveBack);
    }
    life.listenSub = sub;
    // Any end but our own close: a drop ('remote') or the server ending it ('graceful',
    // e.g. on SIGTERM). Check the server (reconnects when it is gone); if it still
    // answers, reopen a moment later, and check again if that fails.
    void sub.closed.then(async (reason) => {
      if (reason === 'local' || life.listenSub !== sub || client !== life.client) return;
      if (!(await life.verify(new Error(`The subscription stream ended (${reason}).`)))) return;
      await new Promise((resolve) => setTimeout(resolve, LISTEN_REOPEN_DELAY_MS));
      if (client !== life.client || life.listenSub !== sub) return;
      await this.applySubscriptions().catch((error: unknown) => void life.verify(error));
    });
  }

  // ---- requests ------------------------------------------------------------------

  /** Runs a request once connected (an expired 2025 session is re-initialized and the request retried, once). */
  private request<T>(run: (client: Client) => Promise<T>): Promise<T> {
    return this.life.run(run, (error, client) => this.requestFailed(error, client));
  }

  /**
   * Classifies a failed request and reacts: a lost network is verified (and
   * reconnected), a refused sign-in moves the connection to `auth-required`.
   */
  private requestFailed(error: unknown, client: Client): McpConnectionError {
    if (isNetworkError(error)) void this.life.verify(error);
    return this.life.authRefused(classifyError(error, this.url), client);
  }

  /**
   * Calls a tool. `structuredContent` is validated against the tool's
   * `outputSchema` (from the catalog). A server that answers
   * URL-elicitation-required (-32042) gets its URLs shown through the
   * elicitation handler, and the call is retried once the person is done. A
   * 2025 session that expired is re-initialized and the call retried, once.
   * A refused sign-in moves the connection to `auth-required`.
   */
  async callTool(name: string, args: Record<string, unknown> = {}, options: CallToolOptions = {}): Promise<CallToolResult> {
    const failed = async (error: unknown, client: Client | undefined) =>
      this.life.authRefused(await this.diagnoseCall(error, name, args), client);
    const attempt = (urlsAsked: boolean) =>
      this.life.run(
        (client) => this.runCall(client, name, args, options),
        // The first -32042 comes back as it is, for the person to visit its URLs.
        (error, client) => (!urlsAsked && error instanceof UrlElicitationRequiredError ? error : failed(error, client)),
      );
    try {
      try {
        return await attempt(false);
      } catch (error) {
        // Refused Mcp-Param-* headers (CORS): once, the call goes again without them (see header-fallback.ts).
        if (
          error instanceof McpConnectionError &&
          error.diagnosis?.kind === 'cors-headers' &&
          error.diagnosis.headers.every((h) => h.startsWith('mcp-param-')) &&
          this.life.dropParamHeaders()
        ) {
          this.dispatchEvent(new McpConnectionChangeEvent(this.state, this.state, this.error));
          // A server that needs the header refuses the call without it (the official SDK does): then the
          // CORS finding, which says what to fix, is the better error.
          return await attempt(false).catch((retryError: unknown) => {
            throw retryError instanceof UrlElicitationRequiredError ? retryError : error;
          });
        }
        throw error;
      }
    } catch (error) {
      if (!(error instanceof UrlElicitationRequiredError)) throw error;
      if (!(await this.askUrls(error.elicitations, name, args, options))) throw await failed(error, this.life.client);
      return await attempt(true);
    }
  }

  /**
   * Classifies a failed call. A bare network failure of a call that carried
   * `Mcp-Param-*` headers is usually the server's CORS refusing them: the
   * diagnosis probes them by name.
   */
  private async diagnoseCall(error: unknown, name: string, args: Record<string, unknown>): Promise<McpConnectionError> {
    const failure = classifyError(error, this.url);
    const sent = Object.keys(this.paramHeadersFor(name, args));
    if (failure.kind !== McpErrorKind.Unreachable || sent.length === 0) return failure;
    // A 2026 POST carries no session id: probe only what this call sent.
    const base = ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name'];
    // Loaded on a failure only (a chunk of its own in the bundle); when it cannot be loaded, the failure as classified.
    const diagnosis = await import('./diagnose.js').catch(() => undefined);
    return (
      (await diagnosis?.diagnoseNetworkFailure(this.url, [...Object.keys(this.config.headers ?? {}), ...sent], this.config.fetch, base)) ??
      failure
    );
  }

  /** Loads the output schema validator before the first call of a tool that has an output schema (see output-validator.ts). */
  private async outputValidator(name: string): Promise<void> {
    try {
      await loadOutputValidator();
    } catch (error) {
      throw new McpConnectionError(
        McpErrorKind.Unreachable,
        `Could not load the part that checks what the tool ${name} answers. Check your connection and try again.`,
        { url: this.url, cause: error },
      );
    }
  }

  /** The headers of a call's POST: its `Mcp-Param-*` headers (2026) and the tap's marker, in one object. */
  private callHeaders(name: string, args: Record<string, unknown>, tag: string): Record<string, string> {
    const headers = this.getProtocolEra() === 'modern' ? this.paramHeadersFor(name, args) : {};
    headers[CALL_TAG_HEADER] = tag;
    return headers;
  }

  /** The `Mcp-Param-*` headers of a call (2026 servers only; see param-headers.ts). */
  private paramHeadersFor(name: string, args: Record<string, unknown>): Record<string, string> {
    return this.getProtocolEra() === 'modern'
      ? paramHeaders(
          this.tools.find((t) => t.name === name),
          args,
        )
      : {};
  }

  /** Whether the server offers skills (it declared the `io.modelcontextprotocol/skills` extension). */
  get supportsSkills(): boolean {
    return declaresSkills(this.capabilities as { extensions?: Record<string, unknown> } | undefined);
  }

  /**
   * The server's skills (`skills/list`, every page; the Skills extension,
   * see skills.ts). Empty when the server does not offer skills. Names and
   * descriptions are the server's untrusted text: show them as text.
   */
  async listSkills(options: { signal?: AbortSignal } = {}): Promise<McpSkill[]> {
    await this.life.ready();
    if (!this.supportsSkills) return [];
    const { listSkillsOf } = await this.skillsCode();
    return this.request((c) => listSkillsOf(c, options));
  }

  /**
   * Loads one skill by the URI of its `SKILL.md` for the conversation: its
   * entry (`skills/get`) and content (`resources/read`), checked against
   * each other (size, SHA-256, name and description). `content` is one text
   * block, marked untrusted in `_meta`, to add to the conversation. Call it
   * when the person asks for the skill (from the palette), not ahead of need.
   * Rejects with a `SkillError` (its message says why) or a {@link McpConnectionError}.
   */
  async loadSkill(uri: string, options: { signal?: AbortSignal } = {}): Promise<LoadedSkill> {
    const { loadSkillOf } = await this.skillsCode();
    return this.request((c) =>
      loadSkillOf(
        c,
        (u) => c.readResource({ uri: u }, { signal: options.signal, cacheMode: 'refresh' }),
        { id: this.id, name: this.name },
        uri,
        options,
      ),
    );
  }

  /** Reads a resource. */
  async readResource(uri: string, options: { signal?: AbortSignal } = {}): Promise<ReadResourceResult> {
    return this.request((c) => c.readResource({ uri, ...this.meta() }, { signal: options.signal, cacheMode: 'refresh' }));
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
    const client = await this.life.ready();
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

  /** The roots answered to `roots/list` when the router has no roots handler (see `config.roots`). */
  get roots(): readonly Root[] {
    return this._roots;
  }

  /**
   * Replaces the roots this client shares and tells a connected 2025 server
   * (`notifications/roots/list_changed`; it then asks `roots/list` again). A
   * 2026 server asks for roots inside each request that needs them, so it
   * simply gets the new ones next time.
   */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this._roots = roots.map((r) => ({ ...r }));
    if (this.state === McpConnectionState.Connected) await this.notifyRootsChanged().catch(() => {});
  }

  /** Tells the server the roots changed (it then asks `roots/list` again). */
  async notifyRootsChanged(): Promise<void> {
    const client = await this.life.ready();
    if (client.getProtocolEra() === 'legacy') await client.sendRootsListChanged();
  }

  private meta(): { _meta?: Record<string, unknown> } {
    return this.logLevel && this.getProtocolEra() === 'modern' ? { _meta: { [LOG_LEVEL_META_KEY]: this.logLevel } } : NO_META;
  }

  private async runCall(client: Client, name: string, args: Record<string, unknown>, given: CallToolOptions): Promise<CallToolResult> {
    const tap = this.life.tap;
    // Progress reaches the caller at most once per frame, the latest (see frame-batch.ts); none after the call ends.
    // Made only for a call that asked for progress (issue 42: nothing per call that the call does not use).
    const progress = given.onprogress ? new LatestPerFrame<Progress>((p) => given.onprogress?.(p)) : undefined;
    const options: CallToolOptions = progress ? { ...given, onprogress: (p: Progress) => progress.push(p) } : given;
    const timeoutMs = options.timeoutMs ?? this.config.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const call = this.calls.start(name, args, options.toolUseId, timeoutMs, (c) =>
      c.fail(
        new McpConnectionError(
          McpErrorKind.Timeout,
          `The tool ${name} made no progress for ${Math.round(timeoutMs / 1000)} s and was stopped.`,
          { url: this.url },
        ),
      ),
    );
    const stop = () =>
      call.fail(
        new McpConnectionError(McpErrorKind.Aborted, `The call of ${name} was stopped.`, { url: this.url, cause: options.signal?.reason }),
      );
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      if (call.failure) throw call.failure;
      const tool = this.tools.find((t) => t.name === name);
      if (tool?.outputSchema) await this.outputValidator(name);
      const plan = taskPlan(client.getProtocolEra(), client.getServerCapabilities(), tool);
      if (plan.mode === 'unsupported')
        throw new McpConnectionError(McpErrorKind.Protocol, `The tool ${name} cannot be run by this client: ${plan.reason}`, {
          url: this.url,
        });
      if (plan.mode === 'task' && plan.form === 'legacy') {
        const host = this.taskHost(client, call, name, options);
        const run = await this.taskRun(name);
        const started = await run.startTask(host, { name, arguments: args, ...this.meta() });
        return 'result' in started
          ? checkTaskOutput(client, tool, started.result)
          : checkTaskOutput(client, tool, await run.followTask(host, started.task));
      }
      // 2026: with the tasks extension the server may answer any call with a task.
      if (plan.mode === 'task') acceptTaskResults(client);
      const result = (await client.callTool(
        { name, arguments: args, ...this.meta() },
        {
          signal: call.controller.signal,
          // This layer's own timer (ActiveCall) decides; it pauses while a person answers.
          timeout: MAX_TIMER_MS,
          headers: this.callHeaders(name, args, call.tag),
          // A task answer has no structuredContent: the output check runs on the task's final result instead.
          toolDefinition: plan.mode === 'task' && tool?.outputSchema ? { ...tool, outputSchema: undefined } : tool,
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
      if (isTaskResult(result)) {
        const host = this.taskHost(client, call, name, options);
        const run = await this.taskRun(name);
        return checkTaskOutput(client, tool, await run.followTask(host, run.parseTask(result, host)));
      }
      return plan.mode === 'task' ? checkTaskOutput(client, tool, result) : result;
    } catch (error) {
      throw call.failure ?? error;
    } finally {
      options.signal?.removeEventListener('abort', stop);
      // The last progress that waits for a frame still comes before the result (a stopped call's does not).
      if (call.failure) progress?.cancel();
      else progress?.flush();
      this.calls.end(call);
      // The call is over, whichever way: close the HTTP request and stream it opened.
      tap?.release(call.tag);
    }
  }

  /**
   * Follows a task this client started earlier (its id was kept, e.g. in the
   * conversation, across a reload of the page) to its result: polls
   * `tasks/get` and resolves with the `CallToolResult`, like the call would
   * have. Aborting sends `tasks/cancel`. A task the server no longer knows
   * rejects with a {@link McpConnectionError} that says so.
   */
  async resumeTask(taskId: string, name: string, options: CallToolOptions = {}): Promise<CallToolResult> {
    const client = await this.life.ready();
    const tap = this.life.tap;
    const timeoutMs = options.timeoutMs ?? this.config.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const call = this.calls.start(name, {}, options.toolUseId, timeoutMs, (c) =>
      c.fail(
        new McpConnectionError(
          McpErrorKind.Timeout,
          `The task of ${name} made no progress for ${Math.round(timeoutMs / 1000)} s and was stopped.`,
          { url: this.url },
        ),
      ),
    );
    const stop = () =>
      call.fail(
        new McpConnectionError(McpErrorKind.Aborted, `The call of ${name} was stopped.`, { url: this.url, cause: options.signal?.reason }),
      );
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    try {
      if (call.failure) throw call.failure;
      if (client.getProtocolEra() === 'modern') acceptTaskResults(client);
      // Asked at once: the first `tasks/get` tells whether the server still knows it.
      const { followTask } = await this.taskRun(name);
      const result = await followTask(this.taskHost(client, call, name, options), { taskId, status: 'working', pollInterval: 0 });
      return checkTaskOutput(
        client,
        this.tools.find((t) => t.name === name),
        result,
      );
    } catch (error) {
      throw this.life.authRefused(classifyError(call.failure ?? error, this.url), client);
    } finally {
      options.signal?.removeEventListener('abort', stop);
      this.calls.end(call);
      tap?.release(call.tag);
    }
  }

  /** Listing and loading skills (skills.ts), loaded at the first `listSkills()` or `loadSkill()` of a server that offers skills. */
  private async skillsCode(): Promise<typeof import('./skills.js')> {
    try {
      return await import('./skills.js');
    } catch (error) {
      throw new McpConnectionError(
        McpErrorKind.Unreachable,
        `Could not load the part that lists and loads the skills of ${this.name}. Check your connection and try again.`,
        { url: this.url, cause: error },
      );
    }
  }

  /** The task driver (task-run.ts), loaded when a call first runs as a task. */
  private async taskRun(name: string): Promise<typeof import('./task-run.js')> {
    try {
      return await import('./task-run.js');
    } catch (error) {
      throw new McpConnectionError(
        McpErrorKind.Unreachable,
        `Could not load the part that follows the task of ${name}. Check your connection and try again.`,
        { url: this.url, cause: error },
      );
    }
  }

  /** What the task driver of one call needs (see tasks.ts). */
  private taskHost(client: Client, call: ActiveCall, name: string, options: CallToolOptions): TaskHost {
    return {
      client,
      form: client.getProtocolEra() === 'modern' ? 'modern' : 'legacy',
      url: this.url,
      name,
      signal: call.controller.signal,
      headers: { [CALL_TAG_HEADER]: call.tag },
      onprogress: (progress) => options.onprogress?.(progress),
      ontask: (task: TaskInfo) => options.ontask?.(task),
      heard: () => call.progressed(),
      input: async (kind, params) => {
        const done = call.beginInput();
        try {
          if (kind === 'roots' && !this.router.has('roots')) return this._roots.map((r) => ({ ...r })) as never;
          return await this.router.dispatch({
            kind,
            params,
            context: { ...this.contextBase(), toolCall: { name: call.name, arguments: call.args, toolUseId: call.toolUseId } },
            signals: [this.life.signal, call.controller.signal],
          });
        } finally {
          done();
        }
      },
    };
  }

  /** Shows each URL of a -32042 error; true when the person completed all of them. */
  private async askUrls(
    elicitations: ElicitRequestURLParams[],
    name: string,
    args: Record<string, unknown>,
    options: CallToolOptions,
  ): Promise<boolean> {
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
        signals: [this.life.signal, ...(options.signal ? [options.signal] : [])],
      });
      if (result.action !== 'accept') return false;
    }
    return true;
  }

  // ---- input requests ------------------------------------------------------------

  /** The server asks for input (sampling, elicitation, roots), in either era: to the router, with the call it belongs to. */
  private async onInput<K extends InputKind>(
    kind: K,
    params: InputParams[K],
    ctx: HandlerContext,
    generation: number,
  ): Promise<InputResults[K]> {
    // The connection declares `roots`, so it always answers: a registered handler, else the configured roots.
    if (kind === 'roots' && !this.router.has('roots')) return this._roots.map((r) => ({ ...r })) as InputResults[K];
    // Before any await: on 2026 servers the round's call is only known in this tick.
    const era = this.life.client?.getProtocolEra() ?? 'legacy';
    const call = this.calls.callFor(era, ctx.mcpReq.id);
    const done = call?.beginInput();
    try {
      if (kind === 'elicitation' && this.sentElicitations.length) {
        const code = await import('./file-input-restore.js').catch(() => undefined);
        if (code) params = code.restoreFileInputs(params, this.sentElicitations);
      }
      const elicitation = kind === 'elicitation' ? (params as InputParams['elicitation']) : undefined;
      return await this.router.dispatch({
        kind,
        params,
        context: {
          ...this.contextBase(),
          toolCall: call && { name: call.name, arguments: call.args, toolUseId: call.toolUseId },
          completed:
            era === 'legacy' && elicitation?.mode === 'url' && elicitation.elicitationId
              ? this.calls.completion(elicitation.elicitationId)
              : undefined,
        },
        signals: [ctx.mcpReq.signal, this.life.signal, ...(call ? [call.controller.signal] : [])],
        dedupeKey:
          era === 'legacy'
            ? `${this.id}|${generation}|${this.life.transport?.sessionId ?? ''}|${kind}|${String(ctx.mcpReq.id)}`
            : undefined,
      });
    } finally {
      done?.();
    }
  }

  /**
   * Routes an input request that did not come over the wire but speaks for this
   * server (an MCP App view's `sampling/createMessage`) through the shared
   * router, with this server as its context: the person approves it exactly as
   * a request of the server itself.
   */
  requestInput<K extends InputKind>(
    kind: K,
    params: InputParams[K],
    options: { signal?: AbortSignal; toolCall?: InputRequestContext['toolCall'] } = {},
  ): Promise<InputResults[K]> {
    return this.router.dispatch({
      kind,
      params,
      context: { ...this.contextBase(), toolCall: options.toolCall },
      signals: [this.life.signal, ...(options.signal ? [options.signal] : [])],
    });
  }

  private contextBase(): Omit<InputRequestContext, 'signal' | 'toolCall' | 'completed'> {
    const info = this.serverInfo;
    return {
      server: {
        id: this.id,
        name: serverName(this.url, this.config.name, info),
        title: info?.title,
        version: info?.version,
        url: this.url,
      },
      era: this.getProtocolEra() ?? 'legacy',
    };
  }
}

/** A promise's outcome, never rejecting. */
function settled(promise: Promise<void>): Promise<PromiseSettledResult<void>> {
  return promise.then(
    () => ({ status: 'fulfilled', value: undefined }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

function isInteractive(provider: OAuthClientProvider | undefined): provider is InteractiveOAuthClientProvider {
  return typeof (provider as Partial<InteractiveOAuthClientProvider> | undefined)?.signIn === 'function';
}
