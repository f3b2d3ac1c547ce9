// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import type { Implementation } from '@modelcontextprotocol/client';
import { McpConnection } from './connection.js';
import { McpConnectionError, McpErrorKind } from './errors.js';
import type { McpDegradation } from './header-fallback.js';
import { hostOf } from './server-key.js';

/**
 * What a live probe found about a remote, as one badge a person reads before
 * connecting (see {@link probeServer}):
 * - `works`: the handshake succeeded from this page ("works here");
 * - `sign-in`: the server answered 401 with `WWW-Authenticate` (OAuth sign-in);
 * - `needs-key`: it answered 401/403 without a sign-in challenge while a
 *   header the entry requires was not given (an API key to type in);
 * - `blocked`: it answers, but its CORS policy keeps browsers out ("blocks
 *   browsers: needs a proxy");
 * - `unreachable`: nothing answered (or not in time);
 * - `not-mcp`: something answered that is not an MCP server.
 */
export const ProbeBadge = {
  Works: 'works',
  SignIn: 'sign-in',
  NeedsKey: 'needs-key',
  Blocked: 'blocked',
  Unreachable: 'unreachable',
  NotMcp: 'not-mcp',
} as const;
/** One of the {@link ProbeBadge} values. */
export type ProbeBadge = (typeof ProbeBadge)[keyof typeof ProbeBadge];

/** Options of {@link probeServer}. */
export interface ProbeOptions {
  /** Headers to send (an API key the person typed). Each must pass the server's CORS. */
  headers?: Record<string, string>;
  /** Names of headers the entry declares as required: a 401 without a challenge while one is missing is `needs-key`. */
  requiredHeaders?: readonly string[];
  /** Stops the probe; it then resolves with `unreachable` and `aborted: true`. */
  signal?: AbortSignal;
  /** Time allowed for the whole handshake (ms). Default 8000. */
  timeoutMs?: number;
  /** The `fetch` to use. */
  fetch?: typeof fetch;
}

/** What {@link probeServer} found. */
export interface ProbeResult {
  /** The server's endpoint, as probed. */
  url: string;
  badge: ProbeBadge;
  /** `'legacy'` (2025-11-25 and older) or `'modern'` (2026-07-28): which era answered, when the handshake succeeded. */
  era?: 'legacy' | 'modern';
  /** The negotiated protocol version, e.g. `2025-11-25`. */
  protocolVersion?: string;
  /** How the server introduced itself (untrusted text: show it as text). */
  serverInfo?: Implementation & { title?: string };
  /** It works only without some request headers its CORS refuses (which, and what that costs): see `McpConnection.degraded`. */
  degraded?: McpDegradation;
  /** The `WWW-Authenticate` challenge of a 401, when the server's CORS lets this page read it. */
  challenge?: string;
  /** Why it does not work, diagnosed (CORS, HTTP status, ...); its `message` is an English sentence. */
  error?: McpConnectionError;
  /** The probe was stopped by `signal` or ran out of time. */
  aborted?: boolean;
}

const DEFAULT_TIMEOUT_MS = 8000;

/**
 * Probes a remote MCP server from this page with a real handshake (the
 * project's {@link McpConnection}: era negotiation, then `tools/list`), and
 * closes it again. A failure is diagnosed the way a connection diagnoses it:
 * a bare network error is looked into with CORS probes (`diagnose.ts`: a
 * `no-cors` GET, a CORS GET, one preflight per request header), so "blocks
 * browsers" is told apart from "unreachable". A 401 is `sign-in` when it
 * carries a `WWW-Authenticate` challenge this page can read (the server's CORS
 * must expose it) or when no required header is missing; `needs-key` when a
 * header the entry requires was not given and the server set no challenge.
 *
 * Bounded: every request carries `signal` and the `timeoutMs` deadline, and
 * the promise settles once either fires. It never rejects.
 */
export async function probeServer(url: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  let challenge: string | undefined;
  const bounded: typeof fetch = async (input, init) => {
    const response = await base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
    if (response.status === 401) challenge = response.headers.get('www-authenticate') ?? challenge;
    return response;
  };
  const headers = options.headers ?? {};
  const connection = new McpConnection({ url, headers, fetch: bounded, reconnect: { maxAttempts: 0 } });
  const stopped = new Promise<'stopped'>((resolve) => {
    if (signal.aborted) resolve('stopped');
    signal.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  try {
    const outcome = await Promise.race([connection.connect().then(() => 'connected' as const), stopped]);
    if (outcome === 'connected') {
      return {
        url: connection.url,
        badge: ProbeBadge.Works,
        era: connection.getProtocolEra(),
        protocolVersion: connection.protocolVersion,
        serverInfo: connection.serverInfo,
        ...(connection.degraded ? { degraded: connection.degraded } : {}),
      };
    }
    return timedOut(connection.url);
  } catch (error) {
    if (signal.aborted) return timedOut(connection.url);
    const failure =
      error instanceof McpConnectionError ? error : new McpConnectionError(McpErrorKind.Protocol, String(error), { url, cause: error });
    const missing = (options.requiredHeaders ?? []).some(
      (name) => !Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase()),
    );
    return { url: connection.url, badge: badgeOf(failure, challenge, missing), error: failure, ...(challenge ? { challenge } : {}) };
  } finally {
    await connection.close().catch(() => {});
  }
}

/** The badge of a failed handshake. */
function badgeOf(error: McpConnectionError, challenge: string | undefined, missingRequired: boolean): ProbeBadge {
  switch (error.kind) {
    case McpErrorKind.AuthRequired:
      return !challenge && missingRequired ? ProbeBadge.NeedsKey : ProbeBadge.SignIn;
    case McpErrorKind.Cors:
      return ProbeBadge.Blocked;
    case McpErrorKind.Unreachable:
    case McpErrorKind.Timeout:
    case McpErrorKind.ConnectionLost:
    case McpErrorKind.Aborted:
    case McpErrorKind.Closed:
      return ProbeBadge.Unreachable;
    case McpErrorKind.Http:
      return missingRequired && (error.status === 400 || error.status === 403) ? ProbeBadge.NeedsKey : ProbeBadge.NotMcp;
    case McpErrorKind.NotMcp:
    case McpErrorKind.Protocol:
      return ProbeBadge.NotMcp;
    default: {
      const never: never = error.kind;
      return never;
    }
  }
}

function timedOut(url: string): ProbeResult {
  const error = new McpConnectionError(McpErrorKind.Timeout, `The server at ${hostOf(url)} did not answer in time.`, {
    url,
    diagnosis: { kind: 'timeout', host: hostOf(url) },
  });
  return { url, badge: ProbeBadge.Unreachable, error, aborted: true };
}
