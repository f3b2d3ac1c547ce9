/** The outcome of {@link checkSandboxUrl}: the absolute address and its origin, or why it is refused (a sentence). */
export type SandboxUrlCheck = { ok: true; href: string; origin: string } | { ok: false; reason: string };

/**
 * Checks a `sandbox-url` before anything is loaded from it. The proxy frame
 * gets `allow-scripts allow-same-origin`, so whatever runs in it runs with
 * the origin of its URL: only an `http:` or `https:` page on an origin other
 * than the page's own may be used. Refused: `javascript:` (it would run with
 * the page's origin), `data:`, `blob:`, `about:` and every other scheme,
 * anything unparsable, user info in the URL, and the page's own origin (the
 * proxy, and anything that breaks out of it, would share the page's cookies,
 * storage and DOM). A relative address resolves against the page, so it is
 * always the page's own origin.
 */
export function checkSandboxUrl(value: string, page: string = location.href): SandboxUrlCheck {
  const shown = value.length > 80 ? `${value.slice(0, 77)}…` : value;
  let url: URL;
  try {
    url = new URL(value.trim(), page);
  } catch {
    return { ok: false, reason: `The sandbox-url "${shown}" was refused: it is not a valid address. No app is run.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      reason: `The sandbox-url "${shown}" was refused: only http and https pages may host the app sandbox, not ${url.protocol} addresses. No app is run.`,
    };
  }
  if (url.username || url.password) {
    return { ok: false, reason: `The sandbox-url "${shown}" was refused: it carries a user name or password. No app is run.` };
  }
  if (url.origin === new URL(page).origin) {
    return {
      ok: false,
      reason: `The sandbox-url "${shown}" was refused: it is on the page's own origin (${url.origin}), so apps would not be isolated from this page. Host the sandbox page on another origin. No app is run.`,
    };
  }
  return { ok: true, href: url.href, origin: url.origin };
}
