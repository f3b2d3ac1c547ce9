/**
 * The page at the site's OAuth redirect URI. Serve a small HTML page there that
 * runs this module:
 *
 * ```html
 * <!doctype html><title>Signing in…</title>
 * <p id="status" role="status">Finishing sign-in…</p>
 * <script type="module">
 *   import { handleOAuthCallback } from 'mcp-web-elements/mcp';
 *   handleOAuthCallback();
 * </script>
 * ```
 *
 * It hands the authorization response (the whole callback URL) back to the
 * page that started sign-in; it never redeems the code itself and never checks
 * `state` (the provider that generated the state does both).
 */

/** `type` of the message the callback page posts to the page that signs in. */
export const OAUTH_CALLBACK_MESSAGE = 'mcp-oauth-callback';
/** Name of the BroadcastChannel used when the callback page has no opener. */
export const OAUTH_CALLBACK_CHANNEL = 'mcp-oauth';
/** sessionStorage key: set by the redirect fallback before leaving the page. */
export const OAUTH_RETURN_KEY = 'mcp-oauth:return';
/** sessionStorage key: the callback URL, left by the callback page for the redirect fallback. */
export const OAUTH_CALLBACK_KEY = 'mcp-oauth:callback';

/** The message the callback page sends (postMessage to its opener and on the BroadcastChannel). */
export interface OAuthCallbackMessage {
  type: typeof OAUTH_CALLBACK_MESSAGE;
  /** The full callback URL, with `code`, `state` and maybe `iss` or `error`. */
  url: string;
}

/** What the redirect fallback records before it leaves the page. */
export interface OAuthReturnRecord {
  /** Where to come back to after the authorization server redirects here. */
  returnUrl: string;
  /** The state the provider sent; the callback only acts on a matching response. */
  state: string;
}

/** How {@link handleOAuthCallback} delivered the response. */
export type OAuthCallbackOutcome = 'returned' | 'posted';

/**
 * Delivers the authorization response of this window's URL to the page that
 * started sign-in:
 * - redirect fallback (the whole tab went to the authorization server): stores
 *   the callback URL in sessionStorage and goes back to the page, which calls
 *   `provider.completeRedirectSignIn()`;
 * - popup or link tab: posts `{ type, url }` to `window.opener` (target origin:
 *   this page's own origin, so no other origin receives the code) and on a
 *   BroadcastChannel (for tabs opened without an opener, or when the
 *   authorization server's Cross-Origin-Opener-Policy cut the opener), then
 *   closes the window.
 */
export function handleOAuthCallback(options: { win?: Window; close?: boolean } = {}): OAuthCallbackOutcome {
  const win = options.win ?? window;
  const href = win.location.href;
  const state = new URL(href).searchParams.get('state');

  const pendingReturn = readReturnRecord(win.sessionStorage);
  if (pendingReturn && state !== null && pendingReturn.state === state) {
    win.sessionStorage.removeItem(OAUTH_RETURN_KEY);
    win.sessionStorage.setItem(OAUTH_CALLBACK_KEY, href);
    win.location.replace(pendingReturn.returnUrl);
    return 'returned';
  }

  const message: OAuthCallbackMessage = { type: OAUTH_CALLBACK_MESSAGE, url: href };
  const opener = win.opener as Window | null;
  if (opener && opener !== win) {
    try {
      opener.postMessage(message, win.location.origin);
    } catch {
      // The opener navigated elsewhere; the BroadcastChannel below still reaches it.
    }
  }
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
  // Strip the code from the address bar and history before anything else runs.
  win.history.replaceState(null, '', win.location.pathname);
  const status = win.document.getElementById('status');
  if (status) status.textContent = 'Signed in. You can close this window.';
  if (options.close !== false) setTimeout(() => win.close(), 50);
  return 'posted';
}

function readReturnRecord(storage: Storage): OAuthReturnRecord | undefined {
  try {
    const raw = storage.getItem(OAUTH_RETURN_KEY);
    return raw ? (JSON.parse(raw) as OAuthReturnRecord) : undefined;
  } catch {
    return undefined;
  }
}
