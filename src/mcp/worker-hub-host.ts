// The worker's side of a `WorkerHub` (worker-hub.ts): a real `McpHub` whose
// connections (the MCP SDK, zod, the fetch tap, the session trace) run here,
// off the page's main thread. Issue 42, item 3: experimental, not used by
// <mcp-chat> yet (docs/performance.md, "the connections in a worker").
import '../content/no-eval.js';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { McpConnection } from './connection.js';
import { McpHub } from './hub.js';
import type { InputHandlers, InputKind, InputRequestContext } from './input-types.js';
import type {
  ConnectionSnapshot,
  FromWorker,
  ToWorker,
  WorkerEndpoint,
  WorkerError,
  WorkerInputContext,
  WorkerRequestMethod,
} from './worker-hub-protocol.js';

/** The error as the page gets it: its fields, not its class (a structured clone keeps neither the class nor `kind`). */
function errorOf(error: unknown): WorkerError {
  const e = error as Partial<WorkerError> | undefined;
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(error),
    kind: e?.kind,
    url: e?.url,
    status: e?.status,
    code: e?.code,
  };
}

type Catalogs = Pick<McpConnection, 'tools' | 'prompts' | 'resources' | 'resourceTemplates'>;

/**
 * Serves one hub over `endpoint` (in a dedicated Worker: `serveHub(self)`).
 * Changes are sent in one message per task of the worker, however many
 * connections changed in it; each catalog crosses only when it is a new array.
 * Returns the hub (its `startTrace`, `router` are the worker's).
 */
