import { redactJson, scrubSecrets, traceHeaders, traceUrl } from './trace-redact.js';

/** The `format` of an exported trace document. */
export const TRACE_FORMAT = 'mcp-elements-trace';
/** The version of the trace document format (docs/trace.md); bumped on any incompatible change. */
export const TRACE_VERSION = 1;

/** Default bound of a trace: 5 MB of entries (as JSON); the oldest go first. */
export const DEFAULT_TRACE_MAX_BYTES = 5 * 1024 * 1024;

/** Who an entry is about: one server connection. */
export interface TraceServerRef {
  /** The connection's id (`mcp-1`...). */
  id: string;
  /** Its endpoint, query values removed. */
  url: string;
}

/** One line of the timeline. Every entry has `seq`, `t` and `kind`; the rest depends on the kind. */
export type TraceEntry = TraceEntryBase &
  (
    | { kind: 'http-request'; method: string; url: string; headers: Record<string, string>; messages?: unknown[] }
    | {
        kind: 'http-response';
        request: number;
        status: number;
        url: string;
        headers: Record<string, string>;
        durationMs: number;
        messages?: unknown[];
      }
    | { kind: 'message'; direction: 'in'; request: number; message: unknown }
    | { kind: 'http-error'; request: number; url: string; error: string; durationMs: number }
    | { kind: 'event'; type: string; data?: unknown }
  );

interface TraceEntryBase {
  /** Increasing number of the entry (kept across evictions: a gap shows what was dropped). */
  seq: number;
  /** Milliseconds since the trace started. */
  t: number;
  /** The server it is about, when it is about one. */
  server?: string;
  /** Set instead of the entry's fields when the entry was too large to keep. */
  truncated?: string;
}

/** The exported document (docs/trace.md). */
export interface TraceDocument {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  /** ISO time the trace started and was exported. */
  startedAt: string;
  exportedAt: string;
  /** What produced it, e.g. `mcp-elements`. */
  producer: string;
  /** Entries dropped to keep the trace within its bound (the oldest). */
  dropped: number;
  /** The servers seen, keyed by connection id. */
  servers: Record<string, { url: string; name?: string; era?: string; protocolVersion?: string; degraded?: unknown }>;
  entries: TraceEntry[];
}

/** Options of {@link SessionTrace}. */
export interface SessionTraceOptions {
  /** Upper bound of the entries kept, in bytes of JSON. Default {@link DEFAULT_TRACE_MAX_BYTES}. */
  maxBytes?: number;
  /** Longest string kept inside a message; longer ones are shortened. Default 20 000 characters. */
  maxString?: number;
}

/**
 * A bounded record of a session (a ring buffer of the last `maxBytes` of
 * entries): every JSON-RPC message both ways, HTTP status, `Mcp-*` headers
 * and timings of each server's requests, recorded by the connections given
 * this trace, plus what the page adds with {@link addEvent} (model requests
 * and answers, approvals, errors). {@link export} gives one JSON document a
 * person can send to the site owner.
 *
 * Never in it: `Authorization`, cookies, a page's custom headers, the values
 * of credential-named fields, `Mcp-Param-*` values that look secret, header
 * values declared secret, and any value registered with {@link addSecret}
 * (the connections register the bearer tokens and header values they send).
 * The bodies of requests that are not to an MCP endpoint (OAuth metadata,
 * token requests) are never recorded, only their method, URL and status.
 */
export class SessionTrace {
  private readonly started = Date.now();
  private readonly startedAt = new Date().toISOString();
  private readonly maxBytes: number;
  private readonly maxString: number;
  private entries: Kept[] = [];
  private bytes = 0;
  private seq = 0;
  private _dropped = 0;
  private readonly secrets = new Set<string>();
  private readonly servers = new Map<string, TraceDocument['servers'][string]>();
  private readonly describe = new Map<string, () => Omit<TraceDocument['servers'][string], 'url'>>();

  constructor(options: SessionTraceOptions = {}) {
    this.maxBytes = Math.max(16 * 1024, options.maxBytes ?? DEFAULT_TRACE_MAX_BYTES);
    this.maxString = options.maxString ?? 20_000;
  }

