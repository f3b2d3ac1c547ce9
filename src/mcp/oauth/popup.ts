import { OAUTH_CALLBACK_CHANNEL, OAUTH_CALLBACK_MESSAGE, type OAuthCallbackMessage } from './callback.js';
import { OAuthSignInError } from './errors.js';

/** Size and placement of the sign-in popup. */
export interface PopupFeatures {
  width?: number;
  height?: number;
}

/**
 * Opens an empty popup. Call it synchronously inside the person's click
 * handler (before any `await`): browsers only allow popups during a user
 * activation. Returns `null` when the browser blocked it.
 */
export function openBlankPopup(win: Window, features: PopupFeatures = {}): Window | null {
  const width = features.width ?? 520;
  const height = features.height ?? 680;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  // A unique name: two sign-ins must not share (and navigate) one window.
  const name = `mcp-oauth-${crypto.randomUUID()}`;
  try {
    return win.open('', name, `popup,width=${width},height=${height},left=${left},top=${top}`);
  } catch {
    return null;
  }
}

/** Where a callback may come from and which flow it must belong to. */
export interface WaitForCallbackOptions {
  win: Window;
  /** Origin of the redirect URI: only messages from it are read. */
  callbackOrigin: string;
  /** The state this flow sent. */
  state: string;
  /** The popup this flow opened, if any: a response from it with another state is an attack, not noise. */
  popup?: Window | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Resolves with the callback URL's query once the callback page reports an
 * authorization response for this flow.
 *
 * - `postMessage` from our own popup: origin and source are checked; a
 *   response whose `state` differs is rejected (`OAuthSignInError` code
 *   `state_mismatch`) and never redeemed.
 * - BroadcastChannel (same origin by construction; other tabs and other
 *   servers' flows share it): responses for another state are ignored.
 */
export function waitForCallback(options: WaitForCallbackOptions): Promise<URLSearchParams> {
  const { win, callbackOrigin, state, popup, signal } = options;
  return new Promise((resolve, reject) => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_CALLBACK_CHANNEL) : undefined;
    const timer = setTimeout(
      () => finish(new OAuthSignInError('timeout', 'Sign-in took too long; try again.')),
      options.timeoutMs ?? 5 * 60_000,
    );
    const onAbort = () => finish(new OAuthSignInError('cancelled', 'Sign-in was cancelled.'));

    function finish(result: URLSearchParams | Error) {
      clearTimeout(timer);
      win.removeEventListener('message', onWindowMessage);
      channel?.close();
      signal?.removeEventListener('abort', onAbort);
      if (result instanceof Error) reject(result);
      else resolve(result);
    }

    function read(data: unknown): URLSearchParams | undefined {
      const message = data as Partial<OAuthCallbackMessage> | null;
      if (!message || message.type !== OAUTH_CALLBACK_MESSAGE || typeof message.url !== 'string') return undefined;
      try {
        const url = new URL(message.url);
        return url.origin === callbackOrigin ? url.searchParams : undefined;
      } catch {
        return undefined;
      }
    }

    function onWindowMessage(event: MessageEvent) {
      if (event.origin !== callbackOrigin) return;
      const params = read(event.data);
      if (!params) return;
      const fromOurPopup = popup != null && event.source === popup;
      if (params.get('state') === state) finish(params);
      else if (fromOurPopup)
        finish(
          new OAuthSignInError('state_mismatch', 'The sign-in response does not belong to this sign-in (state mismatch); it was ignored.'),
        );
    }

    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        const params = read(event.data);
        if (params && params.get('state') === state) finish(params);
      };
    }
    win.addEventListener('message', onWindowMessage);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}
