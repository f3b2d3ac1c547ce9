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
import { SignInMetadataUnreadableError } from './sign-in-metadata.js';
import { coreSentence, type CoreDiagnosis, type McpDiagnosis } from './diagnosis.js';

/** What kind of failure a {@link McpConnectionError} is. */
export const McpErrorKind = {
  /** The browser blocked the exchange (CORS); `missingHeader` names what the server must add when known. */
  Cors: 'cors',
  /** Nothing answers at that address (refused, DNS, offline). */
  Unreachable: 'unreachable',
  /** The server answered with an HTTP error status (`status`). */
  Http: 'http',
  /** Something answered, but it is not an MCP endpoint (or the server's sign-in server answered with what is not OAuth metadata). */
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
  /** What went wrong as data (kind and values), for saying it in another language; the message is its English sentence. */
  diagnosis?: McpDiagnosis;
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
  /**
   * What went wrong as data, when the connection layer diagnosed it (see
   * `McpDiagnosis`): `message` is its English sentence; `<mcp-chat>` says it
   * in the chat's language.
   */
  readonly diagnosis?: McpDiagnosis;

  constructor(kind: McpErrorKind, message: string, details: McpConnectionErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'McpConnectionError';
    this.kind = kind;
    this.url = details.url;
    this.status = details.status;
    this.missingHeader = details.missingHeader;
    this.code = details.code;
    this.diagnosis = details.diagnosis;
  }
}

/** A {@link McpConnectionError} whose message is the English sentence of `diagnosis` (CORS diagnoses: `diagnose.ts`). */
export function diagnosedError(
  kind: McpErrorKind,
  diagnosis: CoreDiagnosis,
  details: Omit<McpConnectionErrorDetails, 'diagnosis'> = {},
): McpConnectionError {
  return new McpConnectionError(kind, coreSentence(diagnosis), { ...details, diagnosis });
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
  const host = hostIn(url);
  const details = { url, cause: error };
  if (error instanceof UnauthorizedError || error instanceof InsufficientScopeError) {
    return diagnosedError(McpErrorKind.AuthRequired, { kind: 'sign-in', host }, details);
  }
  if (error instanceof SdkHttpError) {
    const status = error.status;
    if (status === 401) return diagnosedError(McpErrorKind.AuthRequired, { kind: 'sign-in', host, status: 401 }, { ...details, status });
    if (status === 403) return diagnosedError(McpErrorKind.AuthRequired, { kind: 'forbidden', host }, { ...details, status });
    if (phase === 'connect' && (status === 404 || status === 405)) {
      return diagnosedError(McpErrorKind.NotMcp, { kind: 'no-endpoint', url, status }, { ...details, status });
    }
    const text = httpText(error);
    return diagnosedError(
      McpErrorKind.Http,
      { kind: 'http-status', host, status, ...(error.statusText ? { statusText: error.statusText } : {}), ...(text ? { text } : {}) },
      { ...details, status },
    );
  }
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.ClientHttpUnexpectedContent:
        return diagnosedError(McpErrorKind.NotMcp, { kind: 'not-mcp-content', host, contentType: contentTypeOf(error) }, details);
      case SdkErrorCode.RequestTimeout:
        return diagnosedError(McpErrorKind.Timeout, { kind: 'timeout', host }, details);
      case SdkErrorCode.ConnectionClosed:
        return diagnosedError(McpErrorKind.ConnectionLost, { kind: 'closed-before-answer', host }, details);
      case SdkErrorCode.InvalidResult:
        return diagnosedError(McpErrorKind.Protocol, { kind: 'invalid-answer', host, detail: error.message }, details);
      default:
        break;
    }
    const network = findNetworkError(error);
    if (network) return networkError(network, url);
    // In 'auto' mode the server/discover probe wraps an unexpected reply (a web
    // page at the address, say) in its own error; only the text keeps the type.
    const unexpected = /Unexpected content type:\s*([^\s);]+)/i.exec(error.message);
    if (unexpected) {
      return diagnosedError(
        McpErrorKind.NotMcp,
        { kind: 'not-mcp-content', host, contentType: unexpected[1]!, checkAddress: true },
        details,
      );
    }
    return diagnosedError(
      phase === 'connect' ? McpErrorKind.NotMcp : McpErrorKind.Protocol,
      { kind: 'other', host, detail: error.message },
      details,
    );
  }
  if (error instanceof ProtocolError) {
    return diagnosedError(McpErrorKind.Protocol, { kind: 'server-error', host, detail: error.message }, { ...details, code: error.code });
  }
  if (isAbort(error)) return diagnosedError(McpErrorKind.Aborted, { kind: 'stopped' }, details);
  const network = findNetworkError(error);
  if (network) return networkError(network, url);
  if (error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError')) {
    return diagnosedError(McpErrorKind.NotMcp, { kind: 'not-mcp', host, detail: error.message.slice(0, 200) }, details);
  }
  const message = error instanceof Error ? error.message : String(error);
  return diagnosedError(McpErrorKind.Protocol, { kind: 'other', host, detail: message }, details);
}

