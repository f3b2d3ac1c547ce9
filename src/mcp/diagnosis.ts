/**
 * What went wrong with a server, as data: a kind and the values its sentence
 * needs. `McpConnectionError.diagnosis` carries it; the error's `message` is
 * `diagnosisInEnglish` of it, and `<mcp-chat>` says it through its
 * strings table (`diagnosis`), so a chat in another language says it in that
 * language. `host` is the server's host:port; absent when the address is not
 * a URL ("The server"). `detail`, `text`, `statusText` and `contentType` are
 * what the server or the SDK said, untranslated.
 *
 * Types and the sentences of the kinds classified in the first load; the
 * CORS sentences are in `diagnosis-cors.ts` (loaded with the probes), and
 * `diagnosisInEnglish` (`diagnosis-english.ts`) says any kind.
 */
export type McpDiagnosis =
  /** Nothing answers at `url` (`code`: the system's error code, when known). */
  | { kind: 'unreachable'; url: string; code?: string }
  /** The server answers but does not allow this page's origin (CORS). */
  | { kind: 'cors-origin'; host: string; origin: string }
  /** The server refuses the CORS preflight (OPTIONS) to `url`; `headers`: the request headers it must allow. */
  | { kind: 'cors-preflight'; host: string; url: string; headers: string[] }
  /** The server does not allow these request headers (CORS). */
  | { kind: 'cors-headers'; host: string; headers: string[] }
  /** The preflight passes but some answers lack Access-Control-Allow-Origin. */
  | { kind: 'cors-responses'; host: string }
  /** The page cannot read the server's Mcp-Session-Id header (not exposed). */
  | { kind: 'session-id-hidden'; host: string }
  /** The server needs a sign-in (`status` 401 when it said so with HTTP). */
  | { kind: 'sign-in'; host?: string; status?: 401 }
  /** The server denied access (HTTP 403). */
  | { kind: 'forbidden'; host?: string }
  /** Nothing MCP at `url` (HTTP 404 or 405 while connecting). */
  | { kind: 'no-endpoint'; url: string; status: number }
  /** The server answered with an HTTP error status. */
  | { kind: 'http-status'; host?: string; status: number; statusText?: string; text?: string }
  /** Something answered with content that is not JSON or an event stream (`checkAddress`: add the hint about the address). */
  | { kind: 'not-mcp-content'; host?: string; contentType: string; checkAddress?: boolean }
  /** The server's sign-in server (`authServer`: its host:port) answered a metadata request with what is not OAuth metadata (a web page, wrong JSON). */
  | { kind: 'sign-in-metadata'; host?: string; authServer: string }
  /** The server's sign-in server (`authServer`: its origin) answers, but its metadata has no CORS headers for this page. */
  | { kind: 'sign-in-metadata-blocked'; host?: string; authServer: string }
  /** Nothing answers at the server's sign-in server (`authServer`: its origin). */
  | { kind: 'sign-in-unreachable'; host?: string; authServer: string }
  /** Something answered with what is not MCP (`detail`: the parser's words). */
  | { kind: 'not-mcp'; host?: string; detail: string }
  /** No answer in time. */
  | { kind: 'timeout'; host?: string }
  /** The connection closed before the server answered. */
  | { kind: 'closed-before-answer'; host?: string }
  /** The connection was cut off. */
  | { kind: 'cut-off'; host?: string }
  /** The server sent an invalid answer. */
  | { kind: 'invalid-answer'; host?: string; detail: string }
  /** The server returned an error. */
  | { kind: 'server-error'; host?: string; detail: string }
  /** Any other failure, in the words of whoever reported it. */
  | { kind: 'other'; host?: string; detail: string }
  /** The request was stopped. */
  | { kind: 'stopped' };

/** One of the kinds of {@link McpDiagnosis}. */
export type McpDiagnosisKind = McpDiagnosis['kind'];

/** The CORS kinds: found by the probes of `diagnose.ts`, which load on a failure; their sentences are in `diagnosis-cors.ts`. */
export type CorsDiagnosis = Extract<
  McpDiagnosis,
  { kind: 'cors-origin' | 'cors-preflight' | 'cors-headers' | 'cors-responses' | 'session-id-hidden' }
>;
/** Every other kind (classified in `errors.ts`, in the first load). */
export type CoreDiagnosis = Exclude<McpDiagnosis, CorsDiagnosis>;

/** The English sentence of a diagnosis that is not about CORS (see {@link CoreDiagnosis}). */
export function coreSentence(d: CoreDiagnosis): string {
  const where = 'host' in d && d.host ? `The server at ${d.host}` : 'The server';
  switch (d.kind) {
    case 'unreachable':
      return `Cannot reach ${d.url}${d.code ? ` (${d.code})` : ''}. Check that the server is running and the address is right.`;
    case 'sign-in':
      return d.status === 401 ? `${where} needs you to sign in (HTTP 401).` : `${where} needs you to sign in.`;
    case 'forbidden':
      return `${where} denied access (HTTP 403). Sign in with an account that may use it.`;
    case 'no-endpoint':
      return `There is no MCP endpoint at ${d.url} (HTTP ${d.status}). Check the address; it often ends in /mcp.`;
    case 'http-status':
      return `${where} answered with HTTP ${d.status}${d.statusText ? ` ${d.statusText}` : ''}${d.text ? `: ${d.text}` : ''}.`;
    case 'not-mcp-content':
      return `${where} is not an MCP endpoint: it answered with content of type ${d.contentType} instead of JSON or an event stream.${d.checkAddress ? ' Check the address; it often ends in /mcp.' : ''}`;
    case 'sign-in-metadata':
      return `The sign-in server of ${d.host ?? 'the server'} (${d.authServer}) answered with something that is not valid sign-in metadata.`;
    case 'sign-in-metadata-blocked':
      return `The sign-in server ${d.authServer} does not let this page read its settings (its metadata has no CORS headers). Ask its owner to allow this site.`;
    case 'sign-in-unreachable':
      return `Cannot reach the sign-in server ${d.authServer}${d.host ? ` of ${d.host}` : ''}. Check that it is running and that this computer is online.`;
    case 'not-mcp':
      return `${where} sent something that is not MCP (${d.detail}).`;
    case 'timeout':
      return `${where} did not answer in time.`;
    case 'closed-before-answer':
      return `The connection to ${where.toLowerCase()} closed before it answered.`;
    case 'cut-off':
      return `The connection to ${where.toLowerCase()} was cut off.`;
    case 'invalid-answer':
      return `${where} sent an invalid answer: ${d.detail}`;
    case 'server-error':
      return `${where} returned an error: ${d.detail}`;
    case 'other':
      return `${where}: ${d.detail}`;
    case 'stopped':
      return 'The request was stopped.';
  }
}
