// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { mcpAppsClientCapability } from './apps.js';
import {
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  type ClientOptions,
  type Implementation,
  type OAuthClientProvider,
  type Progress,
} from '@modelcontextprotocol/client';
import type { Root } from './input-types.js';
import { LazyOutputValidator } from './output-validator.js';
import { TASKS_EXTENSION, type TaskInfo } from './tasks.js';

/** How to reach one MCP server. */
export interface McpConnectionConfig {
  /** The Streamable HTTP endpoint, e.g. `https://host/mcp`. */
  url: string;
  /** A name for people and for prefixing colliding tool names; defaults to the server's own name. */
  name?: string;
  /**
   * Extra HTTP headers sent with every request. A header the server's CORS
   * refuses is left off (see `McpConnection.degraded`).
   */
  headers?: Record<string, string>;
  /**
   * Names of request headers whose values are secret (a registry entry's
   * `isSecret` headers): never written to a session trace. The values of
   * `headers` and any `Authorization` are never written anyway.
   */
  secretHeaders?: string[];
  /**
   * OAuth for servers that need sign-in. With a provider that can run the
   * person's part itself (`signIn()`, like `BrowserOAuthProvider`),
   * {@link McpConnection.signIn} does the whole sign-in.
   */
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
  /**
   * Form elicitation. `applyDefaults: true` declares
   * `elicitation.form.applyDefaults` (SEP-1034): when a person accepts a form
   * and leaves a field out, the schema's `default` for it is filled into the
   * answer before it goes to the server. Default `false` (the answer is sent
   * as the handler gave it).
   */
  elicitation?: { applyDefaults?: boolean };
  /**
   * How many `input_required` rounds one request may go through on a
   * 2026-07-28 server (each elicitation, sampling or roots answer is a round)
   * before it fails. A game of tic-tac-toe needs more than the SDK's 10.
   * Default {@link DEFAULT_MAX_INPUT_ROUNDS}.
   */
  maxInputRounds?: number;
  /**
   * The roots (folders, repositories) this client shares with the server,
   * answered to `roots/list` when no roots handler is registered on the
   * router. Default none: an empty list. Change them with
   * {@link McpConnection.setRoots}.
   */
  roots?: Root[];
}

/** Options of {@link McpConnection.callTool}. */
export interface CallToolOptions {
  /** Aborting cancels the call on the server (`notifications/cancelled`, or closing the 2026 stream). */
  signal?: AbortSignal;
  /**
   * Progress notifications of this call, at most one per animation frame:
   * the latest (a server may send thousands a second). None after the call
   * settled.
   */
  onprogress?: (progress: Progress) => void;
  /** The model's tool_use id, handed to input handlers in `context.toolCall`. */
  toolUseId?: string;
  /**
   * The call runs as an MCP task: called when the server created it and at
   * each status it reports. Keep `taskId` to resume the call later
   * ({@link McpConnection.resumeTask}), e.g. after a reload of the page.
   */
  ontask?: (task: TaskInfo) => void;
  /** Overrides the connection's `callTimeoutMs` for this call. */
  timeoutMs?: number;
}

/** Default `maxInputRounds`: room for a whole game of tic-tac-toe and a few repeated questions. */
export const DEFAULT_MAX_INPUT_ROUNDS = 50;

const CLIENT_INFO: Implementation = { name: 'mcp-elements', version: '0.1.0' };
const MODERN_VERSION = '2026-07-28';

/** The SDK `Client` options for a connection: era, capabilities, input rounds. */
export function sdkClientOptions(config: McpConnectionConfig): { info: Implementation; options: ClientOptions } {
  const era = config.era ?? 'auto';
  return {
    info: config.clientInfo ?? CLIENT_INFO,
    options: {
      versionNegotiation: { mode: era === 'modern' ? { pin: MODERN_VERSION } : era },
      capabilities: {
        sampling: { tools: {} },
        elicitation: { form: config.elicitation?.applyDefaults ? { applyDefaults: true } : {}, url: {} },
        roots: { listChanged: true },
        // MCP Apps: SDK 2.4 carries this in `initialize` (2025) and in every request's `_meta` (2026).
        // Tasks (SEP-2663): a 2026 server may then answer a tool call with a task (see tasks.ts).
        extensions: { ...mcpAppsClientCapability(), [TASKS_EXTENSION]: {} },
      },
      inputRequired: { maxRounds: config.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS },
      // Loaded at the first call of a tool with an output schema (see output-validator.ts).
      jsonSchemaValidator: new LazyOutputValidator(),
    },
  };
}

/** A gateway answering the `server/discover` probe with 5xx: not evidence about the era. */
export function isServerErrorOnProbe(error: unknown): boolean {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.EraNegotiationFailed) return false;
  const status = error instanceof SdkHttpError ? error.status : (error.data as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status >= 500 : /HTTP 5\d\d/.test(error.message);
}