  /** How many entries are kept now. */
  get size(): number {
    return this.entries.length;
  }

  /** How many of the oldest entries were dropped to stay within `maxBytes`. */
  get dropped(): number {
    return this._dropped;
  }

  /**
   * A value that must never appear in the export (a provider API key, a token):
   * every occurrence is replaced by `[redacted]` when exporting. Kept in
   * memory only.
   */
  addSecret(value: string | undefined): void {
    if (value && value.length >= 6) this.secrets.add(value);
  }

  /**
   * Adds something the page saw: `type` names it (`model-request`,
   * `model-response`, `approval`, `error`, or your own), `data` is any JSON
   * (credential-named fields are redacted; do not pass API keys anyway).
   * `server`: the connection id it is about, if any. Returns the entry's `seq`.
   */
  addEvent(type: string, data?: unknown, options: { server?: string } = {}): number {
    return this.push({
      kind: 'event',
      type: String(type),
      data: data === undefined ? undefined : redactJson(toJson(data), this.maxString),
      server: options.server,
    });
  }

  /** Registers a server so the export can say what it is (name, era, degradation), read at export time. @internal */
  registerServer(ref: TraceServerRef, describe: () => Omit<TraceDocument['servers'][string], 'url'>): void {
    this.servers.set(ref.id, { url: traceUrl(ref.url) });
    this.describe.set(ref.id, describe);
  }

  /** Records an HTTP request of a connection; returns its `seq` for the answer. @internal */
  request(
    server: string,
    method: string,
    url: string,
    headers: Headers,
    body: string | undefined,
    secretNames: ReadonlySet<string>,
    withBody: boolean,
  ): number {
    const authorization = headers.get('authorization');
    if (authorization) {
      this.addSecret(authorization);
      this.addSecret(authorization.replace(/^\s*\S+\s+/, ''));
    }
    return this.push(
      {
        kind: 'http-request',
        server,
        method,
        url: traceUrl(url),
        headers: traceHeaders(headers, secretNames),
      },
      withBody && body ? body : undefined,
    );
  }

  /** Records the status and headers of an answer (and its JSON body, when it has one). @internal */
  response(
    server: string,
    request: number,
    started: number,
    url: string,
    status: number,
    headers: Headers,
    secretNames: ReadonlySet<string>,
    body?: string,
  ): void {
    this.push(
      {
        kind: 'http-response',
        server,
        request,
        status,
        url: traceUrl(url),
        headers: traceHeaders(headers, secretNames),
        durationMs: Date.now() - started,
      },
      body || undefined,
    );
  }

  /** Records one JSON-RPC message read from an answer's event stream. @internal */
  streamMessage(server: string, request: number, data: string): void {
    this.push({ kind: 'message', direction: 'in', server, request, message: undefined }, data);
  }

  /** Records a request that failed without an HTTP answer (network, CORS, abort). @internal */
  failure(server: string, request: number, started: number, url: string, error: unknown): void {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.push({ kind: 'http-error', server, request, url: traceUrl(url), error: text, durationMs: Date.now() - started });
  }

