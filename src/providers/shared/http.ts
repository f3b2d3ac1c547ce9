import { kindForStatus, messageForStatus, ProviderError } from '../provider-error.js';
import type { FetchFunction } from '../types.js';

/** How one provider call is sent: shared by the adapters (transport, not mapping). */
export interface SendOptions {
  /** Provider id and the name shown in messages. */
  provider: string;
  label: string;
  url: string;
  init: RequestInit;
  fetch: FetchFunction;
  signal?: AbortSignal;
  /** Retries after a 429/529 (default 2): bounded, so a person is never left waiting forever. */
  maxRetries?: number;
  /** Longest wait (seconds) a Retry-After may ask for; a longer one fails at once with `retryAfter` set. Default 30. */
  maxRetryDelay?: number;
  /** Model asked for, named in a 404 message. */
  model?: string;
  /** Reads the provider's error body into its own message and code. */
  readError: (body: string) => { message?: string; code?: string };
}

/** Waits `ms`, or rejects with an `aborted` error as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, provider: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(provider, signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(provider, signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error for a call the caller stopped. */
export function abortedError(provider: string, signal: AbortSignal | undefined): ProviderError {
  return new ProviderError('aborted', 'The request to the model was stopped.', { provider, cause: signal?.reason });
}

/**
 * Seconds to wait from `retry-after-ms`, `retry-after` (seconds or an HTTP
 * date), or undefined. Browsers only expose these headers when the provider's
 * CORS lists them in Access-Control-Expose-Headers.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms))) return Math.max(0, Number(ms) / 1000);
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/**
 * Sends the request and returns the successful response, or rejects with a
 * {@link ProviderError}. 429 and 529 are retried up to `maxRetries` times,
 * waiting what Retry-After says (else 0.5 s, 1 s, 2 s ...).
 */
export async function send(options: SendOptions): Promise<Response> {
  const { provider, label, signal } = options;
  const maxRetries = options.maxRetries ?? 2;
  const maxRetryDelay = options.maxRetryDelay ?? 30;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await options.fetch(options.url, { ...options.init, signal });
    } catch (error) {
      if (signal?.aborted) throw abortedError(provider, signal);
      throw networkError(provider, label, options.url, error);
    }
    if (response.ok) return response;
    let text = '';
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw abortedError(provider, signal);
    }
    const detail = options.readError(text);
    const status = response.status;
    const kind = kindForStatus(status);
    const retryAfter = retryAfterSeconds(response.headers);
    if (kind === 'rate-limit' && attempt < maxRetries && (retryAfter ?? 0) <= maxRetryDelay) {
      await sleep((retryAfter ?? 0.5 * 2 ** attempt) * 1000, signal, provider);
      continue;
    }
    let message = messageForStatus(label, status, detail.message, options.model);
    if (kind === 'rate-limit') {
      message += retryAfter !== undefined ? ` The provider asked to wait ${Math.ceil(retryAfter)} s.` : '';
      if (attempt > 0) message += ` Gave up after ${attempt + 1} attempts.`;
    }
    throw new ProviderError(kind, message, { provider, status, retryAfter, code: detail.code });
  }
}

/** The error for a request that got no HTTP answer. */
export function networkError(provider: string, label: string, url: string, cause: unknown): ProviderError {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // keep the raw text
  }
  const inBrowser = typeof window !== 'undefined';
  const cors = inBrowser ? ', or it does not allow requests from this page (CORS): browsers report both the same way' : '';
  return new ProviderError(
    'network',
    `Could not reach ${label} at ${origin}. Check the base URL and your connection, and that the server is running${cors}.`,
    { provider, cause },
  );
}

/** Parses JSON, or returns undefined. */
export function tryParseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