/**
 * The error for a sign-in server whose metadata could not be read: the
 * sign-in flow stopped at a guessed endpoint because no metadata request got
 * an answer (`SignInMetadataUnreadableError`: no CORS headers, or nothing
 * answers), or `error` is a JSON or schema parse failure and the last request
 * (`tap.metadataUrl`) asked for OAuth metadata. `undefined` for anything else. The message names
 * both servers and leaves out the parser's words (a web page's text, the
 * validator's JSON), which are in `cause`.
 */
export function signInMetadataError(error: unknown, url: string, tap: { metadataUrl?: string }): McpConnectionError | undefined {
  const unreadable = findCause(error, (e): e is SignInMetadataUnreadableError => e instanceof SignInMetadataUnreadableError);
  if (unreadable) {
    const host = hostIn(url);
    const at = { ...(host ? { host } : {}), authServer: unreadable.authServer };
    return unreadable.reachable
      ? diagnosedError(
          McpErrorKind.Cors,
          { kind: 'sign-in-metadata-blocked', ...at },
          { url, cause: error, missingHeader: 'Access-Control-Allow-Origin' },
        )
      : diagnosedError(McpErrorKind.Unreachable, { kind: 'sign-in-unreachable', ...at }, { url, cause: error });
  }
  if (!tap.metadataUrl || !findCause(error, (e): e is Error => e instanceof SyntaxError || (e instanceof Error && e.name === 'ZodError')))
    return undefined;
  const host = hostIn(url);
  return diagnosedError(
    McpErrorKind.NotMcp,
    { kind: 'sign-in-metadata', ...(host ? { host } : {}), authServer: hostOf(tap.metadataUrl) },
    { url, cause: error },
  );
}

/** Whether the error is (or wraps) a network-level failure: fetch rejected, stream cut. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof McpConnectionError)
    return error.kind === McpErrorKind.Unreachable || error.kind === McpErrorKind.ConnectionLost || error.kind === McpErrorKind.Cors;
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
    return diagnosedError(McpErrorKind.ConnectionLost, { kind: 'cut-off', host: hostIn(url) }, { url, cause: error });
  }
  return diagnosedError(McpErrorKind.Unreachable, { kind: 'unreachable', url, ...(code ? { code } : {}) }, { url, cause: error });
}

function findNetworkError(error: unknown): Error | undefined {
  return findCause(
    error,
    (e): e is Error =>
      e instanceof TypeError &&
      /fetch|network|terminated|load failed|socket|ECONN/i.test(`${e.message} ${String((e.cause as { code?: string })?.code ?? '')}`),
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

/** The host:port of `url`, or undefined when it is not a URL (the sentence then says "The server"). */
function hostIn(url: string): string | undefined {
  const host = hostOf(url);
  return host === url ? undefined : host;
}

function httpText(error: SdkHttpError): string {
  const text = (error.data as { text?: unknown }).text;
  if (typeof text !== 'string') return '';
  // Servers put HTML error pages here; keep a short plain excerpt only.
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

function contentTypeOf(error: SdkError): string {
  const type = (error.data as { contentType?: unknown } | undefined)?.contentType;
  return typeof type === 'string' && type ? type : 'unknown';
}
