// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { Client, ProtocolError, SdkHttpError, StreamableHTTPClientTransport, type McpSubscription } from '@modelcontextprotocol/client';
import type { ActiveCall, CallRegistry } from './call-tracker.js';
import { isServerErrorOnProbe, sdkClientOptions, type McpConnectionConfig } from './connection-config.js';
import { McpConnectionChangeEvent, McpConnectionState } from './connection-events.js';
import { classifyError, isNetworkError, isSessionExpired, McpConnectionError, McpErrorKind, signInMetadataError } from './errors.js';
import { FetchTap, type TapTrace } from './fetch-tap.js';
import { describeDegradation, isDroppable, needsLegacy, OPTIONAL_MCP_HEADERS, type McpDegradation } from './header-fallback.js';
import { hostOf } from './server-key.js';

const VERIFY_TIMEOUT_MS = 5000;
const RECHECK_MS = 1000;

/** What a {@link ConnectionLifecycle} needs from the connection that owns it. */
export interface LifecycleOwner {
  readonly url: string;
  readonly config: Readonly<McpConnectionConfig>;
  /** The owner's tool calls: told which server request belongs to which, failed when the client goes. */
  readonly calls: CallRegistry;
  /**
   * Sets the request and notification handlers of a fresh SDK client.
   * `current()` tells whether it is still the connection's client (its
   * `generation` has not been replaced).
   */
  wire(client: Client, generation: number, current: () => boolean): void;
  /** A fresh client is connected: load catalogs, restore log level and subscriptions. Throwing fails the connect. */
  restore(client: Client): Promise<void>;
  /** Fires the connection's `mcp-connection-change`. */
  dispatchEvent(event: Event): boolean;
  /** The session trace to record requests into, when one is on. */
  trace(): TapTrace | undefined;
}

/** How many times one connect may drop refused headers and try again. */
const MAX_DEGRADE_ROUNDS = 2;

/**
 * The life of one server connection, owned by {@link McpConnection}: the state
 * machine, one SDK `Client` at a time (replaced on reconnect and session
 * re-initialization), liveness checks, reconnection with backoff, the one
 * retry of a request whose 2025 session expired, and the classified errors.
 * Not exported from the package.
 */
export class ConnectionLifecycle {
  private _state: McpConnectionState = McpConnectionState.Idle;
  private _error?: McpConnectionError;
  private _client?: Client;
  private _transport?: StreamableHTTPClientTransport;
  private _tap?: FetchTap;
  private _generation = 0;
  /** Aborted whenever the current SDK client is replaced or closed: ends its input requests. */
  private scope = new AbortController();
  /** The 2026 `subscriptions/listen` stream of the current client; closed with it. */
  listenSub?: McpSubscription;
  private reinit?: Promise<void>;
  private verifying?: Promise<boolean>;
  private connecting?: Promise<void>;
  /** `ready()` calls waiting for the next state change. */
  private waiting: Array<() => void> = [];
  /** Request headers the server's CORS refuses: never sent (see header-fallback.ts). */
  private readonly dropped = new Set<string>();
  private _degraded?: McpDegradation;
  /** False while the server's standalone GET stream could not be opened for lack of room (see stream-budget.ts). */
  private _live = true;

  constructor(private readonly owner: LifecycleOwner) {}

  private get url(): string {
    return this.owner.url;
  }

