// The page's side of a hub whose connections run in a Worker
// (worker-hub-host.ts): issue 42, item 3, opt-in: `<mcp-chat connections="worker">`
// (docs/performance.md, "the connections in a worker").
//
// Imports no code of the MCP SDK or zod (types only): a page that connects
// through a WorkerHub runs `fetch`, the SDK's parsing and the session trace in
// the worker, and keeps here only what it reads synchronously, as the worker
// last sent it.
import type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptResult,
  LoggingLevel,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import { TypedEventTarget } from '../content/typed-event-target.js';
import type { CallToolOptions, McpConnectionConfig } from './connection-config.js';
import type { McpConnection } from './connection.js';
import type { HubTool, McpHubEventMap } from './hub.js';
import type { McpDiagnosis } from './diagnosis.js';
import type { InputHandlers, InputKind, Root } from './input-types.js';
import type { InvalidTool } from './tool-list.js';
import type { TraceDocument } from './trace.js';
import { serverName } from './server-key.js';
import type {
  ConnectionSnapshot,
  FromWorker,
  ToWorker,
  WorkerEndpoint,
  WorkerError,
  WorkerRequestMethod,
  WorkerServerConfig,
} from './worker-hub-protocol.js';

/** An error from the worker: an `Error` with the `McpConnectionError` fields it had there (`kind`, `url`, `status`, `code`). */
export class WorkerHubError extends Error {
  readonly kind?: string;
  readonly url?: string;
  readonly status?: number;
  readonly code?: number;
  readonly diagnosis?: McpDiagnosis;
  constructor(error: WorkerError) {
    super(error.message);
    this.name = error.name;
    this.kind = error.kind;
    this.url = error.url;
    this.status = error.status;
    this.code = error.code;
    this.diagnosis = error.diagnosis;
  }
}

/** What a method of `McpConnection` that a worker's connection does not carry says (sign-in, skills, task resume). */
const notInWorker = (what: string) =>
  Promise.reject(new Error(`${what} is not available while this chat's connections run in a worker (connections="worker").`));

/** A connection's snapshot as the page holds it (to change one field of it). */
function snapshotOf(c: WorkerConnection): ConnectionSnapshot {
  return {
    id: c.index,
    state: c.state,
    toolsReady: c.toolsReady,
    invalidTools: c.invalidTools,
    unrunnableTools: c.unrunnableTools,
    liveNotifications: c.liveNotifications,
  };
}

/** Fired by a mirrored connection when the worker sent a change of it. */
const CHANGE = 'mcp-connection-change';

/**
 * One server as the page sees it through a {@link WorkerHub}: the state and
 * catalogs the worker last sent, and the calls it forwards. The same
 * synchronous surface as `McpConnection` for what a chat reads while
 * connecting (state, `toolsReady`, `name`, `serverInfo`, capabilities, the
 * four catalogs); calls (`callTool`, `readResource`, `getPrompt`) go to the worker.
 */
export class WorkerConnection extends EventTarget {
  readonly id: string;
  readonly url: string;
  readonly config: Readonly<McpConnectionConfig>;
  state: McpConnection['state'] = 'idle';
  toolsReady = false;
  serverInfo: McpConnection['serverInfo'];
  capabilities: ServerCapabilities | undefined;
  instructions: string | undefined;
  protocolVersion: string | undefined;
  error: WorkerHubError | undefined;
  tools: Tool[] = [];
  prompts: Prompt[] = [];
  resources: Resource[] = [];
  resourceTemplates: ResourceTemplateType[] = [];
  invalidTools: InvalidTool[] = [];
  unrunnableTools: InvalidTool[] = [];
  degraded: McpConnection['degraded'];
  liveNotifications = true;
  /** Skills (the SEP's extension) are not listed through a worker. */
  readonly supportsSkills = false;
  #era: 'legacy' | 'modern' | undefined;
  #refused = false;
  #connecting?: { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void };

  /** @internal */
  constructor(
    readonly index: number,
    config: WorkerServerConfig,
    private readonly hub: WorkerHub,
    /** Set for a server this hub did not send to the worker ({@link WorkerHub.refuse}): why, said as its error. */
    refused?: string,
  ) {
    super();
    this.id = `worker-${index}`;
    this.url = config.url;
    this.config = config;
    if (refused) {
      this.#refused = true;
      this.state = 'failed';
      this.error = new WorkerHubError({ name: 'McpConnectionError', message: refused, kind: 'auth', url: config.url });
    }
  }

  /** The name for people: the configured name, else the server's title or name, else the host. */
  get name(): string {
    return serverName(this.url, this.config.name, this.serverInfo, true);
  }