export function serveHub(endpoint: WorkerEndpoint, hub: McpHub = new McpHub()): McpHub {
  const ids = new Map<McpConnection, number>();
  const byId = new Map<number, McpConnection>();
  const sent = new Map<number, Partial<Catalogs>>();
  const requests = new Map<number, AbortController>();
  const changed = new Set<McpConnection>();
  let sentTools: unknown;
  /** Input requests sent to the page, waiting for its answer. */
  const inputs = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  /** The forwarding handlers registered on the worker's router, by kind, while the page has a handler. */
  const forwarding = new Map<InputKind, () => void>();
  let nextInput = 0;
  let flushing = false;
  const post = (message: FromWorker) => endpoint.postMessage(message);

  const snapshot = (connection: McpConnection, id: number): ConnectionSnapshot => {
    const last = sent.get(id) ?? {};
    const s: ConnectionSnapshot = {
      id,
      state: connection.state,
      toolsReady: connection.toolsReady,
      serverInfo: connection.serverInfo,
      capabilities: connection.capabilities,
      instructions: connection.instructions,
      protocolVersion: connection.protocolVersion,
      era: connection.getProtocolEra(),
      error: connection.error ? errorOf(connection.error) : undefined,
    };
    for (const kind of ['tools', 'prompts', 'resources', 'resourceTemplates'] as const)
      if (last[kind] !== connection[kind]) (s as unknown as Catalogs)[kind] = connection[kind] as never;
    sent.set(id, {
      tools: connection.tools,
      prompts: connection.prompts,
      resources: connection.resources,
      resourceTemplates: connection.resourceTemplates,
    });
    return s;
  };

  const flush = () => {
    flushing = false;
    const changes: ConnectionSnapshot[] = [];
    for (const connection of changed) {
      const id = ids.get(connection);
      if (id !== undefined) changes.push(snapshot(connection, id));
    }
    changed.clear();
    const message: FromWorker = { t: 'changes', changes };
    const tools = hub.tools;
    if (tools !== sentTools) {
      sentTools = tools;
      message.catalog = tools.map(({ name, tool, connection }) => [name, ids.get(connection)!, connection.tools.indexOf(tool)]);
    }
    if (changes.length || message.catalog) post(message);
  };

  hub.addEventListener('mcp-hub-change', (event) => {
    changed.add(event.connection);
    if (flushing) return;
    flushing = true;
    setTimeout(flush, 0);
  });

  const connect = (connection: McpConnection, id: number) => {
    connection.connect().then(
      () => {
        flush();
        post({ t: 'settled', id });
      },
      (error: unknown) => {
        flush();
        post({ t: 'settled', id, error: errorOf(error) });
      },
    );
  };

  const request = async (connection: McpConnection, method: WorkerRequestMethod, args: unknown[], signal: AbortSignal, id: number) => {
    switch (method) {
      case 'callTool': {
        const [name, input, options] = args as [
          string,
          Record<string, unknown>,
          { timeoutMs?: number; toolUseId?: string; progress?: boolean },
        ];
        const { progress, ...rest } = options ?? {};
        return connection.callTool(name, input, {
          ...rest,
          signal,
          onprogress: progress ? (value) => post({ t: 'progress', request: id, progress: value }) : undefined,
        });
      }
      case 'readResource':
        return connection.readResource(args[0] as string, { signal });
      case 'getPrompt':
        return connection.getPrompt(args[0] as string, args[1] as Record<string, string> | undefined, { signal });
    }
  };

  /** A handler on the worker's router that asks the page's handler (the router's queue, limits and de-duplication stay here). */
  const forward =
    (kind: InputKind) =>
    (params: unknown, { signal, ...context }: InputRequestContext): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const input = nextInput++;
        const onAbort = () => {
          inputs.delete(input);
          const reason = signal.reason as { message?: unknown } | undefined;
          post({ t: 'inputCancel', input, reason: typeof reason?.message === 'string' ? reason.message : 'The request was cancelled' });
        };
        inputs.set(input, {
          resolve: (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
          reject: (error) => (signal.removeEventListener('abort', onAbort), reject(error)),
        });
        signal.addEventListener('abort', onAbort, { once: true });
        // What crosses is data: a function in the context (none today) would fail the clone.
        const plain = Object.fromEntries(Object.entries(context).filter(([, v]) => typeof v !== 'function')) as WorkerInputContext;
        post({ t: 'input', input, kind, params, context: plain });
      });

  const receive = (event: MessageEvent) => {
    const message = event.data as ToWorker;
    switch (message.t) {
      case 'add': {
        const connection = hub.add(message.config);
        ids.set(connection, message.id);
        byId.set(message.id, connection);
        return;
      }
      case 'connect': {
        const connection = byId.get(message.id);
        if (connection) connect(connection, message.id);
        return;
      }
      case 'remove': {
        const connection = byId.get(message.id);
        if (!connection) return;
        byId.delete(message.id);
        void hub.remove(connection).then(() => ids.delete(connection));
        return;
      }
      case 'request': {
        const connection = byId.get(message.id);
        const controller = new AbortController();
        requests.set(message.request, controller);
        const done = (reply: { result?: unknown; error?: WorkerError }) => {
          requests.delete(message.request);
          post({ t: 'response', request: message.request, ...reply });
        };
        if (!connection) return done({ error: { name: 'Error', message: 'This server was removed.' } });
        request(connection, message.method, message.args, controller.signal, message.request).then(
          (result) => done({ result }),
          (error: unknown) => done({ error: errorOf(error) }),
        );
        return;
      }
      case 'abort':
        requests.get(message.request)?.abort();
        return;
      case 'handle':
        forwarding.get(message.kind)?.();
        forwarding.delete(message.kind);
        if (message.on)
          forwarding.set(message.kind, hub.router.handle(message.kind, forward(message.kind) as InputHandlers[InputKind] as never));
        return;
      case 'inputResult': {
        const waiting = inputs.get(message.input);
        inputs.delete(message.input);
        // The server gets the page handler's JSON-RPC code and message, as from a handler here.
        if (message.error) waiting?.reject(new ProtocolError(message.error.code ?? ProtocolErrorCode.InternalError, message.error.message));
        else waiting?.resolve(message.result);
        return;
      }
      case 'close':
        void hub.close();
        return;
    }
  };
  endpoint.addEventListener('message', receive);
  endpoint.start?.();
  return hub;
}
