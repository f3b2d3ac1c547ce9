// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import {
  InsufficientScopeError,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { hostOf } from './server-key.js';

/** What kind of failure a {@link McpConnectionError} is. */
export const McpErrorKind = {
  /** The browser blocked the exchange (CORS); `missingHeader` names what the server must add when known. */
  Cors: 'cors',
  /** Nothing answers at that address (refused, DNS, offline). */
  Unreachable: 'unreachable',
  /** The server answered with an HTTP error status (`status`). */
  Http: 'http',
  /** Something answered, but it is not an MCP endpoint. */
  NotMcp: 'not-mcp',
  /** The server speaks MCP but answered with an error or an invalid message. */
  Protocol: 'protocol',
  /** The server needs sign-in (401/403, OAuth). */
  AuthRequired: 'auth-required',
  /** No answer in time. */
  Timeout: 'timeout',
  /** The connection dropped while a request was under way. */
  ConnectionLost: 'connection-lost',
  /** The connection was closed by this page. */
  Closed: 'closed',
  /** The caller (or the person) stopped the request. */
  Aborted: 'aborted',
} as const;
/** One of {@link McpErrorKind}. */
export type McpErrorKind = (typeof McpErrorKind)[keyof typeof McpErrorKind];

/** Details of a {@link McpConnectionError}. */
export interface McpConnectionErrorDetails {
  url?: string;
  status?: number;
  /** CORS: the header the server must allow or expose, e.g. `Mcp-Session-Id`. */
  missingHeader?: string;
  /** JSON-RPC error code, for protocol errors. */
  code?: number;
  cause?: unknown;
}

/**
 * A failure of an MCP connection or request, classified so a person can act
 * on it: `message` is written for people ("The server at … does not allow
 * this page's origin (CORS)…"), `kind` is for code. Compare with `.kind`.
 */
export class McpConnectionError extends Error {
  readonly kind: McpErrorKind;
  readonly url?: string;
  readonly status?: number;
  readonly missingHeader?: string;
  readonly code?: number;

  constructor(kind: McpErrorKind, message: string, details: McpConnectionErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'McpConnectionError';
    this.kind = kind;
    this.url = details.url;
    this.status = details.status;
    this.missingHeader = details.missingHeader;
    this.code = details.code;
  }
}

/** Where the error happened: while connecting (handshake) or on a later request. */
export type ErrorPhase = 'connect' | 'request';

/**
 * Classifies any error thrown by the SDK, `fetch` or this layer. A bare
 * network `TypeError` becomes `unreachable` here; in a browser, where CORS
 * failures look the same, {@link diagnoseNetworkFailure} refines it.
 */