  /** Not sent to the worker ({@link WorkerHub.refuse}): connecting again cannot help, so nothing offers to. */
  get refused(): boolean {
    return this.#refused;
  }

  /** `'legacy'` or `'modern'`, once connected. */
  getProtocolEra(): 'legacy' | 'modern' | undefined {
    return this.#era;
  }

  /** Connects in the worker; settles as `McpConnection.connect()` does there (connected with its catalogs, or failed). */
  connect(): Promise<void> {
    if (this.#refused) return Promise.reject(this.error);
    if (!this.#connecting) {
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      this.#connecting = { promise, resolve, reject };
      const failed = this.hub.failed;
      if (failed) queueMicrotask(() => this.settle(failed));
      else this.hub.send({ t: 'connect', id: this.index });
    }
    return this.#connecting.promise;
  }

  /** Calls a tool in the worker, with its `signal`, `onprogress`, `timeoutMs` and `toolUseId`; `ontask` is not carried over. */
  callTool(name: string, args: Record<string, unknown> = {}, options: CallToolOptions = {}): Promise<CallToolResult> {
    const { timeoutMs, toolUseId, onprogress } = options;
    return this.hub.request(
      this,
      'callTool',
      [name, args, { timeoutMs, toolUseId, progress: Boolean(onprogress) }],
      options.signal,
      onprogress,
    ) as Promise<CallToolResult>;
  }

  readResource(uri: string, options: { signal?: AbortSignal } = {}): Promise<ReadResourceResult> {
    return this.hub.request(this, 'readResource', [uri], options.signal) as Promise<ReadResourceResult>;
  }

  getPrompt(name: string, args?: Record<string, string>, options: { signal?: AbortSignal } = {}): Promise<GetPromptResult> {
    return this.hub.request(this, 'getPrompt', [name, args], options.signal) as Promise<GetPromptResult>;
  }

  complete(params: CompleteRequestParams, options: { signal?: AbortSignal } = {}): Promise<CompleteResult> {
    return this.hub.request(this, 'complete', [params], options.signal) as Promise<CompleteResult>;
  }

  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    await this.hub.request(this, 'setLoggingLevel', [level]);
  }

  /** Sign-in needs the page's OAuth provider, which cannot cross to the worker: refused in words. */
  signIn(): Promise<void> {
    return notInWorker(`Signing in to ${this.name}`);
  }

  signOut(): Promise<void> {
    return notInWorker(`Signing out of ${this.name}`);
  }

  loadSkill(): Promise<never> {
    return notInWorker('Loading a skill');
  }

  listSkills(): Promise<never> {
    return notInWorker('Listing skills');
  }

  /** An MCP App view's own input request (its `sampling/createMessage`): not routed through a worker yet. */
  requestInput(): Promise<never> {
    return notInWorker("An app view's request for a model answer");
  }

  resumeTask(): Promise<never> {
    return notInWorker('Following a tool call that was still running when the page was closed');
  }

  /** Closes this server's connection in the worker (as `WorkerHub.remove`). */
  close(): Promise<void> {
    return this.hub.remove(this);
  }

  /** @internal */
  apply(s: ConnectionSnapshot): void {
    this.state = s.state;
    this.toolsReady = s.toolsReady;
    this.serverInfo = s.serverInfo;
    this.capabilities = s.capabilities;
    this.instructions = s.instructions;
    this.protocolVersion = s.protocolVersion;
    this.#era = s.era;
    this.error = s.error ? new WorkerHubError(s.error) : undefined;
    this.invalidTools = s.invalidTools;
    this.unrunnableTools = s.unrunnableTools;
    this.degraded = s.degraded;
    this.liveNotifications = s.liveNotifications;
    if (s.tools) this.tools = s.tools;
    if (s.prompts) this.prompts = s.prompts;
    if (s.resources) this.resources = s.resources;
    if (s.resourceTemplates) this.resourceTemplates = s.resourceTemplates;
    this.dispatchEvent(new Event(CHANGE));
  }

  /** @internal */
  settle(error: WorkerError | undefined): void {
    const connecting = this.#connecting;
    this.#connecting = undefined;
    if (error) connecting?.reject(new WorkerHubError(error));
    else connecting?.resolve();
  }
}

/**
 * The page's handlers of the servers' input requests (sampling, elicitation,
 * roots) for a {@link WorkerHub}: `handle` as `InputRouter.handle` (the latest
 * registration answers; unregistering it restores the one before). The queue,
 * the wait limit and the de-duplication are the worker's router's; a kind with
 * no handler here is refused there as with no handler.
 */
