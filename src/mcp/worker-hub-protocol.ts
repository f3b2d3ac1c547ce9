// The messages between a `WorkerHub` (worker-hub.ts, on the page) and the
// hub it mirrors (worker-hub-host.ts, in a Worker). Types only: neither side
// imports the other's code, so the page never loads the MCP SDK or zod.
import type { Progress, Prompt, Resource, ResourceTemplateType, ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import type { McpConnection } from './connection.js';
import type { McpConnectionConfig } from './connection-config.js';
import type { InputKind, InputRequestContext } from './input-types.js';

/**
 * What of a server's settings can go to a worker: everything that survives a
 * structured clone. An `authProvider` (sign-in) or a `fetch` function cannot.
 */
export type WorkerServerConfig = Omit<McpConnectionConfig, 'authProvider' | 'fetch'>;

/** An error as it crosses to the page: its `McpConnectionError` fields, without the class. */
export interface WorkerError {
  name: string;
  message: string;
  kind?: string;
  url?: string;
  status?: number;
  code?: number;
}

/** What the page reads of one connection, as it was when the worker sent it. */
export interface ConnectionSnapshot {
  id: number;
  state: McpConnection['state'];
  toolsReady: boolean;
  serverInfo?: McpConnection['serverInfo'];
  capabilities?: ServerCapabilities;
  instructions?: string;
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
  error?: WorkerError;
  /** Each catalog only when it is not the array sent last (a structured clone each time it is sent). */
  tools?: Tool[];
  prompts?: Prompt[];
  resources?: Resource[];
  resourceTemplates?: ResourceTemplateType[];
}

/** The connection methods the page can call through the worker. */
export type WorkerRequestMethod = 'callTool' | 'readResource' | 'getPrompt';

/** An input request's context as it crosses to the page: `InputRequestContext` without its `signal` (a cancel message instead). */
export type WorkerInputContext = Omit<InputRequestContext, 'signal'>;

/** Page to worker. */
export type ToWorker =
  | { t: 'add'; id: number; config: WorkerServerConfig }
  /** The page has (`on`) or no longer has a handler for that kind of input request: the worker's router forwards them, or refuses them as with no handler. */
  | { t: 'handle'; kind: InputKind; on: boolean }
  | { t: 'inputResult'; input: number; result?: unknown; error?: WorkerError }
  | { t: 'connect'; id: number }
  | { t: 'remove'; id: number }
  | { t: 'request'; id: number; request: number; method: WorkerRequestMethod; args: unknown[] }
  | { t: 'abort'; request: number }
  | { t: 'close' };

/** Worker to page. */
export type FromWorker =
  /** The connections that changed since the last message, then the hub's tool catalog (name, connection id, index in its tools) when it changed. */
  | { t: 'changes'; changes: ConnectionSnapshot[]; catalog?: Array<[name: string, id: number, index: number]> }
  /** A connection's `connect()` settled (sent after the changes that led to it). */
  | { t: 'settled'; id: number; error?: WorkerError }
  | { t: 'response'; request: number; result?: unknown; error?: WorkerError }
  /** A tool call's progress notification (sent only for a call whose page side passed `onprogress`). */
  | { t: 'progress'; request: number; progress: Progress }
  /** A server's input request (sampling, elicitation, roots), for the page's handler. */
  | { t: 'input'; input: number; kind: InputKind; params: unknown; context: WorkerInputContext }
  /** The request was cancelled in the worker (the server, the stopped call, the wait limit): the page's handler's signal aborts. */
  | { t: 'inputCancel'; input: number; reason: string };

/** Where messages go and come from: a `Worker` on the page, the worker's global scope inside it, or a `MessagePort`. */
export interface WorkerEndpoint {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** A `MessagePort` delivers nothing until started. */
  start?(): void;
}
