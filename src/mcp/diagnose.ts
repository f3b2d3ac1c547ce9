import { McpConnectionError, McpErrorKind } from './errors.js';
import { hostOf } from './server-key.js';

/** The request headers an MCP client may send; each must pass the server's CORS preflight. */
export const MCP_REQUEST_HEADERS = ['content-type', 'mcp-protocol-version', 'mcp-session-id', 'mcp-method', 'mcp-name'] as const;

const PROBE_TIMEOUT_MS = 5000;

/** What a person can do about a server they do not run. */
export const PROXY_HINT =
  'If you do not run this server, put a CORS-adding proxy in front of it (mcp-elements docs/mcp.md, "A CORS proxy for servers you do not run").';

/**
 * Finds out what a bare network failure (`TypeError: Failed to fetch`) really
 * was. Outside a browser the error already says (ECONNREFUSED...), so this
 * returns `undefined`. In a browser it asks, with a few small requests:
 *
 * 1. a `no-cors` GET: if even that fails, nothing answers (unreachable);
 * 2. a simple CORS GET (no preflight): if it fails, the server answers but
 *    does not allow this page's origin (no `Access-Control-Allow-Origin`);
 * 3. one preflighted GET per request header the client sends: the ones that
 *    fail are missing from `Access-Control-Allow-Headers`; when every one
 *    fails, the preflight itself is refused (OPTIONS not answered with 2xx).
 *
 * `baseHeaders`: the MCP headers the failed request carried (default: all of
 * {@link MCP_REQUEST_HEADERS}); `extraHeaders`: the connection's own headers
 * and a call's `Mcp-Param-*` headers.
 *
 * The probes never carry credentials or a body.
 */
export async function diagnoseNetworkFailure(
  url: string,
  extraHeaders: readonly string[] = [],
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
  baseHeaders: readonly string[] = MCP_REQUEST_HEADERS,
): Promise<McpConnectionError | undefined> {
  if (typeof window === 'undefined' || typeof location === 'undefined') return undefined;
  let target: URL;
  try {
    target = new URL(url, location.href);
  } catch {
    return undefined;
  }
  if (target.origin === location.origin) return undefined;
  const host = target.host;
  const probe = async (init: RequestInit): Promise<boolean> => {
    try {
      const response = await fetchFn(target, { ...init, credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await response.body?.cancel().catch(() => {});
      return true;
    } catch {
      return false;
    }
  };
  if (!(await probe({ method: 'GET', mode: 'no-cors' }))) {
    return new McpConnectionError(
      McpErrorKind.Unreachable,
      `Cannot reach ${target.href}. Check that the server is running and the address is right.`,
      { url },
    );
  }
  if (!(await probe({ method: 'GET', mode: 'cors' }))) {
    return new McpConnectionError(
      McpErrorKind.Cors,
      `The server at ${host} answers, but its CORS policy does not allow this page (${location.origin}): ` +
        `it must send Access-Control-Allow-Origin and answer the OPTIONS preflight. ${PROXY_HINT}`,
      { url, missingHeader: 'Access-Control-Allow-Origin' },
    );
  }
  const names = [...new Set([...baseHeaders, ...extraHeaders.map((h) => h.toLowerCase())])];
  const refused: string[] = [];
  for (const name of names) {
    const value = name === 'content-type' ? 'application/json' : 'probe';
    if (!(await probe({ method: 'GET', mode: 'cors', headers: { [name]: value } }))) refused.push(name);
  }
  if (refused.length > 1 && refused.length === names.length) {
    // Every preflighted request fails, even with the one header every MCP POST needs:
    // the preflight itself is refused (OPTIONS answered 404/405, or without the allow headers).
    return new McpConnectionError(
      McpErrorKind.Cors,
      `The server at ${host} answers, but refuses the browser's CORS preflight: OPTIONS requests to ${target.href} ` +
        `must answer with a 2xx status and Access-Control-Allow-Origin, Access-Control-Allow-Methods (POST, GET, DELETE) ` +
        `and Access-Control-Allow-Headers (${names.join(', ')}). ${PROXY_HINT}`,
      { url, missingHeader: 'Access-Control-Allow-Headers' },
    );
  }
  if (refused.length > 0) {
    return new McpConnectionError(
      McpErrorKind.Cors,
      `The server at ${host} does not allow the request header${refused.length > 1 ? 's' : ''} ${refused.join(', ')} ` +
        `from this page (CORS): add ${refused.length > 1 ? 'them' : 'it'} to Access-Control-Allow-Headers. ${PROXY_HINT}`,
      { url, missingHeader: refused[0] },
    );
  }
  return new McpConnectionError(
    McpErrorKind.Cors,
    `The browser blocked the answer from ${host} (CORS) although the preflight passes: ` +
      `the server probably omits Access-Control-Allow-Origin on some responses (errors, event streams).`,
    { url, missingHeader: 'Access-Control-Allow-Origin' },
  );
}

/** The error for a server whose session id this page cannot read. */
export function hiddenSessionIdError(url: string, cause: unknown): McpConnectionError {
  return new McpConnectionError(
    McpErrorKind.Cors,
    `The server at ${hostOf(url)} started a session, but this page cannot read its Mcp-Session-Id header (CORS): ` +
      `the server must list Mcp-Session-Id in Access-Control-Expose-Headers.`,
    { url, missingHeader: 'Mcp-Session-Id', cause },
  );
}
