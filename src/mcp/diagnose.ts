import { diagnosedError, McpConnectionError, McpErrorKind, type McpConnectionErrorDetails } from './errors.js';
import { hostOf } from './server-key.js';
import type { CorsDiagnosis } from './diagnosis.js';
import { corsSentence, PROXY_HINT } from './diagnosis-cors.js';

export { PROXY_HINT };

/** A CORS {@link McpConnectionError}: its message is the English sentence of `diagnosis`. */
function corsError(diagnosis: CorsDiagnosis, details: Omit<McpConnectionErrorDetails, 'diagnosis'>): McpConnectionError {
  return new McpConnectionError(McpErrorKind.Cors, corsSentence(diagnosis), { ...details, diagnosis });
}

/** The request headers an MCP client may send; each must pass the server's CORS preflight. */
export const MCP_REQUEST_HEADERS = ['content-type', 'mcp-protocol-version', 'mcp-session-id', 'mcp-method', 'mcp-name'] as const;

const PROBE_TIMEOUT_MS = 5000;

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
  const prober = crossOriginProber(url, fetchFn);
  if (!prober) return undefined;
  const { target, host, probe } = prober;
  if (!(await probe({ method: 'GET', mode: 'no-cors' }))) {
    return diagnosedError(McpErrorKind.Unreachable, { kind: 'unreachable', url: target.href }, { url });
  }
  if (!(await probe({ method: 'GET', mode: 'cors' }))) {
    return corsError({ kind: 'cors-origin', host, origin: location.origin }, { url, missingHeader: 'Access-Control-Allow-Origin' });
  }
  const names = [...new Set([...baseHeaders, ...extraHeaders.map((h) => h.toLowerCase())])];
  const refused = await refusedAmong(probe, names);
  if (refused.length > 1 && refused.length === names.length) {
    // Every preflighted request fails, even with the one header every MCP POST needs:
    // the preflight itself is refused (OPTIONS answered 404/405, or without the allow headers).
    return corsError(
      { kind: 'cors-preflight', host, url: target.href, headers: names },
      { url, missingHeader: 'Access-Control-Allow-Headers' },
    );
  }
  if (refused.length > 0) {
    return corsError({ kind: 'cors-headers', host, headers: refused }, { url, missingHeader: refused[0] });
  }
  return corsError({ kind: 'cors-responses', host }, { url, missingHeader: 'Access-Control-Allow-Origin' });
}

/** A probe per header: the names whose preflighted request fails. */
async function refusedAmong(probe: (init: RequestInit) => Promise<boolean>, names: readonly string[]): Promise<string[]> {
  const refused: string[] = [];
  for (const name of names) {
    const value = name === 'content-type' ? 'application/json' : name === 'mcp-protocol-version' ? '2025-11-25' : 'probe';
    if (!(await probe({ method: 'GET', mode: 'cors', headers: { [name]: value } }))) refused.push(name);
  }
  return refused;
}

/** The probe requests of {@link diagnoseNetworkFailure}, for a cross-origin `url` in a browser; else undefined. */
function crossOriginProber(
  url: string,
  fetchFn: typeof fetch,
): { target: URL; host: string; probe: (init: RequestInit) => Promise<boolean> } | undefined {
  if (typeof window === 'undefined' || typeof location === 'undefined') return undefined;
  let target: URL;
  try {
    target = new URL(url, location.href);
  } catch {
    return undefined;
  }
  if (target.origin === location.origin) return undefined;
  const probe = async (init: RequestInit): Promise<boolean> => {
    try {
      const response = await fetchFn(target, {
        ...init,
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => {});
      return true;
    } catch {
      return false;
    }
  };
  return { target, host: target.host, probe };
}

/**
 * Which of `names` (request headers, lower case) the server's CORS refuses,
 * for a page in a browser talking to another origin. `undefined` when that
 * cannot be told or does not apply: outside a browser, same origin, the
 * server does not answer, or its CORS refuses this page altogether (then no
 * header can be dropped to get through). Also `undefined` when the request
 * every MCP POST needs (`Content-Type: application/json`) is refused.
 */
export async function refusedRequestHeaders(
  url: string,
  names: readonly string[],
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<string[] | undefined> {
  const prober = crossOriginProber(url, fetchFn);
  if (!prober) return undefined;
  const { probe } = prober;
  if (!(await probe({ method: 'GET', mode: 'no-cors' })) || !(await probe({ method: 'GET', mode: 'cors' }))) return undefined;
  if ((await refusedAmong(probe, ['content-type'])).length > 0) return undefined;
  return refusedAmong(probe, [...new Set(names.map((n) => n.toLowerCase()))]);
}

/** The error for a server whose session id this page cannot read. */
export function hiddenSessionIdError(url: string, cause: unknown): McpConnectionError {
  return corsError({ kind: 'session-id-hidden', host: hostOf(url) }, { url, missingHeader: 'Mcp-Session-Id', cause });
}