export class WorkerInputHandlers {
  readonly #handlers: { [K in InputKind]: InputHandlers[K][] } = { sampling: [], elicitation: [], roots: [] };
  readonly #running = new Map<number, AbortController>();

  /** @internal */
  constructor(private readonly hub: WorkerHub) {}

  /** Registers `handler` for `kind`; the returned function unregisters it. */
  handle<K extends InputKind>(kind: K, handler: InputHandlers[K]): () => void {
    const list = this.#handlers[kind] as InputHandlers[K][];
    list.push(handler);
    if (list.length === 1) this.hub.send({ t: 'handle', kind, on: true });
    return () => {
      const index = list.lastIndexOf(handler);
      if (index < 0) return;
      list.splice(index, 1);
      if (list.length === 0) this.hub.send({ t: 'handle', kind, on: false });
    };
  }

  /** Whether a handler is registered for `kind`. */
  has(kind: InputKind): boolean {
    return this.#handlers[kind].length > 0;
  }

  /** @internal */
  async answer(message: Extract<FromWorker, { t: 'input' }>): Promise<void> {
    const handler = this.#handlers[message.kind].at(-1) as ((params: unknown, context: unknown) => Promise<unknown>) | undefined;
    const reply = (result: { result?: unknown; error?: WorkerError }) =>
      this.hub.send({ t: 'inputResult', input: message.input, ...result });
    if (!handler) return reply({ error: { name: 'Error', message: `This page does not answer ${message.kind} requests.`, code: -32601 } });
    const controller = new AbortController();
    this.#running.set(message.input, controller);
    try {
      reply({ result: await handler(message.params, { ...message.context, signal: controller.signal }) });
    } catch (error) {
      const e = error as { name?: unknown; message?: unknown; code?: unknown } | undefined;
      reply({
        error: {
          name: typeof e?.name === 'string' ? e.name : 'Error',
          message: typeof e?.message === 'string' ? e.message : String(error),
          code: typeof e?.code === 'number' ? e.code : undefined,
        },
      });
    } finally {
      this.#running.delete(message.input);
    }
  }

  /** @internal */
  cancel(input: number, reason: string): void {
    this.#running.get(input)?.abort(new Error(reason));
  }
}

/**
 * The session trace of a {@link WorkerHub}, recorded in the worker (the
 * connections' messages are there): entries and secrets of the page's go
 * there; `export()` asks for the document (a promise, where
 * `SessionTrace.export()` answers at once).
 */
export class WorkerTrace {
  /** @internal */
  constructor(private readonly hub: WorkerHub) {}

  /** Adds an entry of the page's own (`SessionTrace.addEvent`); `server` is a `WorkerConnection`'s `id`. */
  addEvent(type: string, data?: unknown, options: { server?: string } = {}): void {
    const server = options.server?.startsWith('worker-') ? Number(options.server.slice(7)) : undefined;
    try {
      this.hub.send({ t: 'traceEvent', type, data, server });
    } catch {
      // Data that does not survive a structured clone (a function, a DOM node): as JSON would keep it.
      this.hub.send({ t: 'traceEvent', type, data: JSON.parse(JSON.stringify(data ?? null)) as unknown, server });
    }
  }

  /** A value never to appear in the export (the model's API key). */
  addSecret(value: string | undefined): void {
    if (value) this.hub.send({ t: 'traceSecret', secret: value });
  }

  /** The trace as one document, from the worker. */
  export(): Promise<TraceDocument | undefined> {
    return this.hub.ask((request) => ({ t: 'traceExport', request })) as Promise<TraceDocument | undefined>;
  }
}

/** A hub change, as `McpHubChangeEvent` (same name and `connection`), for a mirrored connection. */
export class WorkerHubChangeEvent extends Event {
  constructor(readonly connection: WorkerConnection) {
    super('mcp-hub-change');
  }
}

/**
 * Several MCP servers connected from a Worker (`serveHub(self)` in it, from
 * worker-hub-host.ts), mirrored on the page: `connections`, the merged tool
 * catalog with the worker hub's model-facing names (`tools`, `findTool`), and
 * `callTool` by those names. Fires `mcp-hub-change` once per connection in each
 * message from the worker (the worker sends one per task however many changed).
 *
 * Input requests from servers (sampling, elicitation, roots) reach the
 * handlers registered with `router.handle`. Not carried over yet: servers that
 * need sign-in (an `authProvider` cannot cross to a worker: `add` throws), the
 * session trace's export, a task tool's `ontask`.
 */
