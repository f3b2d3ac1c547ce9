/**
 * A sign-in server whose metadata the page cannot read.
 *
 * In a browser, metadata served without CORS headers (or a sign-in server
 * that does not answer) makes `fetch` reject with a bare `TypeError`, the
 * same as a network failure. The SDK takes that as "no metadata here": it
 * goes on with the endpoints the 2025-03-26 specification let a client guess
 * (`/register`, `/token` and `/authorize` at the sign-in server's origin),
 * so the page registers somewhere it was never told to and the person ends
 * up at an address the server never named. Metadata that answers 404 is
 * different: the server said it has none, and the guesses are what that
 * revision of the specification asks for.
 *
 * {@link guardSignInMetadata} wraps the `fetch` of the sign-in flow: after
 * every metadata request to an origin failed without an HTTP answer, a
 * request to a guessed endpoint of that origin is not sent; it rejects with
 * {@link SignInMetadataUnreadableError}, which says which it was (the server
 * answers but its CORS refuses this page, or nothing answers), asked with
 * one `no-cors` request.
 */

/** The sign-in server's metadata documents (RFC 8414, OpenID Connect Discovery), with or without a path. */
const AS_METADATA_PATH = /\/\.well-known\/(?:oauth-authorization-server|openid-configuration)(?:[/?#]|$)/;

/** What the SDK guesses when it has no metadata (`new URL('/register' | '/token', issuer)`). */
const GUESSED_PATHS = new Set(['/register', '/token']);

/** Whether `url` asks for a sign-in server's metadata (not the protected resource's). */
export function isSignInServerMetadata(url: string): boolean {
  return AS_METADATA_PATH.test(url);
}

/**
 * The sign-in flow stopped: the sign-in server's metadata could not be read
 * (`reachable`: it answers, but without CORS headers for this page; else
 * nothing answers there). `authServer` is its origin.
 */
export class SignInMetadataUnreadableError extends Error {
  override name = 'SignInMetadataUnreadableError';
  constructor(
    readonly authServer: string,
    readonly metadataUrl: string,
    readonly reachable: boolean,
  ) {
    super(
      reachable
        ? `The sign-in server ${authServer} does not let this page read its settings (its metadata has no CORS headers). Ask its owner to allow this site.`
        : `Cannot reach the sign-in server ${authServer}. Check that it is running and that this computer is online.`,
    );
  }
}

/** A `fetch`, or the SDK's narrower `FetchLike`. */
type AnyFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** See the module comment. `base` is the fetch the flow would use. */
export function guardSignInMetadata<F extends AnyFetch | ((input: string | URL, init?: RequestInit) => Promise<Response>)>(base: F): F {
  const send = base as AnyFetch;
  /** Per origin: the first metadata URL that failed without an answer, until one answers. */
  const unreadable = new Map<string, string>();
  const guarded: AnyFetch = (input, init) => {
    const address = input instanceof Request ? input.url : String(input);
    // Every request of a connection but the sign-in flow's: no metadata asked, no sign-in server found unreadable. Sent
    // as it is, with no address parsed and no promise of the guard's own (issue 42: this was a URL and an async call per
    // request, about 0.9 KB of a tool call's heap in Chromium).
    if (unreadable.size === 0 && !address.includes('/.well-known/')) return send(input, init);
    return guard(address, input, init);
  };
  const guard = async (address: string, input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return send(input, init);
    }
    if (isSignInServerMetadata(url.href)) {
      try {
        const response = await send(input, init);
        unreadable.delete(url.origin);
        return response;
      } catch (error) {
        if (error instanceof TypeError && !init?.signal?.aborted && !unreadable.has(url.origin)) unreadable.set(url.origin, url.href);
        throw error;
      }
    }
    const failed = unreadable.get(url.origin);
    if (failed !== undefined && GUESSED_PATHS.has(url.pathname)) {
      throw new SignInMetadataUnreadableError(url.origin, failed, await answers(send, failed));
    }
    return send(input, init);
  };
  return guarded as F;
}

/** Whether anything answers at `url` (a `no-cors` request: an opaque answer counts). */
async function answers(base: AnyFetch, url: string): Promise<boolean> {
  try {
    const response = await base(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(5000) });
    await response.body?.cancel().catch(() => {});
    return true;
  } catch {
    return false;
  }
}
