import { ProviderError, type ProviderErrorKind } from '../provider-error.js';

/** The provider id of the browser's built-in model. */
export const BROWSER_PROVIDER_ID = 'browser';

/**
 * `ProviderError.code`s this provider sets, for a UI that wants to offer the
 * right button: `unavailable` (no built-in model here), `download-required`
 * (the person must agree to a download first: call `download()`),
 * `downloading` (a download is under way), `context-overflow` (the message
 * alone is longer than the model's context).
 */
export const BrowserModelErrorCode = {
  Unavailable: 'unavailable',
  DownloadRequired: 'download-required',
  Downloading: 'downloading',
  ContextOverflow: 'context-overflow',
} as const;
/** One of {@link BrowserModelErrorCode}. */
export type BrowserModelErrorCode = (typeof BrowserModelErrorCode)[keyof typeof BrowserModelErrorCode];

/** A `ProviderError` of this provider. */
export function browserError(kind: ProviderErrorKind, message: string, code?: string, cause?: unknown): ProviderError {
  return new ProviderError(kind, message, { provider: BROWSER_PROVIDER_ID, code, cause });
}

/**
 * Any failure of a Prompt API call -> a `ProviderError` whose message a
 * person can act on. The API rejects with `DOMException`s named in its spec:
 * `NotSupportedError` (no model for these options), `NotAllowedError`
 * (permissions policy, or a download without a click), `QuotaExceededError`
 * (input longer than the context), `InvalidStateError` (a destroyed session
 * or an inactive document), `NetworkError` (the download failed),
 * `AbortError`, `OperationError` / `UnknownError` (the model failed).
 */
export function mapBrowserModelError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = (error as { name?: unknown } | undefined)?.name;
  const detail = error instanceof Error && error.message ? ` (the browser said: ${error.message})` : '';
  if (signal?.aborted || name === 'AbortError')
    return browserError('aborted', "The request to the browser's built-in model was stopped.", undefined, error);
  switch (name) {
    case 'NotSupportedError':
      return browserError(
        'not-found',
        `The browser's built-in model cannot handle this request: an input type or language it does not support.${detail}`,
        BrowserModelErrorCode.Unavailable,
        error,
      );
    case 'NotAllowedError':
      return browserError(
        'auth',
        `The browser did not allow its built-in model here: a download must start from a click, and a page in a frame needs allow="language-model".${detail}`,
        undefined,
        error,
      );
    case 'QuotaExceededError':
      return browserError(
        'bad-request',
        `This is too long for the browser's built-in model: shorten the message or start a new conversation.${detail}`,
        BrowserModelErrorCode.ContextOverflow,
        error,
      );
    case 'NetworkError':
      return browserError(
        'network',
        `The browser could not download its built-in model. Check the connection and try again.${detail}`,
        undefined,
        error,
      );
    case 'InvalidStateError':
      return browserError(
        'server',
        `The browser's built-in model is not ready (the page may be in the background or the model was unloaded). Try again.${detail}`,
        undefined,
        error,
      );
    case 'SyntaxError':
    case 'TypeError':
      return browserError('bad-request', `The browser's built-in model refused the request as given.${detail}`, undefined, error);
    default:
      return browserError('server', `The browser's built-in model failed.${detail}`, undefined, error);
  }
}
