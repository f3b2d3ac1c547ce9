// The HTTP sync adapter: `GET <base>/pull?checkpoint=…&limit=…`,
// `POST <base>/push`, `GET <base>/stream` (server-sent events), each with
// `Authorization: Bearer <token>`. A 401 asks the token source once more.
// Every failure becomes a SyncError said in words; the server's own text is
// shown only as text, cut short.
import {
  SyncError,
  type PullResult,
  type PushResult,
  type PushRow,
  type StreamEvent,
  type SyncAdapter,
  type SyncTokenSource,
} from '../sync-contract.js';

export interface HttpAdapterOptions {
  /** Milliseconds a request may take before it counts as failed; default 30 s. */
  timeout?: number;
}

const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/** The server's `{ error }` text, if it sent one. */
async function serverWords(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body?.error === 'string' ? short(body.error) : '';
  } catch {
    return '';
  }
}

export class HttpSyncAdapter implements SyncAdapter {
  readonly #base: string;
  /** Undefined for a share link's endpoints (no token). */
  readonly #source: SyncTokenSource | undefined;
  readonly #timeout: number;
  #token: Promise<string> | undefined;
  /**
   * The token asked for because the one before it was refused: when it is refused too, the
   * page is not asked again (by whichever request it was sent with first) until `retry()`.
   */
  #fresh: Promise<string> | undefined;
  /** Set when a fresh token was refused too: nothing is asked again until `retry()`. */
  #refused: SyncError | undefined;

  constructor(base: string, token: SyncTokenSource | undefined, options: HttpAdapterOptions = {}) {
    this.#base = base.replace(/\/+$/, '');
    this.#source = token;
    this.#timeout = options.timeout ?? 30_000;
  }

  get #host(): string {
    try {
      return new URL(this.#base, location.href).host;
    } catch {
      return this.#base;
    }
  }