  /** The current state. */
  get state(): McpConnectionState {
    return this._state;
  }
  /** Why the connection failed, needs sign-in, or is reconnecting. */
  get error(): McpConnectionError | undefined {
    return this._error;
  }
  /** The current SDK client, while there is one. */
  get client(): Client | undefined {
    return this._client;
  }
  /** The current client's transport. */
  get transport(): StreamableHTTPClientTransport | undefined {
    return this._transport;
  }
  /** The headers this connection leaves off because the server's CORS refuses them, and what that costs. */
  get degraded(): McpDegradation | undefined {
    return this._degraded;
  }
  /** False when the server's live notifications are not heard: the page keeps no more event streams to its host (see stream-budget.ts). */
  get liveNotifications(): boolean {
    return this._live;
  }
  /** Whether the current client's long-lived stream (2025: the GET stream; 2026: `subscriptions/listen`) is open, or was left unopened for lack of room. */
  liveStream(open: boolean): void {
    if (this._live === open) return;
    this._live = open;
    // Same state: listeners (the hub, the Servers panel) read `liveNotifications` again.
    this.owner.dispatchEvent(new McpConnectionChangeEvent(this._state, this._state, this._error));
  }
  /** The current client's fetch tap. */
  get tap(): FetchTap | undefined {
    return this._tap;
  }
  /** Counts clients: a request handler of an older client (a smaller number) is stale. */
  get generation(): number {
    return this._generation;
  }
  /** Aborted when the current client is replaced or closed. */
  get signal(): AbortSignal {
    return this.scope.signal;
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
        if (this._state !== McpConnectionState.Closed) this.setState(failedState(failure), failure);
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

  /** Signed out: state `auth-required` with `reason`, and the client goes. */
  async signedOut(reason: McpConnectionError): Promise<void> {
    if (this._state === McpConnectionState.Closed) return;
    this.setState(McpConnectionState.AuthRequired, reason);
    await this.dropClient(reason);
  }

  // ---- requests ----------------------------------------------------------------

  /**
   * Runs `run` with the client once connected. The one retry path for an
   * expired 2025 session: the session is re-initialized and `run` runs again,
   * once. Any other failure goes to `failed` with the client it happened on,
   * and whatever that returns is thrown.
   */
  async run<T>(run: (client: Client) => Promise<T>, failed: (error: unknown, client: Client) => unknown): Promise<T> {
    for (let retried = false; ; retried = true) {
      const client = await this.ready();
      try {
        return await run(client);
      } catch (error) {
        if (!retried && client.getProtocolEra() === 'legacy' && isSessionExpired(error)) {
          await this.reinitialize();
          continue;
        }
        throw await failed(error, client);
      }
    }
  }

  /**
   * A request was refused for want of sign-in (a 401 that refresh could not
   * fix, or a step-up): the connection goes to `auth-required` and its calls
   * under way end. Returns `failure`.
   */
  authRefused(failure: McpConnectionError, client: Client | undefined): McpConnectionError {
    if (
      failure.kind === McpErrorKind.AuthRequired &&
      client !== undefined &&
      client === this._client &&
      this.isState(McpConnectionState.Connected)
    ) {
      this.setState(McpConnectionState.AuthRequired, failure);
      void this.dropClient(failure);
    }
    return failure;
  }

  /** Resolves with the SDK client once connected; waits through connecting, reconnecting and re-initializing. */
  async ready(): Promise<Client> {
    for (;;) {
      if (this.reinit) await this.reinit.catch(() => {});
      if (this._state === McpConnectionState.Connected && this._client && !this.reinit) return this._client;
      if (this._state === McpConnectionState.Connecting || this._state === McpConnectionState.Reconnecting || this.reinit) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        continue;
      }
      if (this._state === McpConnectionState.Idle)
        throw new McpConnectionError(McpErrorKind.Closed, 'Not connected yet: call connect() first.', { url: this.url });
      throw this._error ?? this.closedError();
    }
  }

  /** A transport for completing sign-in: the current one, else a fresh one. */
  authTransport(): StreamableHTTPClientTransport {
    return this._transport ?? this.createTransport(this.createTap(this._generation));
  }

  // ---- the SDK client ----------------------------------------------------------

  /** A transport for this server through `tap`. */
  private createTransport(tap: FetchTap): StreamableHTTPClientTransport {
    return new StreamableHTTPClientTransport(new URL(this.url), {
      fetch: tap.fetch,
      requestInit: this.owner.config.headers ? { headers: this.owner.config.headers } : undefined,
      authProvider: this.owner.config.authProvider,
    });
  }

  /** A fetch tap reporting to the calls of `generation`. */
  private createTap(generation: number): FetchTap {
    const calls = this.owner.calls;
    return new FetchTap(
      {
        onServerRequest: (tag, id) => {
          if (generation === this._generation) calls.serverRequest(id, tag);
        },
        onStreamBroken: (tag, error) => {
          const call = calls.get(tag);
          if (generation !== this._generation || !call || call.controller.signal.aborted) return;
          call.fail(this.lostDuring(call, error));
          void this.verify(error);
        },
        onStreamEnded: (tag, resumable) => {
          const call = calls.get(tag);
          if (generation !== this._generation || !call || call.controller.signal.aborted) return;
          const cause = new Error('The response stream ended without an answer');
          // A resumable stream is resumed by the SDK, unless the server is gone.
          if (!resumable) call.fail(this.lostDuring(call, cause));
          void this.verify(cause);
        },
        onLiveStream: (open) => {
          if (generation === this._generation) this.liveStream(open);
        },
        onAnswerLost: (ids, error) => {
          if (generation !== this._generation) return;
          for (const id of ids) {
            const call = calls.callFor('legacy', id);
            if (call && !call.controller.signal.aborted) call.fail(this.lostDuring(call, error));
          }
          void this.verify(error);
        },
      },
      this.owner.config.fetch,
      { dropped: () => this.dropped, trace: () => this.owner.trace(), closesCalls: () => this._client?.getProtocolEra() === 'modern' },
    );
  }

