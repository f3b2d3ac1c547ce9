/**
 * What a session trace keeps of headers and bodies, and what it never keeps.
 * A trace is a file a person hands to someone else: everything in here errs
 * on the side of leaving a value out. See docs/trace.md.
 */

/** What replaces a value the trace does not keep. */
export const REDACTED = '[redacted]';

/** Request and response headers a trace records (lower case); every other header is left out, by name. */
const KEPT_HEADERS = new Set([
  'content-type',
  'accept',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'last-event-id',
  'www-authenticate',
  'retry-after',
]);

/** Object keys whose values are credentials wherever they appear (OAuth bodies, provider configs, tool arguments). */
const SECRET_KEYS =
  /^(access[_-]?token|refresh[_-]?token|id[_-]?token|client[_-]?secret|code[_-]?verifier|password|passwd|secret|api[_-]?key|apikey|x-api-key|authorization|proxy-authorization|cookie|set-cookie|token|bearer|private[_-]?key)$/i;

/** Header or parameter names that say "secret". */
const SECRET_NAME = /token|secret|key|pass|auth|credential|cookie|session-token|signature/i;

/**
 * Whether a value looks like a credential even under an innocent name: a long
 * run of token characters with letters and digits mixed (API keys, JWTs,
 * bearer tokens), or one with a well-known key prefix.
 */
export function looksSecret(value: string): boolean {
  if (/^(sk|pk|rk|ghp|gho|ghu|ghs|xox[abpr]|AKIA|AIza|eyJ)[-_A-Za-z0-9]{8,}/.test(value)) return true;
  return value.length >= 24 && /^[A-Za-z0-9._~+/=-]+$/.test(value) && /[A-Za-z]/.test(value) && /[0-9]/.test(value);
}

/** The Mcp-Session-Id as a trace keeps it: its first 8 characters, enough to find the session in the server's logs. */
function shortSession(value: string): string {
  return value.length > 8 ? `${value.slice(0, 8)}…` : value;
}

/**
 * The headers a trace records: the MCP ones and content negotiation, never
 * `Authorization`, cookies or a page's custom headers (API keys). `Mcp-Param-*`
 * values are kept unless their name or value looks secret or the server
 * entry declared the header secret (`secretNames`, lower case).
 */
export function traceHeaders(headers: Headers, secretNames: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (secretNames.has(lower)) return;
    if (lower.startsWith('mcp-param-')) {
      out[lower] = SECRET_NAME.test(lower.slice(10)) || looksSecret(value) ? REDACTED : value;
    } else if (KEPT_HEADERS.has(lower)) {
      out[lower] = lower === 'mcp-session-id' ? shortSession(value) : value;
    }
  });
  return out;
}

/**
 * A deep copy of JSON data with the values of credential-named keys replaced,
 * and very long strings shortened to `maxString` characters (a base64 image
 * would otherwise push everything else out of a bounded trace).
 */
export function redactJson(value: unknown, maxString = 20_000, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > maxString ? `${value.slice(0, maxString)}… [${value.length - maxString} more characters]` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 40) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => redactJson(v, maxString, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.test(key) && v !== null && v !== undefined && v !== '' ? REDACTED : redactJson(v, maxString, depth + 1);
  }
  return out;
}

/** The last addresses {@link traceUrl} was given, with its answer: a connection sends every request to one endpoint. */
const tracedUrls = new Map<string, string>();
const TRACED_URLS = 64;

/** A URL as a trace keeps it: no user info, no fragment, query values dropped (they may carry keys). */
export function traceUrl(url: string): string {
  let traced = tracedUrls.get(url);
  if (traced === undefined) {
    if (tracedUrls.size >= TRACED_URLS) tracedUrls.clear();
    tracedUrls.set(url, (traced = redactUrl(url)));
  }
  return traced;
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.hash = '';
    for (const key of [...new Set(u.searchParams.keys())]) u.searchParams.set(key, REDACTED);
    return u.href.replace(/%5Bredacted%5D/g, REDACTED);
  } catch {
    return REDACTED;
  }
}

/** Replaces every occurrence of each secret in `text` (secrets shorter than 6 characters are ignored: too common to be safe to replace). */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 6) continue;
    // Also as it appears inside a JSON string (quotes, backslashes escaped).
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1)])) out = out.split(form).join(REDACTED);
  }
  return out;
}
