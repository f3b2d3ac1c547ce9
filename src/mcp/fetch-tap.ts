/**
 * A `fetch` wrapper the connection gives its transport. It never changes what
 * goes over the wire; it only watches:
 *
 * - which tool call's response stream carried a server request (elicitation,
 *   sampling, roots), so the router can say which tool call asked. The
 *   connection marks a call's POST with the private {@link CALL_TAG_HEADER},
 *   which is removed here before the request leaves;
 * - a tool call's stream breaking or ending without an answer (server gone),
 *   which the SDK would only notice at the request timeout;
 * - whether the page can read `Mcp-Session-Id` on the initialize answer (a
 *   CORS `Access-Control-Expose-Headers` mistake otherwise looks like an
 *   unrelated 400 on the next request).
 *
 * It also lets the connection close what a call opened: {@link FetchTap.release}
 * ends the POST of a call that is over (stopped, timed out, failed, or
 * answered). A 2025 server does not answer a cancelled request, so without
 * this the POST's response stream stays open, unread, and after six of them
 * the browser's connections to that host are used up: nothing more the page
 * sends there is answered.
 *
 * One thing it does change: the POST carrying the client's answer to a server
 * request (sampling, elicitation, roots) is sent again when it fails at the
 * network level. The SDK reports such a failure only through `onerror`, so the
 * answer would be lost and the tool call waiting on it would hang until the
 * server gives up (typically a reused keep-alive socket the server closed an
 * instant before). A request that failed before any response never reached
 * the server's handler, so sending it again is safe.
 */

import { guardSignInMetadata, isSignInServerMetadata } from './sign-in-metadata.js';
import { takeLiveStream } from './stream-budget.js';
import type { SessionTrace } from './trace.js';

/** Private marker header, stripped before sending. */
export const CALL_TAG_HEADER = 'x-mcp-elements-call';