  private createClient(generation: number): { client: Client; transport: StreamableHTTPClientTransport; tap: FetchTap } {
    const { info, options } = sdkClientOptions(this.owner.config);
    const client = new Client(info, options);
    const current = () => generation === this._generation;
    this.owner.wire(client, generation, current);
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

  /**
   * Connects a fresh SDK client (the old one, if any, is closed first) and
   * restores everything. When the server's CORS refuses optional request
   * headers (found on a failure, or when a request of the handshake failed
   * at the network level), those are dropped and the connect tried again,
   * in the 2025 era when the 2026 one needs them (see header-fallback.ts).
   */
  private async establish(prior?: { kind: 'legacy' }): Promise<void> {
    for (let round = 0; ; round++) {
      const canDegrade = round < MAX_DEGRADE_ROUNDS;
      const era = needsLegacy(this.dropped) ? { kind: 'legacy' as const } : prior;
      const outcome = await this.establishOnce(era, canDegrade);
      if (outcome === 'connected') return;
      // 'degraded': headers were added to `dropped`; try again without them.
    }
  }

  /** One connect; `'degraded'` when refused headers were found and dropped (the caller tries again). */
  private async establishOnce(prior: { kind: 'legacy' } | undefined, canDegrade: boolean): Promise<'connected' | 'degraded'> {
    await this.dropClient(
      new McpConnectionError(McpErrorKind.ConnectionLost, 'The connection is being re-established.', { url: this.url }),
    );
    const generation = ++this._generation;
    let attempt = this.createClient(generation);
    try {
      await attempt.client.connect(attempt.transport, prior ? { prior } : undefined);
    } catch (error) {
      await attempt.client.close().catch(() => {});
      if ((this.owner.config.era ?? 'auto') !== 'auto' || prior || !isServerErrorOnProbe(error)) {
        const failure = await this.diagnose(error, attempt.tap);
        if (canDegrade && failure.diagnosis?.kind === 'cors-headers' && (await this.degrade())) return 'degraded';
        throw failure;
      }
      // A gateway answering server/discover with 5xx: not era evidence, so try the 2025 handshake.
      attempt = this.createClient(generation);
      try {
        await attempt.client.connect(attempt.transport, { prior: { kind: 'legacy' } });
      } catch (fallbackError) {
        await attempt.client.close().catch(() => {});
        throw await this.diagnose(fallbackError, attempt.tap);
      }
    }
    // A request of the handshake failed without an HTTP answer, yet the SDK got through (it falls back to
    // 2025 when the server/discover probe fails): in a browser, often CORS refusing a header. Look, and drop.
    if (canDegrade && attempt.tap.networkFailures > 0 && (await this.degrade())) {
      await attempt.client.close().catch(() => {});
      return 'degraded';
    }
    if (generation !== this._generation || this._state === McpConnectionState.Closed) {
      await attempt.client.close().catch(() => {});
      throw this.closedError();
    }
    ({ client: this._client, transport: this._transport, tap: this._tap } = attempt);
    try {
      await this.owner.restore(attempt.client);
    } catch (error) {
      await this.dropClient(classifyError(error, this.url, 'connect'));
      throw error;
    }
    return 'connected';
  }

  /**
   * Asks which optional request headers the server's CORS refuses and adds
   * the droppable ones to `dropped`. True when something new is dropped (try
   * again). Not when the connection is pinned to 2026 and the era would be lost.
   */
  private async degrade(): Promise<boolean> {
    const diagnosis = await import('./diagnose.js').catch(() => undefined);
    if (!diagnosis) return false;
    const custom = Object.keys(this.owner.config.headers ?? {}).map((h) => h.toLowerCase());
    const refused = await diagnosis.refusedRequestHeaders(this.url, [...OPTIONAL_MCP_HEADERS, ...custom], this.owner.config.fetch);
    const fresh = (refused ?? []).filter((h) => isDroppable(h) && !this.dropped.has(h));
    if (fresh.length === 0) return false;
    const next = new Set([...this.dropped, ...fresh]);
    if (this.owner.config.era === 'modern' && needsLegacy(next)) return false;
    for (const header of fresh) this.dropped.add(header);
    this._degraded = describeDegradation(hostOf(this.url), this.dropped);
    return true;
  }

  /**
   * A call's `Mcp-Param-*` headers were refused by CORS: leave them off from
   * now on. True when that is new (the caller may try the call again).
   */
  dropParamHeaders(): boolean {
    if (this.dropped.has('mcp-param-*')) return false;
    this.dropped.add('mcp-param-*');
    this._degraded = describeDegradation(hostOf(this.url), this.dropped);
    return true;
  }

  private async diagnose(error: unknown, tap: FetchTap): Promise<McpConnectionError> {
    const hidden = tap.sessionIdHidden && error instanceof SdkHttpError && (error.status === 400 || error.status === 404);
    // The sign-in server's failure is its own: this server's CORS is not probed for it.
    const signIn = signInMetadataError(error, this.url, tap);
    if (signIn) return signIn;
    const classified = classifyError(error, this.url, 'connect');
    // A request that got no HTTP answer behind another failure (a version negotiation that could not
    // reach the server because its CORS refused the 2026 headers): the probes tell.
    if (!hidden && classified.kind !== McpErrorKind.Unreachable && tap.networkFailures === 0) return classified;
    // Loaded on a failure only (a chunk of its own in the bundle); when it cannot be loaded, the failure as classified.
    const diagnosis = await import('./diagnose.js').catch(() => undefined);
    if (!diagnosis) return classified;
    if (hidden) return diagnosis.hiddenSessionIdError(this.url, error);
    const found = await diagnosis.diagnoseNetworkFailure(this.url, Object.keys(this.owner.config.headers ?? {}), this.owner.config.fetch);
    // Only a CORS finding replaces a failure that was not a network one.
    if (classified.kind === McpErrorKind.Unreachable) return found ?? classified;
    return found?.kind === McpErrorKind.Cors && found.diagnosis?.kind !== 'cors-responses' ? found : classified;
  }

  // ---- liveness and recovery ---------------------------------------------------

  /** Whether the server still answers; if not, reconnect (or re-initialize an expired session). */
  verify(cause: unknown, recheck = true): Promise<boolean> {
    const client = this._client;
    if (!client || this._state !== McpConnectionState.Connected) return Promise.resolve(false);
    this.verifying ??= (async () => {
      try {
        if (client.getProtocolEra() === 'modern') await client.discover({ timeout: VERIFY_TIMEOUT_MS });
        else await client.ping({ timeout: VERIFY_TIMEOUT_MS });
        // A server that is shutting down still answers on open sockets for a moment: look again once.
        if (recheck) {
          setTimeout(() => {
            if (client === this._client) void this.verify(cause, false);
          }, RECHECK_MS);
        }
        return true;
      } catch (error) {
        if (client !== this._client) return false;
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
  private reinitialize(): Promise<void> {
    this.reinit ??= (async () => {
      try {
        await this.establish(this._client?.getProtocolEra() === 'legacy' ? { kind: 'legacy' } : undefined);
      } catch (error) {
        const failure = classifyError(error, this.url);
        if (isNetworkError(failure)) void this.reconnect(failure);
        else if (this._state !== McpConnectionState.Closed) this.setState(failedState(failure), failure);
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
    await this.dropClient(
      new McpConnectionError(McpErrorKind.ConnectionLost, `The connection to ${hostOf(this.url)} was lost.`, {
        url: this.url,
        cause: error,
      }),
    );
    const { initialDelayMs = 500, maxDelayMs = 15_000, maxAttempts = 10 } = this.owner.config.reconnect ?? {};
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
  lostDuring(call: ActiveCall, cause: unknown): McpConnectionError {
    return new McpConnectionError(
      McpErrorKind.ConnectionLost,
      `The connection to ${hostOf(this.url)} was lost during the call of ${call.name}.`,
      { url: this.url, cause },
    );
  }

  /** Closes the current SDK client; its calls fail (`reason`, naming each tool) and its input requests end. */
  private async dropClient(reason: McpConnectionError): Promise<void> {
    this.scope.abort(reason);
    this.scope = new AbortController();
    for (const call of this.owner.calls.all()) {
      call.fail(reason.kind === McpErrorKind.ConnectionLost ? this.lostDuring(call, reason) : reason);
    }
    const { _client: client, listenSub } = this;
    this._client = undefined;
    this.listenSub = undefined;
    this._generation++;
    await listenSub?.close().catch(() => {});
    await client?.close().catch(() => {});
  }

  /** A method, not `this._state ===`, so TypeScript does not narrow across awaits. */
  private isState(state: McpConnectionState): boolean {
    return this._state === state;
  }

  closedError(): McpConnectionError {
    return new McpConnectionError(McpErrorKind.Closed, `The connection to ${hostOf(this.url)} is closed.`, { url: this.url });
  }

  private setState(state: McpConnectionState, error?: McpConnectionError): void {
    const previous = this._state;
    this._error = state === McpConnectionState.Connected || state === McpConnectionState.Connecting ? undefined : (error ?? this._error);
    this._state = state;
    if (previous !== state || error) {
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
      this.owner.dispatchEvent(new McpConnectionChangeEvent(state, previous, this._error));
    }
  }
}

/** The state a failed connect or re-initialization leaves. */
function failedState(failure: McpConnectionError): McpConnectionState {
  return failure.kind === McpErrorKind.AuthRequired ? McpConnectionState.AuthRequired : McpConnectionState.Failed;
}
