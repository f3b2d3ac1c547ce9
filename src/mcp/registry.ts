import { OFFICIAL_REGISTRY } from './registry-address.js';
import { readEntry, type RegistryEntry } from './registry-entry.js';

export type { RegistryEntry, RegistryHeader, RegistryIcon, RegistryRemote } from './registry-entry.js';

export { OFFICIAL_REGISTRY } from './registry-address.js';

/** Options of {@link searchRegistry}. */
export interface RegistrySearchOptions {
  /** The registry's base address; default {@link OFFICIAL_REGISTRY}. */
  registry?: string;
  /** Words to look for (the registry matches a substring of the server's name). Empty: every server. */
  search?: string;
  /** How many entries per page (the registry may return fewer). Default 20. */
  limit?: number;
  /** The `nextCursor` of the page before, to read the next page. */
  cursor?: string;
  signal?: AbortSignal;
  /** Time allowed (ms). Default 10000. */
  timeoutMs?: number;
  /** The `fetch` to use. */
  fetch?: typeof fetch;
}

/** One page of search results. */
export interface RegistryPage {
  /** Valid, not deleted entries, in the registry's order (including those with no remote a browser can use). */
  entries: RegistryEntry[];
  /** The cursor of the next page; absent on the last page. */
  nextCursor?: string;
  /** How many entries of this page were left out as malformed or deleted. */
  skipped: number;
  /** How many entries the registry sent past the `limit` asked for: not read, not returned. */
  overLimit: number;
}

/**
 * Why a registry search failed: `unreachable` (offline, blocked by CORS, or no
 * answer in time), `http` (an error status), `invalid` (not an http(s)
 * registry address, or an answer that is not a server list), `aborted`.
 */
export const RegistryErrorKind = { Unreachable: 'unreachable', Http: 'http', Invalid: 'invalid', Aborted: 'aborted' } as const;
/** One of the {@link RegistryErrorKind} values. */
export type RegistryErrorKind = (typeof RegistryErrorKind)[keyof typeof RegistryErrorKind];

/** Why a registry search failed: `kind` for code, `message` for people. */
export class RegistryError extends Error {
  readonly kind: RegistryErrorKind;
  /** The HTTP status, for `http`. */
  readonly status?: number;
  constructor(kind: RegistryErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RegistryError';
    this.kind = kind;
    this.status = options.status;
  }
}

const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/**
 * Searches an MCP Registry: `GET {registry}/v0.1/servers?search=…&version=latest&limit=…&cursor=…`
 * (the registry's documented API, `docs/reference/api/openapi.yaml` of
 * modelcontextprotocol/registry), one page per call; pass the page's
 * `nextCursor` to read the next. Entries are untrusted: each is checked
 * ({@link RegistryEntry}), a malformed or deleted one is skipped and counted.
 * Rejects with a {@link RegistryError}.
 */
export async function searchRegistry(options: RegistrySearchOptions = {}): Promise<RegistryPage> {
  const base = (options.registry ?? OFFICIAL_REGISTRY).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base}/v0.1/servers`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
  } catch (cause) {
    throw new RegistryError('invalid', `The registry address ${base} is not an http(s) address.`, { cause });
  }
  const search = options.search?.trim();
  if (search) url.searchParams.set('search', search);
  url.searchParams.set('version', 'latest');
  url.searchParams.set('limit', String(options.limit ?? 20));
  if (options.cursor) url.searchParams.set('cursor', options.cursor);
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const host = url.host;
  let body: unknown;
  try {
    const response = await fetchFn(url, { credentials: 'omit', headers: { accept: 'application/json' }, signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new RegistryError('http', `The registry at ${host} answered with HTTP ${response.status}.`, { status: response.status });
    }
    const text = await readCapped(response, MAX_RESPONSE_BYTES);
    if (text === undefined) throw new RegistryError('invalid', `The registry at ${host} sent more than 4 MB for one page.`);
    body = JSON.parse(text);
  } catch (error) {
    if (error instanceof RegistryError) throw error;
    if (options.signal?.aborted) throw new RegistryError('aborted', 'The search was stopped.', { cause: error });
    if (deadline.aborted) throw new RegistryError('unreachable', `The registry at ${host} did not answer in time.`, { cause: error });
    if (error instanceof SyntaxError)
      throw new RegistryError('invalid', `The registry at ${host} did not answer with JSON.`, { cause: error });
    throw new RegistryError('unreachable', `Cannot reach the registry at ${host} (offline, or its CORS does not allow this page).`, {
      cause: error,
    });
  }
  const list = (body as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(list)) throw new RegistryError('invalid', `The registry at ${host} did not answer with a list of servers.`);
  const entries: RegistryEntry[] = [];
  let skipped = 0;
  // A registry may send more than asked: only the page asked for is read (issue 36 item 2: 10,000 for 20).
  const limit = Math.max(1, options.limit ?? 20);
  const overLimit = Math.max(0, list.length - limit);
  for (const item of list.slice(0, limit)) {
    const entry = readEntry(item);
    if (entry) entries.push(entry);
    else skipped++;
  }
  const next = (body as { metadata?: { nextCursor?: unknown } }).metadata?.nextCursor;
  return { entries, skipped, overLimit, ...(typeof next === 'string' && next && next !== options.cursor ? { nextCursor: next } : {}) };
}

/**
 * The body of `response` as text, read as it comes; undefined (and the rest
 * not read: the answer is cancelled) once it passes `max` bytes, so an answer
 * that is too big or never ends is refused at once, not after it was all read.
 */
async function readCapped(response: Response, max: number): Promise<string | undefined> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
