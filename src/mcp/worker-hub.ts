// The page's side of a hub whose connections run in a Worker
// (worker-hub-host.ts): issue 42, item 3, experimental and opt-in, not used by
// <mcp-chat> yet (docs/performance.md, "the connections in a worker").
//
// Imports no code of the MCP SDK or zod (types only): a page that connects
// through a WorkerHub runs `fetch`, the SDK's parsing and the session trace in
// the worker, and keeps here only what it reads synchronously, as the worker
// last sent it.
import type {
  CallToolResult,
  GetPromptResult,
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
import type { InputHandlers, InputKind } from './input-types.js';
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
  constructor(error: WorkerError) {
    super(error.message);
    this.name = error.name;
    this.kind = error.kind;
    this.url = error.url;
    this.status = error.status;
    this.code = error.code;
  }
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
  #era: 'legacy' | 'modern' | undefined;
  #connecting?: { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void };

  /** @internal */
  constructor(
    readonly index: number,
    config: WorkerServerConfig,
    private readonly hub: WorkerHub,
  ) {
    super();
    this.id = `worker-${index}`;
    this.url = config.url;
    this.config = config;
  }

  /** The name for people: the configured name, else the server's title or name, else the host. */
  get name(): string {
    return serverName(this.url, this.config.name, this.serverInfo, true);
  }

  /** `'legacy'` or `'modern'`, once connected. */
  getProtocolEra(): 'legacy' | 'modern' | undefined {
    return this.#era;
  }

  /** Connects in the worker; settles as `McpConnection.connect()` does there (connected with its catalogs, or failed). */
  connect(): Promise<void> {
    if (!this.#connecting) {
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      this.#connecting = { promise, resolve, reject };
      this.hub.send({ t: 'connect', id: this.index });
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
  #named = new Map<string, HubTool>();
  #next = 0;
  #nextRequest = 0;
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
    this.send({ t: 'add', id: index, config: plain });
    this.dispatchEvent(new WorkerHubChangeEvent(connection) as never);
    return connection;
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
