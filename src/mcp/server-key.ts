/**
 * The key every per-server decision is stored under (sampling policy, a
 * tool's "always allow", the activity log's `server`): the server's URL
 * without query, fragment or user info, i.e. origin + path. A connection's
 * `id` (`mcp-1`, `mcp-2`, …) only counts connections in this page, so after
 * a reload with the servers in another order it names another server; a
 * self-declared name can be borrowed by any server. The URL cannot.
 *
 * Returns `value` unchanged when it is not an absolute URL.
 */
export function serverKey(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return value;
  }
}

/** Whether `value` is a key made by {@link serverKey} from a URL (not a per-page id). */
export function isServerKey(value: string): boolean {
  try {
    return serverKey(value) === value && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  } catch {
    return false;
  }
}
