/**
 * Which URLs a URL-mode elicitation may open. A server chooses the URL, so it
 * is untrusted: only `https:` is opened, plus `http:` on the loopback names
 * `localhost` and `127.0.0.1` (local development). Everything else
 * (`javascript:`, `data:`, `file:`, plain `http:` elsewhere, URLs carrying a
 * user name or password, which are a classic way to disguise the real host)
 * is refused with a reason the person can read.
 */
import { FORM_STRINGS_EN, type FormStrings } from '../shared/form-strings.js';

/** A URL that may be opened, split for display with its host made prominent. */
export interface OpenableUrl {
  ok: true;
  /** The normalized URL that `window.open` receives. */
  href: string;
  /** `https://` or `http://`. */
  prefix: string;
  /** Host (and port), punycode for international names so look-alikes show. */
  host: string;
  /** Path, query and fragment. */
  rest: string;
}

/** A URL that must not be opened, with the reason to show. */
export interface RefusedUrl {
  ok: false;
  /** The URL as the server sent it (shown as text only). */
  href: string;
  reason: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/** Decides whether `raw` may be opened; see the module comment for the rule. */
export function checkUrl(
  raw: string,
  t: Pick<FormStrings, 'urlInvalid' | 'urlScheme' | 'urlInsecure' | 'urlCredentials'> = FORM_STRINGS_EN,
): OpenableUrl | RefusedUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, href: raw, reason: t.urlInvalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, href: raw, reason: t.urlScheme(url.protocol) };
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return { ok: false, href: raw, reason: t.urlInsecure };
  }
  if (url.username || url.password) {
    return { ok: false, href: raw, reason: t.urlCredentials };
  }
  return {
    ok: true,
    href: url.href,
    prefix: `${url.protocol}//`,
    host: url.host,
    rest: `${url.pathname}${url.search}${url.hash}`,
  };
}
