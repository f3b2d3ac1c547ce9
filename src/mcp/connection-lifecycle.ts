// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { Client, ProtocolError, SdkHttpError, StreamableHTTPClientTransport, type Implementation, type McpSubscription, type ServerCapabilities } from '@modelcontextprotocol/client';
import { CallRegistry, type ActiveCall } from './call-tracker.js';
import { isServerErrorOnProbe, sdkClientOptions, type McpConnectionConfig } from './connection-config.js';
import { McpConnectionChangeEvent, McpConnectionState, McpLogMessageEvent, McpResourceUpdateEvent, type McpCatalogKind } from './connection-events.js';
import { diagnoseNetworkFailure, hiddenSessionIdError } from './diagnose.js';
import { classifyError, isNetworkError, isSessionExpired, McpConnectionError, McpErrorKind } from './errors.js';
import { FetchTap } from './fetch-tap.js';
import { InputRouter, type InputParams, type InputResults } from './input-router.js';
import type { InputKind } from './input-types.js';

const VERIFY_TIMEOUT_MS = 5000;
const RECHECK_MS = 1000;
let nextConnectionId = 1;

/** The context the SDK gives a request handler (the part the connection reads). */
export interface HandlerContext {
  mcpReq: { id: string | number; signal: AbortSignal };
}

/**
 * The life of one server connection, below {@link McpConnection}: the state
 * machine, one SDK `Client` at a time (replaced on reconnect and session
 * re-initialization), liveness checks, reconnection with backoff, and the
 * classified errors. Subclasses add catalogs, calls and input requests through
 * the abstract hooks. Not exported from the package: use `McpConnection`.
 */
export abstract class McpConnectionLifecycle extends EventTarget {
  readonly id: string;
  readonly url: string;
  readonly config: Readonly<McpConnectionConfig>;
  readonly router: InputRouter;
  protected _state: McpConnectionState = McpConnectionState.Idle;
  protected _error?: McpConnectionError;
  protected client?: Client;
  protected transport?: StreamableHTTPClientTransport;
  protected tap?: FetchTap;
  protected generation = 0;
  /** Aborted whenever the current SDK client is replaced or closed: ends its input requests. */
  protected scope = new AbortController();
  protected readonly calls: CallRegistry;
  /** The 2026 `subscriptions/listen` stream of the current client. */
  protected listenSub?: McpSubscription;
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
  /** The server's name, version and title, as it introduced itself. */
  get serverInfo(): (Implementation & { title?: string }) | undefined {
    return this.client?.getServerVersion();
  }
  /** What the server said it supports. */
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

  /** Closes the connection for good: pending calls and input requests end. */
  async close(): Promise<void> {
    if (this._state === McpConnectionState.Closed) return;
    this.setState(McpConnectionState.Closed);
    await this.dropClient(this.closedError());
  }

  // ---- hooks -------------------------------------------------------------------

  /** A fresh client is connected: load catalogs, restore log level and subscriptions. Throwing fails the connect. */
  protected abstract restore(client: Client): Promise<void>;
  /** The server said these catalogs changed. */
  protected abstract catalogsChanged(client: Client, kinds: McpCatalogKind[]): void;
  /** The server asks for input (sampling, elicitation, roots), in either era. */
  protected abstract onInput<K extends InputKind>(kind: K, params: InputParams[K], ctx: HandlerContext, generation: number): Promise<InputResults[K]>;

  // ---- requests ----------------------------------------------------------------