/** The well-known paths of OAuth metadata (RFC 8414, OpenID Connect Discovery, RFC 9728). */
const METADATA_PATH = /\/\.well-known\/(?:oauth-authorization-server|openid-configuration|oauth-protected-resource)(?:[/?#]|$)/;

/** Why the tap aborts a POST whose call is over: one error for all (an abort makes none of its own then). */
const CALL_OVER = new DOMException('The tool call is over.', 'AbortError');

/** How many times the POST of an answer to a server request is sent again after a network failure. */
const ANSWER_RETRIES = 2;

/** What the tap reports to its connection. */
export interface FetchTapHooks {
  /** A server request with this JSON-RPC id arrived on the stream of call `tag`. */
  onServerRequest(tag: string, id: string | number): void;
  /** The response stream of call `tag` failed before it ended. */
  onStreamBroken(tag: string, error: unknown): void;
  /**
   * The response stream of call `tag` ended without the call's answer.
   * `resumable`: it carried event ids, so the SDK will try to resume it.
   */
  onStreamEnded(tag: string, resumable: boolean): void;
  /**
   * The answer to these server requests could not be sent, even after
   * {@link ANSWER_RETRIES} more tries: the calls waiting on them will not
   * complete.
   */
  onAnswerLost(ids: Array<string | number>, error: unknown): void;
  /**
   * The standalone GET event stream (server notifications outside calls)
   * opened (`true`), or was not opened because the page already holds as many
   * such streams to this origin as leaves room for requests (`false`: the
   * server's notifications are not heard; see stream-budget.ts).
   */
  onLiveStream?(open: boolean): void;
}

/**
 * What the tap asks its connection at each request (both optional): the
 * headers to leave off (lower case; `mcp-param-*` means all of them) because
 * the server's CORS refuses them, and the session trace to record into.
 */
export interface FetchTapOptions {
  /** Request headers never sent (see `McpConnection.degraded`). */
  dropped?: () => ReadonlySet<string>;
  /** Where to record this request, if a trace is on. */
  trace?: () => TapTrace | undefined;
  /**
   * Whether the SDK itself aborts a call's POST when the call is cancelled
   * (2026 era: each request has a signal of its own, aborted on cancel). The
   * tap then makes no controller of its own for the POST: once the answer's
   * stream is open, closing it is enough. A 2025 call's POST is sent with the
   * transport's signal, which a cancel does not abort.
   */
  closesCalls?: () => boolean;
}

/** A trace as the tap records into it. */
export interface TapTrace {
  trace: SessionTrace;
  /** The connection id. */
  server: string;
  /** The MCP endpoint: only requests to it have their bodies recorded (not OAuth's). */
  endpoint: string;
  /** Header names (lower case) whose values are never recorded. */
  secretNames: ReadonlySet<string>;
}

/** See the module comment. */
export class FetchTap {
  /** True when an initialize answer came back without a readable `Mcp-Session-Id` in a CORS response. */
  sessionIdHidden = false;
  /**
   * Requests that failed at the network level (no HTTP answer, not aborted): in a browser, often CORS.
   * Not the sign-in server's metadata: that is another server, named by `SignInMetadataUnreadableError`.
   */
  networkFailures = 0;
  /**
   * The address of the last request, when it asked for OAuth metadata
   * (`/.well-known/oauth-authorization-server`, `openid-configuration`,
   * `oauth-protected-resource`); `undefined` once any other request follows.
   * The SDK parses that metadata right after fetching it, so a parse error
   * while this is set is the sign-in server's, not the MCP server's.
   */
  metadataUrl?: string;
  readonly fetch: typeof fetch;
  /** What to close when a call ends: one entry per POST the call made (2026 input rounds make several). */
  private readonly open = new Map<string, Set<() => void>>();
  /** The marker taken off each POST's headers. */
  private readonly tagged = new WeakMap<Headers, string>();

  constructor(hooks: FetchTapHooks, base: typeof fetch = (...args) => globalThis.fetch(...args), options: FetchTapOptions = {}) {
    // No guessed sign-in endpoints after the sign-in server's metadata could not be read (sign-in-metadata.ts).
    const send = guardSignInMetadata(base);
    this.fetch = async (input, init) => {
      let tag: string | null = null;
      let request = init;
      const given = init?.headers;
      if (given instanceof Headers) {
        // The SDK builds a fresh Headers for each POST: the marker is taken off it in place (no copy per
        // call) and remembered, for the same POST sent again to where a same-origin redirect points.
        tag = given.get(CALL_TAG_HEADER);
        if (tag !== null) {
          given.delete(CALL_TAG_HEADER);
          this.tagged.set(given, tag);
        } else tag = this.tagged.get(given) ?? null;
      } else if (given) {
        const headers = new Headers(given);
        tag = headers.get(CALL_TAG_HEADER);
        if (tag !== null) headers.delete(CALL_TAG_HEADER);
        request = { ...init, headers };
      }
      const dropped = options.dropped?.();
      if (dropped && dropped.size > 0) request = { ...request, headers: withoutHeaders(request?.headers, dropped) };
      const address = input instanceof Request ? input.url : String(input);
      this.metadataUrl = METADATA_PATH.test(address) ? address : undefined;
      const body = typeof init?.body === 'string' ? init.body : '';
      const traced = options.trace?.();
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const started = Date.now();
      const toEndpoint = traced !== undefined && sameEndpoint(url, traced.endpoint);
      const requestSeq = traced?.trace.request(
        traced.server,
        request?.method ?? 'GET',
        url,
        new Headers(request?.headers),
        body,
        traced.secretNames,
        toEndpoint,
      );
      let own: AbortController | undefined;
      let untrackOwn: (() => void) | undefined;
      if (tag !== null && !options.closesCalls?.()) {
        // The POST's own signal, which the call's end aborts; the SDK's signal is forwarded to it by a listener
        // removed when the POST is over (issue 42: no AbortSignal.any and no DOMException per call).
        const post = new AbortController();
        const outer = init?.signal;
        let forward: (() => void) | undefined;
        if (outer?.aborted) post.abort(outer.reason);
        else if (outer) outer.addEventListener('abort', (forward = () => post.abort(outer.reason)), { once: true });
        const unforward = () => forward && outer?.removeEventListener('abort', forward);
        own = post;
        request = { ...request, signal: post.signal };
        const untrack = this.track(tag, () => {
          unforward();
          post.abort(CALL_OVER);
        });
        untrackOwn = () => {
          unforward();
          untrack();
        };
      }
      // The standalone GET stream (not a call's; no Last-Event-ID: not the resumption of a call's
      // stream) keeps a connection for the whole session: only while the origin has room for it.
      let giveBack: (() => void) | undefined;
      if (tag === null && isEventStreamGet(request) && !new Headers(request?.headers).has('last-event-id')) {
        giveBack = takeLiveStream(url);
        if (!giveBack) {
          hooks.onLiveStream?.(false);
          if (traced && requestSeq !== undefined)
            traced.trace.failure(
              traced.server,
              requestSeq,
              started,
              url,
              new Error('Not sent: the page keeps no more event streams to this host (at most three per origin).'),
            );
          // What a server that offers no GET stream answers: the SDK goes on without one.
          return new Response(null, { status: 405, statusText: 'Not opened: this page keeps no more event streams to this host' });
        }
        init?.signal?.addEventListener('abort', giveBack, { once: true });
      }
      let response: Response;
      for (let attempt = 0; ; attempt++) {
        try {
          response = await send(input, request);
          break;
        } catch (error) {
          giveBack?.();
          const answer = isAnswer(body);
          // The sign-in server's metadata failing is not this server's network or CORS: the sign-in flow says so.
          if (!init?.signal?.aborted && error instanceof TypeError && !isSignInServerMetadata(address)) this.networkFailures++;
          if (traced && requestSeq !== undefined) traced.trace.failure(traced.server, requestSeq, started, url, error);
          if (attempt >= ANSWER_RETRIES || !answer || !(error instanceof TypeError) || init?.signal?.aborted) {
            if (answer && !init?.signal?.aborted) hooks.onAnswerLost(answerIds(body), error);
            throw error;
          }
        }
      }
      if (response.ok && response.type === 'cors' && !response.headers.has('mcp-session-id') && /"method"\s*:\s*"initialize"/.test(body)) {
        this.sessionIdHidden = true;
      }
      if (traced && requestSeq !== undefined) response = traceResponse(response, traced, requestSeq, started, url, toEndpoint);
      const streaming = !!response.body && (response.headers.get('content-type') ?? '').includes('text/event-stream');
      if (giveBack) {
        if (response.ok && streaming) hooks.onLiveStream?.(true);
        else giveBack(); // no stream after all (405: the server offers none; an error)
      }
      if (!response.body || !streaming) return response;
      if (tag === null) {
        const body = giveBack ? whenFinished(response.body, giveBack) : response.body;
        return new Response(body.pipeThrough(paced()), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
      if ((own ?? init)?.signal?.aborted) {
        // The call ended while its answer's headers were on the way.
        void response.body.cancel().catch(() => {});
        return response;
      }
      // Once the stream has ended there is nothing of this POST left to close (no abort, no error object, per call).
      let untrackStream: (() => void) | undefined;
      const ended = () => {
        untrackOwn?.();
        untrackStream?.();
      };
      // The SDK reads only the body of a call's event stream: the watched one is put in its place on this
      // response (issue 42: a second Response per call, with its headers copied, was most of what this cost).
      return withBody(
        response,
        watch(response.body, tag, hooks, (release) => (untrackStream = this.track(tag, release)), ended),
      );
    };
  }

  /**
   * Closes every HTTP request and response stream call `tag` opened: the call
   * is over. The SDK reading such a stream is left waiting on a stream that
   * never moves again rather than seeing it end or fail: an end or an error
   * would make it resume the stream (`Last-Event-ID`) or report a lost
   * connection, and the call it belonged to is already settled.
   */
  release(tag: string): void {
    const closers = this.open.get(tag);
    this.open.delete(tag);
    for (const close of closers ?? []) close();
  }

  /** Remembers what closes a POST of call `tag`; returns what forgets it (the POST ended by itself). */
  private track(tag: string, close: () => void): () => void {
    let closers = this.open.get(tag);
    if (!closers) this.open.set(tag, (closers = new Set()));
    closers.add(close);
    return () => {
      const now = this.open.get(tag);
      now?.delete(close);
      if (now?.size === 0) this.open.delete(tag);
    };
  }
}

/** The JSON-RPC ids a response body answers. */
function answerIds(body: string): Array<string | number> {
  const messages: unknown = JSON.parse(body);
  return (Array.isArray(messages) ? messages : [messages]).map((m) => (m as { id: string | number }).id);
}

/** Whether `body` is a JSON-RPC response (an answer to a server request), not a request or notification. */
function isAnswer(body: string): boolean {
  if (!body) return false;
  try {
    const messages: unknown = JSON.parse(body);
    return (Array.isArray(messages) ? messages : [messages]).every(
      (m) => typeof m === 'object' && m !== null && 'id' in m && !('method' in m) && ('result' in m || 'error' in m),
    );
  } catch {
    return false;
  }
}

/**
 * The stream of call `tag`, watched (see {@link FetchTap}) and paced (see
 * {@link paced}): one ReadableStream that reads the source itself (issue 28:
 * a TransformStream piped to, then a second one for the pacing, were most of
 * this layer's heap per call; docs/performance.md). `onRelease` is given what
 * closes the HTTP stream; `onEnd` is called once the source has ended or
 * failed: nothing of it is left open, so the call's end aborts nothing.
 */
function watch(
  source: ReadableStream<Uint8Array>,
  tag: string,
  hooks: FetchTapHooks,
  onRelease: (release: () => void) => void,
  onEnd: () => void,
): ReadableStream<Uint8Array> {
  let released = false;
  let cancelled = false;
  const reader = source.getReader();
  onRelease(() => {
    released = true;
    // Cancels the source (closing the HTTP stream); the SDK's side stays open and still.
    reader.cancel().catch(() => {});
  });
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let answered = false;
  let resumable = false;
  const scan = (text: string) => {
    buffer += text;
    // One pass with an index, the rest kept once at the end: constant work per line, however many lines a chunk holds.
    const lines = /\r\n|\r|\n/g;
    let start = 0;
    for (let found = lines.exec(buffer); found; found = lines.exec(buffer)) {
      // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
      if (found[0] === '\r' && found.index === buffer.length - 1) break;
      const line = buffer.slice(start, found.index);
      start = found.index + found[0].length;
      if (line === '') {
        if (data.length) report(data.join('\n'));
        data = [];
      } else if (line.startsWith('id:')) {
        resumable = true;
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
    buffer = buffer.slice(start);
  };
  const report = (json: string) => {
    // Parsed only when it can matter: a server request (a "method"), or the answer not seen yet.
    if (!json.includes('"method"') && (answered || (!json.includes('"result"') && !json.includes('"error"')))) return;
    try {
      const message = JSON.parse(json) as { method?: unknown; id?: unknown; result?: unknown; error?: unknown };
      if (message.result !== undefined || message.error !== undefined) answered = true;
      if (typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number')) {
        hooks.onServerRequest(tag, message.id);
      }
    } catch {
      // Not JSON: the SDK reports it.
    }
  };
  /** Inert from the release on (see FetchTap.release): the SDK's read never settles, and nothing is read again. */
  const still = new Promise<void>(() => {});
  const pace = pacer();
  return new ReadableStream<Uint8Array>({
    // One read of the source per pull: at most one chunk ahead of the SDK, as a pipe would.
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (released || cancelled) return still;
        onEnd();
        hooks.onStreamBroken(tag, error);
        controller.error(error);
        return;
      }
      if (released) return still;
      if (chunk.done) {
        onEnd();
        if (!answered) hooks.onStreamEnded(tag, resumable);
        controller.close();
        return;
      }
      // Scanned before the SDK sees the chunk, so the mapping exists when its handler runs.
      scan(decoder.decode(chunk.value, { stream: true }));
      return pace(chunk.value, controller);
    },
    // The reader gave up on the stream: not a broken stream; the HTTP stream is closed.
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}

/** `response`, its `body` read as `body` (its own is locked by the reader of `body`). */
function withBody(response: Response, body: ReadableStream<Uint8Array>): Response {
  Object.defineProperty(response, 'body', { value: body });
  return response;
}

/** `headers` without the names in `dropped` (`mcp-param-*` drops every `Mcp-Param-` header). */
function withoutHeaders(headers: HeadersInit | undefined, dropped: ReadonlySet<string>): Headers {
  const out = new Headers(headers);
  for (const name of [...out.keys()]) {
    if (dropped.has(name) || (name.startsWith('mcp-param-') && dropped.has('mcp-param-*'))) out.delete(name);
  }
  return out;
}

/** Whether `url` is the MCP endpoint (same origin and path; the query may differ). */
function sameEndpoint(url: string, endpoint: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(endpoint);
    return a.origin === b.origin && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

/**
 * Records an answer in the trace: status and headers at once; a JSON body
 * read from a clone; each message of an event stream as it passes (the
 * stream reaches the SDK unchanged, chunk by chunk).
 */
function traceResponse(response: Response, traced: TapTrace, request: number, started: number, url: string, toEndpoint: boolean): Response {
  const { trace, server, secretNames } = traced;
  const type = response.headers.get('content-type') ?? '';
  if (!toEndpoint || !response.body) {
    trace.response(server, request, started, url, response.status, response.headers, secretNames);
    return response;
  }
  if (!type.includes('text/event-stream')) {
    if (!type.includes('json')) {
      trace.response(server, request, started, url, response.status, response.headers, secretNames);
      return response;
    }
    void response
      .clone()
      .text()
      .then(
        (text) => trace.response(server, request, started, url, response.status, response.headers, secretNames, text),
        () => trace.response(server, request, started, url, response.status, response.headers, secretNames),
      );
    return response;
  }
  trace.response(server, request, started, url, response.status, response.headers, secretNames);
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const scan = (text: string) => {
    buffer += text;
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length) trace.streamMessage(server, request, data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
  };
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        try {
          scan(decoder.decode(chunk, { stream: true }));
        } catch {
          // The trace never breaks the stream.
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Largest piece of an event stream the SDK gets at once: about fifty small notifications. */
const PIECE_BYTES = 4 * 1024;
/** How long the page's code may run on one stream before it lets the page draw. */
const SLICE_MS = 5;

/**
 * An event stream handed on in pieces of at most {@link PIECE_BYTES}, with a
 * pause (a new task) whenever the reader has worked for {@link SLICE_MS}.
 * When a server floods (thousands of notifications a second) and the page
 * falls behind, a read returns a backlog of thousands of messages, and the
 * SDK parses and dispatches them all in one task: the page freezes for
 * seconds. Pieced, each task handles about a hundred. Bytes are not changed
 * (the SDK's parser takes events split anywhere).
 */
function paced(): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream<Uint8Array, Uint8Array>({ transform: pacer() });
}

/** Where {@link pacer} hands the pieces: a TransformStream's or a ReadableStream's controller. */
type PieceSink = { enqueue(chunk: Uint8Array): void };

/** The transform of {@link paced}: hands `chunk` on in pieces, pausing as said there (its state is one stream's). */
function pacer(): (chunk: Uint8Array, controller: PieceSink) => Promise<void> {
  let since = performance.now();
  return async (chunk, controller) => {
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
      // The time since the last pause includes what the SDK did with the pieces before (it reads them in
      // the microtasks after each enqueue); within a split chunk, pause before every further piece.
      if (at > 0 || performance.now() - since > SLICE_MS) {
        await nextTask();
        since = performance.now();
      }
      controller.enqueue(at === 0 && chunk.length <= PIECE_BYTES ? chunk : chunk.subarray(at, at + PIECE_BYTES));
    }
  };
}

/** Resolves in a new task (not a microtask), without the 4 ms clamp of nested timers: the page may draw meanwhile. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    // Node (no DOM types in the library build): setImmediate, where it exists.
    const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
    if (typeof immediate === 'function') {
      immediate(resolve);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A GET asking for an event stream (the SDK's standalone stream, or its resumption). */
function isEventStreamGet(init: RequestInit | undefined): boolean {
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return false;
  return (new Headers(init?.headers).get('accept') ?? '').includes('text/event-stream');
}

/** `body`, calling `done` once when it ends, fails or is cancelled. */
function whenFinished(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: end } = await reader.read();
        if (end) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}
