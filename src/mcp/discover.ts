import { probeServer, ProbeBadge, type ProbeResult } from './probe.js';

/**
 * Where a site's own MCP server may be named or served, in the order
 * {@link discoverSiteServer} asks after the catalogs ({@link DISCOVERY_CATALOGS})
 * and `<endpoint>/server-card` of each {@link DISCOVERY_ENDPOINTS}: a server card (SEP-2127, `remotes` as in
 * the registry's `server.json`), the older `/.well-known/mcp.json` and
 * `/.well-known/mcp` discovery files (Mintlify and others), then the
 * endpoints docs platforms serve: GitBook's `/~gitbook/mcp`, and `/mcp`
 * (Mintlify, Docus, most servers).
 */
export const DISCOVERY_FILES = ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json', '/.well-known/mcp'] as const;
/** The endpoints tried after the discovery files (see {@link DISCOVERY_FILES}). */
export const DISCOVERY_ENDPOINTS = ['/~gitbook/mcp', '/mcp'] as const;
/**
 * Catalogs read first (the server-card extension's discovery): the MCP
 * Catalog, then the AI Catalog. Each lists entries `{ url, type }`; entries of
 * type {@link SERVER_CARD_TYPE} point to server cards.
 */
export const DISCOVERY_CATALOGS = ['/.well-known/mcp/catalog.json', '/.well-known/ai-catalog.json'] as const;
/** The media type of a server card (catalog entries' `type`, and the `Accept` of `<endpoint>/server-card`). */
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';

/** How a server was found: named in a discovery file (which one), or answering at a well-known path. */
export type DiscoveryHow = 'server-card' | 'well-known-file' | 'endpoint';

/** One thing {@link discoverSiteServer} looked at, and what came of it. */
export interface DiscoveryAttempt {
  /** The address asked (a discovery file or a candidate endpoint). */
  url: string;
  /**
   * - `absent`: the discovery file is not there (or is not JSON);
   * - `named-none`: the file is there but names no streamable-http endpoint;
   * - `other-origin`: the file names an endpoint on another origin: not contacted;
   * - `failed`: the endpoint did not complete a handshake (`detail` says why);
   * - `found`: the endpoint answered the handshake.
   */
  outcome: 'absent' | 'named-none' | 'other-origin' | 'failed' | 'found';
  /** Why, in English (a diagnosis of the failed handshake). */
  detail?: string;
}

/** What {@link discoverSiteServer} found: a server confirmed by a handshake, or nothing, with everything it tried. */
export type DiscoveryResult =
  | {
      found: true;
      /** The endpoint to connect to. */
      url: string;
      how: DiscoveryHow;
      /** Where it was found: the discovery file that named it, or the endpoint itself. */
      source: string;
      /** What the handshake found (era, server info; badge `works`, or `sign-in` for a server that asks for it). */
      probe: ProbeResult;
      /** One English sentence for people: "Found at /mcp." / "Named in the server card (/.well-known/mcp/server-card.json)." */
      sentence: string;
      tried: DiscoveryAttempt[];
    }
  | {
      found: false;
      /** "No MCP server found on this site (tried …)." */
      sentence: string;
      tried: DiscoveryAttempt[];
      /** The search was stopped (signal) or ran out of time before it was finished. */
      aborted?: boolean;
    };

/** Options of {@link discoverSiteServer}. */
export interface DiscoverOptions {
  /** The site to look at; default the page's own origin (`location.origin`). Only this origin is contacted. */
  origin?: string;
  /** Stops the search; it then resolves with `found: false, aborted: true`. */
  signal?: AbortSignal;
  /** Time allowed for the whole search (ms). Default 15000. */
  timeoutMs?: number;
  /** Time allowed for one candidate's handshake (ms). Default 6000. */
  probeTimeoutMs?: number;
  /** The `fetch` to use. */
  fetch?: typeof fetch;
}

const FILE_TIMEOUT_MS = 4000;
const MAX_FILE_BYTES = 256 * 1024;
const MAX_NAMED = 8;

