/**
 * What went wrong talking to a model provider. Compare `kind` (never the
 * class name, which minifiers rename):
 *
 * - `auth`: 401/403, the key is missing, wrong, or lacks permission.
 * - `not-found`: 404, usually an unknown model or a wrong base URL.
 * - `rate-limit`: 429 (or Anthropic's 529 overload) still failing after the bounded retries; `retryAfter` in seconds when the provider said.
 * - `bad-request`: 400/413/422, the provider refused the request as given.
 * - `server`: 5xx, the provider failed.
 * - `network`: no HTTP answer at all: offline, wrong host, or (in a browser) a CORS refusal, which looks the same.
 * - `malformed-stream`: the answer was not the provider's documented format.
 * - `stream-cut`: the streamed answer stopped before its end marker.
 * - `invalid-output`: the model's output could not be used (tool arguments or structured output that is not valid JSON or does not match the schema).
 * - `aborted`: the caller's AbortSignal fired.
 */
export const ProviderErrorKind = {
  Auth: 'auth',
  NotFound: 'not-found',
  RateLimit: 'rate-limit',
  BadRequest: 'bad-request',
  Server: 'server',
  Network: 'network',
  MalformedStream: 'malformed-stream',
  StreamCut: 'stream-cut',
  InvalidOutput: 'invalid-output',
  Aborted: 'aborted',
} as const;
/** One of {@link ProviderErrorKind}. */
export type ProviderErrorKind = (typeof ProviderErrorKind)[keyof typeof ProviderErrorKind];

/** Details carried by a {@link ProviderError}. */
export interface ProviderErrorInit {
  /** The provider's id (`'openai'`, `'anthropic'`, ...). */
  provider: string;
  /** HTTP status, when there was an HTTP answer. */
  status?: number;
  /** Seconds the provider asked to wait (Retry-After), for `rate-limit`. */
  retryAfter?: number;
  /** The provider's own error type or code, e.g. `'invalid_api_key'`, `'overloaded_error'`. */
  code?: string;
  cause?: unknown;
}

/** The one error type providers reject with; `message` is written for a person. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly provider: string;
  readonly status?: number;
  readonly retryAfter?: number;
  readonly code?: string;

  constructor(kind: ProviderErrorKind, message: string, init: ProviderErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = kind;
    this.provider = init.provider;
    this.status = init.status;
    this.retryAfter = init.retryAfter;
    this.code = init.code;
  }
}

/** True for a {@link ProviderError} (of the given kind, if one is named). */
export function isProviderError(error: unknown, kind?: ProviderErrorKind): error is ProviderError {
  return error instanceof ProviderError && (kind === undefined || error.kind === kind);
}

/** The error kind an HTTP status means. */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 429 || status === 529) return 'rate-limit';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/**
 * A message a person can act on, for an HTTP failure. `detail` is the
 * provider's own message (shown after ours, since it is often the most precise).
 */
export function messageForStatus(label: string, status: number, detail: string | undefined, model?: string): string {
  const tail = detail ? ` (${label} said: ${detail})` : '';
  switch (kindForStatus(status)) {
    case 'auth':
      return status === 403
        ? `${label} refused the API key: it lacks permission for this request. Check the key's project, organisation or workspace.${tail}`
        : `${label} did not accept the API key. Check that the key is set and correct.${tail}`;
    case 'not-found':
      return model
        ? `${label} does not know the model "${model}", or the base URL is wrong. Pick a model from the provider's list.${tail}`
        : `${label} answered 404 Not Found: check the base URL.${tail}`;
    case 'rate-limit':
      return `${label} is rate limiting or overloaded (HTTP ${status}). Wait a moment and try again.${tail}`;
    case 'server':
      return `${label} failed with HTTP ${status}. This is on the provider's side; try again later.${tail}`;
    default:
      return `${label} refused the request (HTTP ${status}).${tail}`;
  }
}