export class WorkerHub extends TypedEventTarget<McpHubEventMap> {
  readonly #endpoint: WorkerEndpoint;
  readonly #list: WorkerConnection[] = [];
  readonly #byIndex = new Map<number, WorkerConnection>();
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; onprogress?: CallToolOptions['onprogress'] }
  >();
  #tools: readonly HubTool[] = [];
  /** Set once the Worker failed ({@link workerFailed}). */
  #failed?: WorkerError;
  #named = new Map<string, HubTool>();
  #next = 0;
  #nextRequest = 0;
  #trace?: WorkerTrace;
  /** The page's handlers of the servers' input requests (register with `router.handle`, as on an `McpHub`). */
  readonly router: WorkerInputHandlers = new WorkerInputHandlers(this);

  /** @param endpoint - The `Worker` running `serveHub(self)` (or a `MessagePort` to it). */
  constructor(endpoint: WorkerEndpoint) {
    super();
    this.#endpoint = endpoint;
    endpoint.addEventListener('message', (event) => this.#receive(event.data as FromWorker));
    endpoint.start?.();
  }

  /** The connections, in the order they were added. */
  get connections(): readonly WorkerConnection[] {
    return this.#list;
  }

  /** The merged tool catalog as the worker's hub named it; the same array until it changes. */
  get tools(): readonly HubTool[] {
    return this.#tools;
  }

  findTool(name: string): HubTool | undefined {
    return this.#named.get(name);
  }

  /**
   * Adds a server (not connected yet: call `connect()` on it). Its settings
   * must survive a structured clone: a server that needs sign-in
   * (`authProvider`) or a page's own `fetch` cannot be connected from a worker.
   */
  add(config: McpConnectionConfig): WorkerConnection {
    if (config.authProvider || config.fetch)
      throw new Error(
        `${config.url}: a server with sign-in (authProvider) or its own fetch cannot be connected from a worker; add it to an McpHub on the page.`,
      );
    const index = this.#next++;
    const { authProvider: _a, fetch: _f, ...plain } = config;
    const connection = new WorkerConnection(index, plain, this);
    this.#list.push(connection);
    this.#byIndex.set(index, connection);
    if (this.#failed) this.#fail(connection, this.#failed);
    else this.send({ t: 'add', id: index, config: plain });
    this.dispatchEvent(new WorkerHubChangeEvent(connection) as never);
    return connection;
  }

  /**
   * Lists a server that cannot be connected from a worker (one that needs
   * sign-in) as failed, with `reason` as its error, without sending it there:
   * the page shows it with why. Its `connect()` rejects with that error.
   */
  refuse(config: McpConnectionConfig, reason: string): WorkerConnection {
    const index = this.#next++;
    const { authProvider: _a, fetch: _f, ...plain } = config;
    const connection = new WorkerConnection(index, plain, this, reason);
    this.#list.push(connection);
    this.#byIndex.set(index, connection);
    this.dispatchEvent(new WorkerHubChangeEvent(connection) as never);
    return connection;
  }

  /**
   * The Worker could not run (its file missing or blocked, an error at its
   * start): every server fails with a sentence saying so, now and when added.
   */
  workerFailed(detail?: string): void {
    const error: WorkerError = {
      name: 'McpConnectionError',
      kind: 'network',
      message: `The background worker that connects this chat to its servers could not start${detail ? ` (${detail})` : ''}. Reload the page; if it happens again, the site may block the worker's script.`,
    };
    this.#failed = error;
    for (const connection of this.#list) this.#fail(connection, error);
    for (const [request, pending] of this.#pending) {
      this.#pending.delete(request);
      pending.reject(new WorkerHubError(error));
    }
  }

  #fail(connection: WorkerConnection, error: WorkerError): void {
    connection.apply({ ...snapshotOf(connection), state: 'failed', toolsReady: false, error });
    connection.settle(error);
    this.dispatchEvent(new WorkerHubChangeEvent(connection) as never);
  }

  /** The session trace being recorded in the worker (see {@link startTrace}), or `undefined`. */
  get trace(): WorkerTrace | undefined {
    return this.#trace;
  }

  /** Records a session trace in the worker, as `McpHub.startTrace` (`maxBytes`: its bound). */
  startTrace(options: { maxBytes?: number } = {}): WorkerTrace {
    if (!this.#trace) this.send({ t: 'trace', on: true, maxBytes: options.maxBytes });
    return (this.#trace ??= new WorkerTrace(this));
  }

  /** Stops recording and drops what was recorded. */
  stopTrace(): void {
    this.send({ t: 'trace', on: false });
    this.#trace = undefined;
  }

  /** @internal A request to the worker's hub itself (not one of its connections), answered by a `response`. */
  ask(message: (request: number) => ToWorker): Promise<unknown> {
    if (this.#failed) return Promise.reject(new WorkerHubError(this.#failed));
    const request = this.#nextRequest++;
    return new Promise((resolve, reject) => {
      this.#pending.set(request, { resolve, reject });
      this.send(message(request));
    });
  }

  /** Shares `roots` with every server that asks (`roots/list`), as `McpHub.setRoots`. */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this.send({ t: 'roots', roots: [...roots] });
  }

  /** Removes a server and closes its connection in the worker. */
  async remove(connection: WorkerConnection): Promise<void> {
    const at = this.#list.indexOf(connection);
    if (at < 0) return;
    this.#list.splice(at, 1);
    this.#byIndex.delete(connection.index);
    this.send({ t: 'remove', id: connection.index });
    connection.settle({ name: 'Error', message: 'This server was removed.' });
    this.dispatchEvent(new WorkerHubChangeEvent(connection) as never);
  }

  /** Connects every connection that is not connected; one failure does not stop the others. */
  connectAll(): Promise<PromiseSettledResult<void>[]> {
    return Promise.allSettled(this.#list.map((c) => c.connect()));
  }

  /** Calls a tool by its model-facing name on the server it belongs to. */
  callTool(name: string, args: Record<string, unknown> = {}, options: CallToolOptions = {}): Promise<CallToolResult> {
    const entry = this.findTool(name);
    if (!entry) return Promise.reject(new Error(`No connected server offers a tool named ${name}.`));
    return (entry.connection as unknown as WorkerConnection).callTool(entry.tool.name, args, options);
  }

  /** Closes every connection in the worker (the worker itself is the page's to terminate). */
  async close(): Promise<void> {
    this.send({ t: 'close' });
  }

  /** @internal Why the Worker failed, once it did. */
  get failed(): WorkerError | undefined {
    return this.#failed;
  }

  /** @internal */
  send(message: ToWorker): void {
    this.#endpoint.postMessage(message);
  }

  /** @internal */
  request(
    connection: WorkerConnection,
    method: WorkerRequestMethod,
    args: unknown[],
    signal?: AbortSignal,
    onprogress?: CallToolOptions['onprogress'],
  ): Promise<unknown> {
    if (this.#failed) return Promise.reject(new WorkerHubError(this.#failed));
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('Cancelled.'));
    const request = this.#nextRequest++;
    return new Promise((resolve, reject) => {
      const abort = () => this.send({ t: 'abort', request });
      signal?.addEventListener('abort', abort, { once: true });
      this.#pending.set(request, {
        resolve: (value) => (signal?.removeEventListener('abort', abort), resolve(value)),
        reject: (error) => (signal?.removeEventListener('abort', abort), reject(error)),
        onprogress,
      });
      this.send({ t: 'request', id: connection.index, request, method, args });
    });
  }

  #receive(message: FromWorker): void {
    switch (message.t) {
      case 'changes': {
        for (const change of message.changes) this.#byIndex.get(change.id)?.apply(change);
        if (message.catalog) {
          this.#tools = message.catalog.flatMap(([name, id, index]) => {
            const connection = this.#byIndex.get(id);
            const tool = connection?.tools[index];
            return connection && tool ? [{ name, tool, connection: connection as unknown as McpConnection }] : [];
          });
          this.#named = new Map(this.#tools.map((t) => [t.name, t]));
        }
        for (const change of message.changes) {
          const connection = this.#byIndex.get(change.id);
          if (connection) this.dispatchEvent(new WorkerHubChangeEvent(connection) as never);
        }
        return;
      }
      case 'settled':
        this.#byIndex.get(message.id)?.settle(message.error);
        return;
      case 'input':
        void this.router.answer(message);
        return;
      case 'inputCancel':
        this.router.cancel(message.input, message.reason);
        return;
      case 'log': {
        const connection = this.#byIndex.get(message.id);
        // `McpLogMessageEvent`'s shape (connection-events.ts is not imported: it is in the SDK's chunk).
        if (connection) connection.dispatchEvent(Object.assign(new Event('mcp-log-message'), { message: message.params }));
        return;
      }
      case 'progress':
        this.#pending.get(message.request)?.onprogress?.(message.progress);
        return;
      case 'response': {
        const pending = this.#pending.get(message.request);
        this.#pending.delete(message.request);
        if (message.error) pending?.reject(new WorkerHubError(message.error));
        else pending?.resolve(message.result);
        return;
      }
    }
  }
}