/**
 * Finds the site's own MCP server on `origin` (the page's own by default):
 * reads the catalogs of {@link DISCOVERY_CATALOGS} (the server cards they
 * name), then `<endpoint>/server-card` of each endpoint, then the discovery files of {@link DISCOVERY_FILES}, then tries the
 * endpoints of {@link DISCOVERY_ENDPOINTS}. Each candidate is confirmed with a
 * real handshake ({@link probeServer}: connect, then close) before it is
 * returned; the first that answers wins. A server that answers 401 with a
 * sign-in challenge counts as found (badge `sign-in`: the chat offers sign-in).
 *
 * Same origin only: a discovery file naming an endpoint on another origin is
 * reported (`other-origin`) and never contacted, since a page's files must not
 * send the person's browser to a third party without the person choosing it.
 * Discovery files are read without credentials and at most 256 kB each.
 *
 * Never rejects: "nothing found" is a result that lists what was tried.
 */
export async function discoverSiteServer(options: DiscoverOptions = {}): Promise<DiscoveryResult> {
  let origin: string;
  try {
    const url = new URL(options.origin ?? location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    origin = url.origin;
  } catch {
    // A page opened from a file, or an origin that is not a web address: nothing to ask.
    return {
      found: false,
      sentence: `No MCP server can be looked for here: ${options.origin ?? 'this page'} is not a web (http or https) origin.`,
      tried: [],
    };
  }
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const tried: DiscoveryAttempt[] = [];
  const probed = new Set<string>();

  const confirm = async (url: string, how: DiscoveryHow, source: string): Promise<DiscoveryResult | undefined> => {
    if (probed.has(url) || signal.aborted) return undefined;
    probed.add(url);
    const probe = await probeServer(url, { signal, timeoutMs: options.probeTimeoutMs ?? 6000, fetch: fetchFn });
    const usable = probe.badge === ProbeBadge.Works || (probe.badge === ProbeBadge.SignIn && probe.challenge !== undefined);
    tried.push({ url, outcome: usable ? 'found' : 'failed', ...(usable ? {} : { detail: probe.error?.message }) });
    if (!usable) return undefined;
    const path = pathOf(url, origin);
    const sentence =
      how === 'endpoint'
        ? `Found at ${path}.`
        : `Named in the ${how === 'server-card' ? 'server card' : 'discovery file'} (${pathOf(source, origin)}), at ${path}.`;
    return { found: true, url, how, source, probe, sentence, tried };
  };

  const viaCard = async (cardUrl: string, label: string): Promise<DiscoveryResult | undefined> => {
    const card = await readJson(cardUrl, fetchFn, signal, `${SERVER_CARD_TYPE}, application/json;q=0.9`);
    if (card === undefined) {
      tried.push({ url: cardUrl, outcome: 'absent' });
      return undefined;
    }
    const named = endpointsIn(card, origin);
    if (!named.length) tried.push({ url: cardUrl, outcome: 'named-none' });
    for (const url of named.slice(0, MAX_NAMED)) {
      if (new URL(url).origin !== origin) {
        tried.push({ url, outcome: 'other-origin', detail: `Named in ${label}, on another origin: not contacted.` });
        continue;
      }
      const found = await confirm(url, 'server-card', cardUrl);
      if (found) return found;
    }
    return undefined;
  };

  // The catalogs first: each names server cards (same origin only), each card its endpoints.
  for (const file of DISCOVERY_CATALOGS) {
    if (signal.aborted) break;
    const catalogUrl = origin + file;
    const catalog = await readJson(catalogUrl, fetchFn, signal);
    const cards = cardsIn(catalog, catalogUrl);
    if (catalog === undefined || !cards.length) {
      tried.push({ url: catalogUrl, outcome: catalog === undefined ? 'absent' : 'named-none' });
      continue;
    }
    for (const cardUrl of cards.slice(0, MAX_NAMED)) {
      if (signal.aborted) break;
      if (new URL(cardUrl).origin !== origin) {
        tried.push({ url: cardUrl, outcome: 'other-origin', detail: `Named in ${file}, on another origin: not contacted.` });
        continue;
      }
      const found = await viaCard(cardUrl, pathOf(cardUrl, origin));
      if (found) return found;
    }
  }
  // Then a card served beside each well-known endpoint (`<endpoint>/server-card`).
  for (const path of DISCOVERY_ENDPOINTS) {
    if (signal.aborted) break;
    const found = await viaCard(`${origin}${path}/server-card`, `${path}/server-card`);
    if (found) return found;
  }
  for (const file of DISCOVERY_FILES) {
    if (signal.aborted) break;
    const fileUrl = origin + file;
    const document = await readJson(fileUrl, fetchFn, signal);
    if (document === undefined) {
      tried.push({ url: fileUrl, outcome: 'absent' });
      continue;
    }
    const named = endpointsIn(document, origin);
    if (!named.length) tried.push({ url: fileUrl, outcome: 'named-none' });
    for (const url of named.slice(0, MAX_NAMED)) {
      if (new URL(url).origin !== origin) {
        tried.push({ url, outcome: 'other-origin', detail: `Named in ${file}, on another origin: not contacted.` });
        continue;
      }
      const found = await confirm(url, file === DISCOVERY_FILES[0] ? 'server-card' : 'well-known-file', fileUrl);
      if (found) return found;
    }
  }
  for (const path of DISCOVERY_ENDPOINTS) {
    if (signal.aborted) break;
    const found = await confirm(origin + path, 'endpoint', origin + path);
    if (found) return found;
  }
  const aborted = signal.aborted;
  const list = tried.map((t) => pathOf(t.url, origin)).join(', ');
  const sentence = aborted
    ? `The search for this site's MCP server was stopped before it finished (tried ${list || 'nothing yet'}).`
    : `No MCP server found on this site (tried ${list}).`;
  return { found: false, sentence, tried, ...(aborted ? { aborted } : {}) };
}

/** A discovery file's JSON, or undefined when it is absent, too big, or not JSON. */
async function readJson(url: string, fetchFn: typeof fetch, signal: AbortSignal, accept = 'application/json'): Promise<unknown> {
  try {
    const response = await fetchFn(url, {
      credentials: 'omit',
      headers: { accept },
      signal: AbortSignal.any([signal, AbortSignal.timeout(FILE_TIMEOUT_MS)]),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return undefined;
    }
    const text = await response.text();
    if (text.length > MAX_FILE_BYTES) return undefined;
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The server cards a catalog names: its `entries` of type
 * {@link SERVER_CARD_TYPE} (parameters ignored), each `url` resolved against
 * the catalog's address. Only http(s) URLs, no user info.
 */
export function cardsIn(catalog: unknown, catalogUrl: string): string[] {
  const entries = catalog && typeof catalog === 'object' ? (catalog as { entries?: unknown }).entries : undefined;
  if (!Array.isArray(entries)) return [];
  const urls: string[] = [];
  for (const entry of entries.slice(0, 100)) {
    if (!entry || typeof entry !== 'object') continue;
    const { type, url } = entry as { type?: unknown; url?: unknown };
    if (typeof type !== 'string' || type.split(';')[0]!.trim().toLowerCase() !== SERVER_CARD_TYPE || typeof url !== 'string') continue;
    try {
      const u = new URL(url, catalogUrl);
      if ((u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && !urls.includes(u.href)) urls.push(u.href);
    } catch {
      // Not an address.
    }
  }
  return urls;
}

/**
 * The streamable-http endpoints a discovery document names, resolved against
 * `origin`: `remotes[]` of a server card or `server.json` (`type`
 * `streamable-http`, or no type; `sse`-only and templated `{variable}` URLs are
 * left out), and, for the older drafts and ad-hoc files, `transport.endpoint`,
 * `endpoint`, `url`, `mcpUrl` and `servers[].url`. Only http(s) URLs.
 */
export function endpointsIn(document: unknown, origin: string): string[] {
  if (!document || typeof document !== 'object') return [];
  const doc = document as Record<string, unknown>;
  const raw: unknown[] = [];
  const remoteUrls = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const r of list) {
      if (!r || typeof r !== 'object') continue;
      const { type, url } = r as { type?: unknown; url?: unknown };
      if (type === undefined || type === 'streamable-http' || type === 'http') raw.push(url);
    }
  };
  remoteUrls(doc.remotes);
  const transport = doc.transport as { type?: unknown; endpoint?: unknown; url?: unknown } | undefined;
  if (transport && typeof transport === 'object' && (transport.type === undefined || transport.type === 'streamable-http'))
    raw.push(transport.endpoint, transport.url);
  raw.push(doc.endpoint, doc.url, doc.mcpUrl);
  remoteUrls(doc.servers);
  const urls: string[] = [];
  for (const value of raw) {
    if (typeof value !== 'string' || !value || value.includes('{')) continue;
    try {
      const url = new URL(value, origin);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !urls.includes(url.href))
        urls.push(url.href);
    } catch {
      // Not an address.
    }
  }
  return urls;
}

/** The path (and query) of `url` when it is on `origin`, else the whole URL. */
export function pathOf(url: string, origin: string): string {
  try {
    const u = new URL(url);
    return u.origin === origin ? u.pathname + u.search : u.href;
  } catch {
    return url;
  }
}