  /** Runs a request once connected; re-initializes an expired 2025 session once; notices lost networks and sign-in. */
  protected async request<T>(run: (client: Client) => Promise<T>): Promise<T> {
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
        throw this.requestFailed(error, client);
      }
    }
  }

  /**
   * Classifies a failed request and reacts: a lost network is verified (and
   * reconnected), a refused sign-in moves the connection to `auth-required`.
   */
  protected requestFailed(error: unknown, client: Client): McpConnectionError {
    if (isNetworkError(error)) void this.verify(error);
    return this.authRefused(classifyError(error, this.url), client);
  }

  /**
   * A request was refused for want of sign-in (a 401 that refresh could not
   * fix, or a step-up): the connection goes to `auth-required` and its calls
   * under way end. Returns `failure`.
   */
  protected authRefused(failure: McpConnectionError, client: Client | undefined): McpConnectionError {
    if (failure.kind === McpErrorKind.AuthRequired && client !== undefined && client === this.client && this.isState(McpConnectionState.Connected)) {
      this.setState(McpConnectionState.AuthRequired, failure);
      void this.dropClient(failure);
    }
    return failure;
  }

  // ---- the SDK client ----------------------------------------------------------

  /** A transport for this server through `tap`. */
  protected createTransport(tap: FetchTap): StreamableHTTPClientTransport {
    return new StreamableHTTPClientTransport(new URL(this.url), {
      fetch: tap.fetch,
      requestInit: this.config.headers ? { headers: this.config.headers } : undefined,
      authProvider: this.config.authProvider,
    });
  }

  /** A fetch tap reporting to the calls of `generation`. */
  protected createTap(generation: number): FetchTap {
    return new FetchTap(
      {
        onServerRequest: (tag, id) => {
          if (generation === this.generation) this.calls.serverRequest(id, tag);
        },
        onStreamBroken: (tag, error) => {
          const call = this.calls.get(tag);
          if (generation !== this.generation || !call || call.controller.signal.aborted) return;
          call.fail(this.lostDuring(call, error));
          void this.verify(error);
        },
        onStreamEnded: (tag, resumable) => {
          const call = this.calls.get(tag);
          if (generation !== this.generation || !call || call.controller.signal.aborted) return;
          const cause = new Error('The response stream ended without an answer');
          // A resumable stream is resumed by the SDK, unless the server is gone.
          if (!resumable) call.fail(this.lostDuring(call, cause));
          void this.verify(cause);
        },
        onAnswerLost: (ids, error) => {
          if (generation !== this.generation) return;
          for (const id of ids) {
            const call = this.calls.callFor('legacy', id);
            if (call && !call.controller.signal.aborted) call.fail(this.lostDuring(call, error));
          }
          void this.verify(error);
        },
      },
      this.config.fetch,
    );
  }

  private createClient(generation: number): { client: Client; transport: StreamableHTTPClientTransport; tap: FetchTap } {
    const { info, options } = sdkClientOptions(this.config);
    const client = new Client(info, options);
    const current = () => generation === this.generation;
    client.setRequestHandler('elicitation/create', (request, ctx) => this.onInput('elicitation', request.params, ctx, generation));
    client.setRequestHandler('sampling/createMessage', (request, ctx) => this.onInput('sampling', request.params, ctx, generation));
    client.setRequestHandler('roots/list', async (_request, ctx) => ({ roots: await this.onInput('roots', undefined, ctx, generation) }));
    const changed = (kinds: McpCatalogKind[]) => () => {
      if (current()) this.catalogsChanged(client, kinds);
    };
    client.setNotificationHandler('notifications/tools/list_changed', changed(['tools']));
    client.setNotificationHandler('notifications/prompts/list_changed', changed(['prompts']));
    client.setNotificationHandler('notifications/resources/list_changed', changed(['resources', 'resourceTemplates']));
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
        // Often the standalone GET stream. Some servers answer that GET with 404 while the
        // session is fine (they do not offer the stream): a ping tells, and re-initializes
        // only when the session is really gone.
        void this.verify(error);
      } else if (isNetworkError(error) || /SSE stream disconnected|reconnect/i.test(error.message)) {
        void this.verify(error);
      }
    };
    const tap = this.createTap(generation);
    return { client, transport: this.createTransport(tap), tap };
  }

  /** Connects a fresh SDK client (the old one, if any, is closed first) and restores everything. */
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
    try {
      await this.restore(attempt.client);
    } catch (error) {
      await this.dropClient(classifyError(error, this.url, 'connect'));
      throw error;
    }
  }

  private async diagnose(error: unknown, tap: FetchTap): Promise<McpConnectionError> {
    if (tap.sessionIdHidden && error instanceof SdkHttpError && (error.status === 400 || error.status === 404)) return hiddenSessionIdError(this.url, error);
    const classified = classifyError(error, this.url, 'connect');
    if (classified.kind !== McpErrorKind.Unreachable) return classified;
    return (await diagnoseNetworkFailure(this.url, Object.keys(this.config.headers ?? {}), this.config.fetch)) ?? classified;
  }

  // ---- liveness and recovery ---------------------------------------------------

  /** Whether the server still answers; if not, reconnect (or re-initialize an expired session). */
  protected verify(cause: unknown, recheck = true): Promise<boolean> {
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
        // A JSON-RPC error (say, a server without `ping`) is an answer: the server is there.
        if (error instanceof ProtocolError) return true;
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
  protected reinitialize(): Promise<void> {
    this.reinit ??= (async () => {
      try {
        await this.establish(this.getProtocolEra() === 'legacy' ? { kind: 'legacy' } : undefined);
      } catch (error) {
        const failure = classifyError(error, this.url);
        if (isNetworkError(failure)) void this.reconnect(failure);
        else if (this._state !== McpConnectionState.Closed) {
          this.setState(failure.kind === McpErrorKind.AuthRequired ? McpConnectionState.AuthRequired : McpConnectionState.Failed, failure);
        }
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

  /** The error a call gets when the connection drops under it. */
  protected lostDuring(call: ActiveCall, cause: unknown): McpConnectionError {
    return new McpConnectionError(McpErrorKind.ConnectionLost, `The connection to ${new URL(this.url).host} was lost during the call of ${call.name}.`, { url: this.url, cause });
  }

  /** Closes the current SDK client; its calls fail (`reason`, naming each tool) and its input requests end. */
  protected async dropClient(reason: McpConnectionError): Promise<void> {
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
  protected async ready(): Promise<Client> {
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
  protected isState(state: McpConnectionState): boolean {
    return this._state === state;
  }

  protected closedError(): McpConnectionError {
    return new McpConnectionError(McpErrorKind.Closed, `The connection to ${new URL(this.url).host} is closed.`, { url: this.url });
  }

  protected setState(state: McpConnectionState, error?: McpConnectionError): void {
    const previous = this._state;
    this._error = state === McpConnectionState.Connected || state === McpConnectionState.Connecting ? undefined : (error ?? this._error);
    this._state = state;
    if (previous !== state || error) this.dispatchEvent(new McpConnectionChangeEvent(state, previous, this._error));
  }
}