  /** The whole trace as one JSON-ready document (docs/trace.md), secrets removed. */
  export(producer = 'mcp-elements'): TraceDocument {
    // First: settling may drop more of the oldest entries (`dropped` counts them).
    const entries = this.settle().map((e) => e.entry);
    const servers: TraceDocument['servers'] = {};
    for (const [id, base] of this.servers) {
      let described: Omit<TraceDocument['servers'][string], 'url'> | undefined;
      try {
        described = this.describe.get(id)?.();
      } catch {
        described = undefined;
      }
      servers[id] = { ...base, ...described, url: base.url };
    }
    const document: TraceDocument = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      startedAt: this.startedAt,
      exportedAt: new Date().toISOString(),
      producer,
      dropped: this._dropped,
      servers: redactJson(servers) as TraceDocument['servers'],
      entries,
    };
    // One last pass over the text: a registered secret that slipped into a message body goes too.
    return JSON.parse(scrubSecrets(JSON.stringify(document), this.secrets)) as TraceDocument;
  }

  /** {@link export} as formatted JSON text, ready to save as a `.json` file. */
  exportText(producer?: string): string {
    return JSON.stringify(this.export(producer), null, 2);
  }

  /** Forgets every entry (the registered secrets and servers stay). */
  clear(): void {
    this.entries = [];
    this.bytes = 0;
  }

  /**
   * The entries with every body parsed and redacted (see {@link push}), the oldest dropped while their exact
   * size is over the bound.
   */
  private settle(): Kept[] {
    for (const kept of this.entries) {
      if (kept.body === undefined) continue;
      this.fill(kept.entry, kept.body);
      kept.body = undefined;
      const bytes = JSON.stringify(kept.entry).length + 1;
      this.bytes += bytes - kept.bytes;
      kept.bytes = bytes;
    }
    this.trim();
    return this.entries;
  }

  /** Puts the parsed, redacted `body` into `entry`: the messages of a request or answer, the one message of a stream. */
  private fill(entry: TraceEntry, body: string): void {
    if (entry.kind === 'message') entry.message = this.parse(body)[0];
    else if (entry.kind === 'http-request' || entry.kind === 'http-response') entry.messages = this.parse(body);
  }

  private parse(text: string): unknown[] {
    try {
      const value: unknown = JSON.parse(text);
      return (Array.isArray(value) ? value : [value]).map((m) => redactJson(m, this.maxString));
    } catch {
      return [{ unparsed: redactJson(text, 2000) }];
    }
  }

  /**
   * Adds an entry. A JSON-RPC `body` (a request's, an answer's, a stream message's) is kept as the text it
   * arrived as and parsed and redacted at export ({@link settle}), counted meanwhile by its length: that
   * work on every message of every server was a tenth of the chat's main thread while twenty servers
   * connected (issue 42). A large body is parsed now (its long strings shortened: it may fit then).
   */
  private push(fields: DistributiveOmit<TraceEntry, 'seq' | 't'>, body?: string): number {
    const seq = ++this.seq;
    const entry = { seq, t: Date.now() - this.started, ...fields } as TraceEntry;
    let later: string | undefined;
    if (body !== undefined && body.length > LAZY_BODY_CHARS) this.fill(entry, body);
    else later = body;
    // The body's text for its JSON (a message's field name and brackets: a little over).
    let bytes = JSON.stringify(entry).length + (later === undefined ? 0 : later.length + 16);
    if (bytes > this.maxBytes / 4 && later !== undefined) {
      // Near the limit of one entry: its exact size decides.
      this.fill(entry, later);
      later = undefined;
      bytes = JSON.stringify(entry).length;
    }
    if (bytes > this.maxBytes / 4) {
      // One huge message would push everything else out: keep its outline only.
      const outline = {
        seq,
        t: entry.t,
        kind: entry.kind,
        server: entry.server,
        truncated: `entry of ${bytes} bytes left out (over a quarter of the trace's bound)`,
      };
      Object.keys(entry).forEach((k) => delete (entry as unknown as Record<string, unknown>)[k]);
      Object.assign(entry, outline);
      bytes = JSON.stringify(entry).length;
    }
    // Each entry also costs its comma in the exported array, and the array its two brackets.
    bytes += 1;
    this.entries.push({ entry, bytes, body: later });
    this.bytes += bytes;
    this.trim();
    return seq;
  }

  /** Drops the oldest entries while the kept ones are over the bound. */
  private trim(): void {
    while (this.bytes + 1 > this.maxBytes && this.entries.length > 1) {
      const old = this.entries.shift()!;
      this.bytes -= old.bytes;
      this._dropped++;
    }
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One kept entry: its size as JSON, and its JSON-RPC body's text while not parsed yet (see `push`). */
interface Kept {
  entry: TraceEntry;
  bytes: number;
  body?: string;
}

/** Bodies up to this many characters are parsed at export; larger ones when recorded. */
const LAZY_BODY_CHARS = 64 * 1024;

/** `data` as plain JSON (errors become `{name, message}`; what cannot be serialized becomes its text). */
function toJson(data: unknown): unknown {
  if (data instanceof Error) return { name: data.name, message: data.message };
  try {
    return JSON.parse(JSON.stringify(data)) as unknown;
  } catch {
    return String(data);
  }
}