  /**
   * The token to send. `refused`: the one the server just refused; a fresh one is
   * asked for unless another request already got one since (asked once, not per request).
   */
  #ask(refused?: Promise<string>): Promise<string> {
    if (!this.#token || (refused && this.#token === refused)) {
      const source = this.#source;
      this.#token = Promise.resolve()
        .then(() => (typeof source === 'function' ? source() : source))
        .then((t) => {
          if (typeof t !== 'string' || !t)
            throw new SyncError('unauthorized', 'The page gave no sync token: sign in to sync, then Retry.', {
              detail: { code: 'no-token' },
            });
          return t;
        });
      this.#token.catch(() => (this.#token = undefined));
      this.#fresh = refused ? this.#token : undefined;
    }
    return this.#token;
  }

  /** Lets the next request ask for a token again (the person pressed Retry or signed in). */
  retry(): void {
    this.#refused = undefined;
  }

  async #request(path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<Response> {
    if (this.#refused) throw this.#refused;
    let sent: Promise<string> | undefined;
    for (let attempt = 0; ; attempt++) {
      if (this.#refused) throw this.#refused; // refused meanwhile (another request): not asked again
      sent = this.#source === undefined ? undefined : this.#ask(sent);
      const token = await sent;
      let response: Response;
      const timeout = AbortSignal.timeout(this.#timeout);
      try {
        response = await fetch(`${this.#base}${path}`, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }) },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        if (timeout.aborted) {
          const seconds = Math.round(this.#timeout / 1000);
          throw new SyncError(
            'offline',
            `The sync server ${this.#host} did not answer within ${seconds} s. Your conversations stay on this device and are sent when it answers.`,
            { cause: error, detail: { code: 'timeout', host: this.#host, seconds } },
          );
        }
        throw new SyncError(
          'offline',
          `The sync server ${this.#host} cannot be reached (this device is offline, or the server is down). Your conversations stay on this device and are sent when it answers.`,
          { cause: error, detail: { code: 'unreachable', host: this.#host } },
        );
      }
      // A 401 asks for a fresh token once; a fresh token refused too is not asked again, whichever request met it first.
      if (response.status === 401 && attempt === 0 && typeof this.#source === 'function' && sent !== this.#fresh) continue;
      if (response.ok) return response;
      const words = await serverWords(response);
      const said = words ? ` It said: “${words}”` : '';
      if (response.status === 404 && this.#source === undefined)
        throw new SyncError('server', `This share link no longer works.${said}`, { detail: { code: 'share-gone', said: words } });
      if (response.status === 401 || response.status === 403) {
        if (this.#token === sent) this.#token = undefined;
        throw (this.#refused = new SyncError(
          'unauthorized',
          `The sync server did not accept your sign-in.${said} Sign in again, then Retry.`,
          { detail: { code: 'signed-out', said: words } },
        ));
      }
      if (response.status === 413)
        throw new SyncError('too-large', `The sync server refused a change as too large.${said}`, {
          detail: { code: 'too-large', said: words },
        });
      throw new SyncError(
        'server',
        `The sync server ${this.#host} answered with an error (HTTP ${response.status}).${said} Your conversations stay on this device; Retry later.`,
        {
          detail: { code: 'server-error', host: this.#host, status: response.status, said: words },
        },
      );
    }
  }

  async #json<T>(response: Response): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new SyncError(
        'offline',
        `The connection to the sync server ${this.#host} was cut before its answer arrived. Your conversations stay on this device and are sent again.`,
        { cause: error, detail: { code: 'cut', host: this.#host } },
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new SyncError('invalid-response', `The sync server ${this.#host} sent an answer that is not JSON; nothing of it was used.`, {
        cause: error,
        detail: { code: 'not-json', host: this.#host },
      });
    }
  }

  async pull(checkpoint: string | undefined, limit: number): Promise<PullResult> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (checkpoint !== undefined) query.set('checkpoint', checkpoint);
    const body = await this.#json<PullResult>(await this.#request(`/pull?${query}`));
    if (typeof body !== 'object' || body === null || !Array.isArray(body.rows) || typeof body.checkpoint !== 'string') {
      throw new SyncError(
        'invalid-response',
        `The sync server ${this.#host} answered a pull without rows and a checkpoint; nothing of it was used.`,
        { detail: { code: 'bad-pull', host: this.#host } },
      );
    }
    return body;
  }

  /** Makes a read-only link to one conversation (a grant on the server): its id. */
  async share(conversationId: string): Promise<string> {
    const body = await this.#json<{ id?: unknown }>(
      await this.#request('/shares', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ conversationId }),
      }),
    );
    if (typeof body?.id !== 'string' || !/^[\w-]{10,64}$/.test(body.id))
      throw new SyncError('invalid-response', `The sync server ${this.#host} answered the share without a usable link.`, {
        detail: { code: 'bad-share', host: this.#host },
      });
    return body.id;
  }

  /** Revokes a share link: it stops working at once. */
  async revoke(id: string): Promise<void> {
    await this.#request(`/shares/${encodeURIComponent(id)}`, { method: 'DELETE' });
  }

  async push(rows: PushRow[]): Promise<PushResult> {
    const body = await this.#json<Partial<PushResult>>(
      await this.#request('/push', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ rows }) }),
    );
    if (typeof body !== 'object' || body === null)
      throw new SyncError('invalid-response', `The sync server ${this.#host} answered a push with nothing readable.`, {
        detail: { code: 'bad-push', host: this.#host },
      });
    return { conflicts: Array.isArray(body.conflicts) ? body.conflicts : [], rejected: Array.isArray(body.rejected) ? body.rejected : [] };
  }

  /** The server-sent events of `<base>/stream`, read with fetch (EventSource cannot send a token). */
  stream(listener: (event: StreamEvent) => void): () => void {
    const stop = new AbortController();
    void (async () => {
      let delay = 500;
      let first = true;
      while (!stop.signal.aborted) {
        try {
          const response = await this.#request('/stream', { headers: { Accept: 'text/event-stream' } }, stop.signal);
          if (!first) listener('resync'); // changes may have happened while it was away
          first = false;
          delay = 500;
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const event = /^event: *(.*)$/m.exec(block)?.[1]?.trim();
              if (event === 'change' || event === 'resync') listener(event);
            }
            if (buffer.length > 65_536) buffer = ''; // not an event stream: ignore it
          }
        } catch (error) {
          // down, offline or refused: try again later; the cycles report the why. A share link revoked while
          // it was followed (its stream ended, the next one is refused) asks for one pull, which says so.
          if (error instanceof SyncError && error.detail.code === 'share-gone' && !stop.signal.aborted) {
            listener('resync');
            break;
          }
        }
        first = false;
        if (stop.signal.aborted) break;
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 15_000);
      }
    })();
    return () => stop.abort();
  }
}