export function classifyError(error: unknown, url: string, phase: ErrorPhase = 'request'): McpConnectionError {
  if (error instanceof McpConnectionError) return error;
  const where = theServerAt(url);
  const details = { url, cause: error };
  if (error instanceof UnauthorizedError || error instanceof InsufficientScopeError) {
    return new McpConnectionError(McpErrorKind.AuthRequired, `${where} needs you to sign in.`, details);
  }
  if (error instanceof SdkHttpError) {
    const status = error.status;
    if (status === 401) return new McpConnectionError(McpErrorKind.AuthRequired, `${where} needs you to sign in (HTTP 401).`, { ...details, status });
    if (status === 403) return new McpConnectionError(McpErrorKind.AuthRequired, `${where} denied access (HTTP 403). Sign in with an account that may use it.`, { ...details, status });
    if (phase === 'connect' && (status === 404 || status === 405)) {
      return new McpConnectionError(McpErrorKind.NotMcp, `There is no MCP endpoint at ${url} (HTTP ${status}). Check the address; it often ends in /mcp.`, { ...details, status });
    }
    const text = httpText(error);
    return new McpConnectionError(
      McpErrorKind.Http,
      `${where} answered with HTTP ${status}${error.statusText ? ` ${error.statusText}` : ''}${text ? `: ${text}` : ''}.`,
      { ...details, status },
    );
  }
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.ClientHttpUnexpectedContent:
        return new McpConnectionError(McpErrorKind.NotMcp, `${where} is not an MCP endpoint: it answered with content of type ${contentTypeOf(error)} instead of JSON or an event stream.`, details);
      case SdkErrorCode.RequestTimeout:
        return new McpConnectionError(McpErrorKind.Timeout, `${where} did not answer in time.`, details);
      case SdkErrorCode.ConnectionClosed:
        return new McpConnectionError(McpErrorKind.ConnectionLost, `The connection to ${where.toLowerCase()} closed before it answered.`, details);
      case SdkErrorCode.InvalidResult:
        return new McpConnectionError(McpErrorKind.Protocol, `${where} sent an invalid answer: ${error.message}`, details);
      default:
        break;
    }
    const network = findNetworkError(error);
    if (network) return networkError(network, url);
    // In 'auto' mode the server/discover probe wraps an unexpected reply (a web
    // page at the address, say) in its own error; only the text keeps the type.
    const unexpected = /Unexpected content type:\s*([^\s);]+)/i.exec(error.message);
    if (unexpected) {
      return new McpConnectionError(
        McpErrorKind.NotMcp,
        `${where} is not an MCP endpoint: it answered with content of type ${unexpected[1]} instead of JSON or an event stream. Check the address; it often ends in /mcp.`,
        details,
      );
    }
    return new McpConnectionError(phase === 'connect' ? McpErrorKind.NotMcp : McpErrorKind.Protocol, `${where}: ${error.message}`, details);
  }
  if (error instanceof ProtocolError) {
    return new McpConnectionError(McpErrorKind.Protocol, `${where} returned an error: ${error.message}`, { ...details, code: error.code });
  }
  if (isAbort(error)) return new McpConnectionError(McpErrorKind.Aborted, 'The request was stopped.', details);
  const network = findNetworkError(error);
  if (network) return networkError(network, url);
  if (error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError')) {
    return new McpConnectionError(McpErrorKind.NotMcp, `${where} sent something that is not MCP (${error.message.slice(0, 200)}).`, details);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new McpConnectionError(McpErrorKind.Protocol, `${where}: ${message}`, details);
}

/** Whether the error is (or wraps) a network-level failure: fetch rejected, stream cut. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof McpConnectionError) return error.kind === McpErrorKind.Unreachable || error.kind === McpErrorKind.ConnectionLost || error.kind === McpErrorKind.Cors;
  return findNetworkError(error) !== undefined;
}

/** Whether a 2025 session is gone: 404, or the 400 "no valid session" some servers send. */
export function isSessionExpired(error: unknown): boolean {
  const http = findCause(error, (e): e is SdkHttpError => e instanceof SdkHttpError);
  if (!http) return false;
  if (http.status === 404) return true;
  return http.status === 400 && /session/i.test(`${httpText(http)} ${http.message}`);
}

function networkError(error: Error, url: string): McpConnectionError {
  const code = (error.cause as { code?: string } | undefined)?.code;
  if (/terminated|other side closed|ECONNRESET|socket/i.test(`${error.message} ${code ?? ''}`)) {
    return new McpConnectionError(McpErrorKind.ConnectionLost, `The connection to ${theServerAt(url).toLowerCase()} was cut off.`, { url, cause: error });
  }
  return new McpConnectionError(
    McpErrorKind.Unreachable,
    `Cannot reach ${url}${code ? ` (${code})` : ''}. Check that the server is running and the address is right.`,
    { url, cause: error },
  );
}

function findNetworkError(error: unknown): Error | undefined {
  return findCause(
    error,
    (e): e is Error =>
      e instanceof TypeError && /fetch|network|terminated|load failed|socket|ECONN/i.test(`${e.message} ${String((e.cause as { code?: string })?.code ?? '')}`),
  );
}

function findCause<T>(error: unknown, test: (e: unknown) => e is T): T | undefined {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (test(e)) return e;
  }
  return undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** "The server at host:port", or "The server" when `url` is not a URL. */
function theServerAt(url: string): string {
  const host = hostOf(url);
  return host === url ? 'The server' : `The server at ${host}`;
}

function httpText(error: SdkHttpError): string {
  const text = (error.data as { text?: unknown }).text;
  if (typeof text !== 'string') return '';
  // Servers put HTML error pages here; keep a short plain excerpt only.
  return text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
}

function contentTypeOf(error: SdkError): string {
  const type = (error.data as { contentType?: unknown } | undefined)?.contentType;
  return typeof type === 'string' && type ? type : 'unknown';
}
