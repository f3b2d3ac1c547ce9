// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../../content/no-eval.js';
import {
  auth,
  discoverOAuthProtectedResourceMetadata,
  DpopSession,
  type FetchLike,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { OAUTH_CALLBACK_KEY, OAUTH_RETURN_KEY, type OAuthReturnRecord } from './callback.js';
import { guardSignInMetadata } from '../sign-in-metadata.js';
import { OAuthSignInError, OAuthSignInErrorKind } from './errors.js';
import { openBlankPopup, waitForCallback, type PopupFeatures } from './popup.js';
import { IndexedDbOAuthStore, SessionStorageOAuthStore, type OAuthServerRecord, type OAuthStore } from './token-store.js';

/** Options of {@link BrowserOAuthProvider}. */
export interface BrowserOAuthProviderOptions {
  /** The MCP server this provider signs in to; tokens are kept per server URL. */
  serverUrl: string | URL;
  /** The site's redirect URI: a page that runs `handleOAuthCallback()`. Relative URLs resolve against the page. */
  redirectUrl: string | URL;
  /** Shown by the authorization server on its consent page (dynamic registration). */
  clientName?: string;
  /** The site's home page, for the consent page (dynamic registration). */
  clientUri?: string;
  /**
   * Client identity by Client ID Metadata Document: an https URL the site
   * hosts. Used when the authorization server advertises
   * `client_id_metadata_document_supported`; otherwise the provider registers
   * dynamically.
   */
  clientMetadataUrl?: string;
  /** A client id registered with the authorization server beforehand (no dynamic registration). */
  clientId?: string;
  /** Its secret, if the authorization server insists on one (a browser cannot keep it secret). */
  clientSecret?: string;
  /** `'session'` (default): sessionStorage; `'indexeddb'`: survives closing the tab; or a store of your own. */
  storage?: 'session' | 'indexeddb' | OAuthStore;
  /**
   * When the browser blocks the popup: `'redirect'` (default) sends the whole
   * tab to the authorization server and back (call `completeRedirectSignIn()`
   * on load); `'link'` hands the URL to `onPopupBlocked` so the page can show
   * a plain link, and keeps waiting for its callback.
   */
  fallback?: 'redirect' | 'link';
  /** Told the authorization URL when the popup was blocked and `fallback` is `'link'`. */
  onPopupBlocked?: (authorizationUrl: URL) => void;
  /** Popup size. */
  popup?: PopupFeatures;
  /** `fetch` for discovery, registration and token requests (default: global fetch). */
  fetch?: FetchLike;
  /** How long to wait for the callback (default 5 minutes). */
  timeoutMs?: number;
}

/**
 * An `OAuthClientProvider` for web pages: pass it as the transport's
 * `authProvider`. The SDK runs discovery (protected resource metadata,
 * authorization server metadata with the OpenID fallback), registration
 * (client metadata document, dynamic registration, or the pre-registered
 * id), PKCE S256, the resource indicator, refresh and step-up; this class
 * keeps the results per server, generates and checks `state`, and runs the
 * person's part: a popup (or a link / full-page redirect when the popup is
 * blocked) to the authorization server and back through the callback page.
 *
 * When the server needs sign-in, `connect()` or a request rejects with
 * `UnauthorizedError` and {@link authorizationUrl} is set; show
 * "Sign in to <server>" and call {@link signIn} from the click handler, then
 * connect again on a fresh transport.
 */
export class BrowserOAuthProvider implements OAuthClientProvider {
  readonly serverUrl: URL;
  readonly clientMetadataUrl?: string;
  private readonly options: BrowserOAuthProviderOptions;
  private readonly store: OAuthStore;
  private readonly key: string;
  private pending?: URL;
  private grantedScope?: string;
  private queue: Promise<unknown> = Promise.resolve();
  private dpopSession?: { alg: (typeof DPOP_ALGS)[number]; session: Promise<DpopSession> };
  /** The fetch of discovery, registration and tokens: no guessed endpoints when the metadata cannot be read. */
  private readonly fetch: FetchLike;

  constructor(options: BrowserOAuthProviderOptions) {
    this.options = options;
    this.serverUrl = new URL(options.serverUrl, location.href);
    this.clientMetadataUrl = options.clientMetadataUrl;
    this.key = this.serverUrl.href;
    this.fetch = guardSignInMetadata(options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
    const storage = options.storage ?? 'session';
    this.store = storage === 'session' ? new SessionStorageOAuthStore() : storage === 'indexeddb' ? new IndexedDbOAuthStore() : storage;
  }

  /** The redirect URI, absolute. */
  get redirectUrl(): string {
    return new URL(this.options.redirectUrl, location.href).href;
  }

  /** Metadata for dynamic registration: a public browser client (PKCE, no secret). */
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? document.title ?? location.host,
      ...(this.options.clientUri ? { client_uri: this.options.clientUri } : {}),
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'web',
    } as OAuthClientMetadata;
  }

  /** The authorization URL the SDK asked the person to visit, until sign-in completes. */
  get authorizationUrl(): URL | undefined {
    return this.pending;
  }

  /** Whether tokens are stored for this server (they may still be refused). */
  async isSignedIn(): Promise<boolean> {
    return (await this.store.get(this.key))?.tokens !== undefined;
  }

  // ---- OAuthClientProvider: storage -------------------------------------

  /** A fresh random `state` per authorization request, kept until its callback. */
  async state(): Promise<string> {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const state = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    await this.update((r) => ({ ...r, state }));
    return state;
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    if (this.options.clientId) {
      return {
        client_id: this.options.clientId,
        ...(this.options.clientSecret ? { client_secret: this.options.clientSecret } : {}),
      };
    }
    const clients = (await this.store.get(this.key))?.clients ?? {};
    return ctx ? clients[ctx.issuer] : undefined;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    if (!ctx) return;
    await this.update((r) => ({ ...r, clients: { ...r.clients, [ctx.issuer]: info } }));
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.store.get(this.key))?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.update((r) => ({ ...r, tokens }));
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.update((r) => ({ ...r, codeVerifier }));
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.store.get(this.key))?.codeVerifier;
    if (!verifier) throw new OAuthSignInError(OAuthSignInErrorKind.InvalidResponse, 'No sign-in is in progress for this server.');
    return verifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.update((r) => ({ ...r, discovery }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.store.get(this.key))?.discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all') {
      await this.store.delete(this.key);
      return;
    }
    await this.update((r) => {
      const next = { ...r };
      if (scope === 'client') delete next.clients;
      if (scope === 'tokens') delete next.tokens;
      if (scope === 'verifier') delete next.codeVerifier;
      if (scope === 'discovery') delete next.discovery;
      return next;
    });
  }

  /**
   * Called by the SDK when the person must visit the authorization server.
   * Nothing opens here (a popup needs the person's click): the URL is kept
   * for {@link signIn}. Refuses a step-up that asks again for scope already
   * granted (the server would refuse forever).
   */
  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (await this.authorizationServerMoved()) {
      // SEP-2352: the resource now names another authorization server. This URL
      // points at the old one: drop it and everything bound to the old issuer;
      // signIn() then discovers afresh and registers with the new one.
      this.pending = undefined;
      this.grantedScope = undefined;
      await this.forgetIssuer();
      return;
    }
    const requested = authorizationUrl.searchParams.get('scope')?.split(' ').filter(Boolean) ?? [];
    const granted = new Set(this.grantedScope?.split(' ') ?? []);
    // Only a step-up keeps the tokens (a refused refresh drops them first).
    const stepUp = (await this.tokens()) !== undefined;
    if (stepUp && this.grantedScope !== undefined && requested.length > 0 && requested.every((s) => granted.has(s))) {
      this.grantedScope = undefined;
      throw new OAuthSignInError(
        OAuthSignInErrorKind.StepUpLimit,
        `The server still refuses access after scope "${requested.join(' ')}" was granted.`,
      );
    }
    this.pending = authorizationUrl;
  }

  /**
   * Whether the protected-resource metadata now names a different
   * authorization server than the one the stored discovery (and so the stored
   * tokens and client registration) belongs to. Asked again each time the SDK
   * wants the person to sign in, since a refused token is how a move shows.
   */
  private async authorizationServerMoved(): Promise<boolean> {
    const discovery = await this.discoveryState();
    const recorded = discovery?.authorizationServerUrl;
    if (!recorded) return false;
    try {
      const metadata = await discoverOAuthProtectedResourceMetadata(
        this.serverUrl,
        discovery.resourceMetadataUrl ? { resourceMetadataUrl: discovery.resourceMetadataUrl } : {},
        this.fetch,
      );
      const named = metadata.authorization_servers?.[0];
      return (
        named !== undefined &&
        sameIssuer(named, recorded) === false &&
        sameIssuer(named, discovery.authorizationServerMetadata?.issuer) === false
      );
    } catch {
      // No metadata (or no network): nothing says it moved.
      return false;
    }
  }

  /** Forgets the tokens, discovery, verifier and client registration bound to the recorded issuer. */
  private async forgetIssuer(): Promise<void> {
    const discovery = await this.discoveryState();
    const issuers = [discovery?.authorizationServerMetadata?.issuer, discovery?.authorizationServerUrl].filter((i): i is string => !!i);
    await this.update((r) => {
      const clients = { ...r.clients };
      for (const issuer of issuers) delete clients[issuer];
      return { ...r, tokens: undefined, discovery: undefined, codeVerifier: undefined, clients };
    });
  }

  /**
   * DPoP (RFC 9449, SEP-1932), when the authorization server asks for it
   * (`dpop_signing_alg_values_supported` in its metadata): the SDK then signs
   * a proof into each token request and presents the DPoP-bound token with a
   * fresh proof per request (nonces included). The key pair is WebCrypto,
   * generated non-extractable (no script can read the private key), and lives
   * as long as this provider: after a reload the tokens bound to the old key
   * are refused and the person signs in again.
   */
  async dpop(): Promise<DpopSession | undefined> {
    const metadata = (await this.discoveryState())?.authorizationServerMetadata as
      { dpop_signing_alg_values_supported?: unknown } | undefined;
    const offered = metadata?.dpop_signing_alg_values_supported;
    if (!Array.isArray(offered)) return undefined;
    const alg = DPOP_ALGS.find((a) => offered.includes(a));
    if (!alg) return undefined;
    if (this.dpopSession?.alg !== alg) this.dpopSession = { alg, session: DpopSession.create({ alg }) };
    return this.dpopSession.session;
  }

  // ---- The person's part --------------------------------------------------

  /**
   * Signs the person in. Call it from the click handler of "Sign in to
   * <server>" before any `await` of your own: it opens the popup right away
   * (browsers allow popups only during a click), sends it to the authorization
   * server, waits for the callback page, checks `state`, and redeems the code.
   * Resolves when tokens are stored; then connect again (fresh transport).
   * Rejects with `OAuthSignInError` (`.code`) on a wrong state, a denial,
   * cancellation or timeout.
   */
  async signIn(options: { signal?: AbortSignal } = {}): Promise<void> {
    const popup = openBlankPopup(window, this.options.popup);
    try {
      let url = this.pending;
      if (!url) {
        const result = await auth(this, { serverUrl: this.serverUrl, fetchFn: this.fetch });
        if (result === 'AUTHORIZED' || !this.pending) {
          popup?.close();
          return;
        }
        url = this.pending;
      }
      const state = url.searchParams.get('state') ?? '';
      if (popup) {
        popup.location.href = url.href;
      } else if ((this.options.fallback ?? 'redirect') === 'redirect') {
        const record: OAuthReturnRecord = { returnUrl: location.href, state };
        sessionStorage.setItem(OAUTH_RETURN_KEY, JSON.stringify(record));
        location.assign(url.href);
        // The page is leaving; completeRedirectSignIn() finishes on return.
        return await new Promise<never>(() => {});
      } else {
        this.options.onPopupBlocked?.(url);
      }
      const params = await waitForCallback({
        win: window,
        callbackOrigin: new URL(this.redirectUrl).origin,
        state,
        popup,
        signal: options.signal,
        timeoutMs: this.options.timeoutMs,
      });
      await this.finishSignIn(params);
    } catch (error) {
      popup?.close();
      throw error;
    }
  }

  /**
   * Finishes a sign-in that went through the full-page redirect fallback.
   * Call it once on page load; resolves `true` when it redeemed a response
   * for this server, `false` when there was none for it.
   */
  async completeRedirectSignIn(): Promise<boolean> {
    const href = sessionStorage.getItem(OAUTH_CALLBACK_KEY);
    if (!href) return false;
    const params = new URL(href).searchParams;
    const record = await this.store.get(this.key);
    if (!record?.state || params.get('state') !== record.state) return false;
    sessionStorage.removeItem(OAUTH_CALLBACK_KEY);
    await this.finishSignIn(params);
    return true;
  }

  /** Signs out of this server: forgets its tokens, registration, verifier and discovery results. */
  async signOut(): Promise<void> {
    this.pending = undefined;
    this.grantedScope = undefined;
    await this.queue.catch(() => undefined);
    await this.store.delete(this.key);
  }

  /** Checks the callback against this flow and redeems the code (through the SDK). */
  private async finishSignIn(params: URLSearchParams): Promise<void> {
    const record = await this.store.get(this.key);
    const expected = record?.state;
    // `state` is single use: clear it whatever happens next.
    await this.update((r) => ({ ...r, state: undefined }));
    if (!expected || params.get('state') !== expected) {
      throw new OAuthSignInError(
        OAuthSignInErrorKind.StateMismatch,
        'The sign-in response does not belong to this sign-in (state mismatch); it was ignored.',
      );
    }
    const oauthError = params.get('error');
    if (oauthError) {
      this.pending = undefined;
      throw new OAuthSignInError(OAuthSignInErrorKind.AuthorizationDenied, `Sign-in was not completed (${oauthError}).`, oauthError);
    }
    const code = params.get('code');
    if (!code) throw new OAuthSignInError(OAuthSignInErrorKind.InvalidResponse, 'The sign-in response carried no authorization code.');
    const requestedScope = this.pending?.searchParams.get('scope') ?? undefined;
    const result = await auth(this, {
      serverUrl: this.serverUrl,
      authorizationCode: code,
      iss: params.get('iss') ?? undefined,
      fetchFn: this.fetch,
    });
    if (result !== 'AUTHORIZED')
      throw new OAuthSignInError(OAuthSignInErrorKind.NotAuthorized, 'The authorization server did not issue tokens.');
    this.pending = undefined;
    this.grantedScope = (await this.tokens())?.scope ?? requestedScope;
  }

  /** Read-modify-write of this server's record, serialized so concurrent saves do not lose each other. */
  private update(change: (record: OAuthServerRecord) => OAuthServerRecord): Promise<void> {
    const next = this.queue.then(async () => {
      const current = (await this.store.get(this.key)) ?? {};
      await this.store.set(this.key, change(current));
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** DPoP algorithms WebCrypto signs everywhere, in order of preference. */
const DPOP_ALGS = ['ES256', 'ES384', 'PS256', 'RS256'] as const;

/** Issuer identifiers compared as the SDK does for discovery: exact, but a lone trailing slash does not count. */
function sameIssuer(a: string, b: string | undefined): boolean {
  return b !== undefined && a.replace(/\/$/, '') === b.replace(/\/$/, '');
}
