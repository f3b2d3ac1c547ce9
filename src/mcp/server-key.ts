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
  return remembered(keys, value, () => {
    try {
      const url = new URL(value);
      return `${url.origin}${url.pathname}`;
    } catch {
      return value;
    }
  });
}

/**
 * Parsed addresses, by the address. Every tool of every server names its
 * server's key and host, and the tool lists are built again each time a
 * server changes: with twenty servers connecting, `new URL` per tool per
 * change was the page's largest JavaScript cost (docs/performance.md,
 * "Twenty servers"). A page has few server addresses; past 256 the memory
 * starts again.
 */
const keys = new Map<string, string>();
const hosts = new Map<string, string>();

function remembered(memory: Map<string, string>, value: string, compute: () => string): string {
  let out = memory.get(value);
  if (out === undefined) {
    if (memory.size >= 256) memory.clear();
    memory.set(value, (out = compute()));
  }
  return out;
}

/** Whether `value` is a key made by {@link serverKey} from a URL (not a per-page id). */
export function isServerKey(value: string): boolean {
  try {
    return serverKey(value) === value && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  } catch {
    return false;
  }
}

/** Host and port of a server address, for text that names it; the text itself when it is not a URL or has no host. */
export function hostOf(url: string): string;
export function hostOf(url: string | undefined): string | undefined;
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return url;
  return remembered(hosts, url, () => {
    try {
      return new URL(url).host || url;
    } catch {
      return url;
    }
  });
}

/**
 * What to call a server: the configured name, else the name it introduced
 * itself with (its `title` first when `withTitle`, for people to read), else
 * the host of its address. Tool-name prefixes and input requests use the
 * name; `McpConnection.name` the title.
 */
export function serverName(
  url: string,
  configured: string | undefined,
  info: { name?: string; title?: string } | undefined,
  withTitle = false,
): string {
  return configured ?? (withTitle ? info?.title : undefined) ?? info?.name ?? hostOf(url);
}
