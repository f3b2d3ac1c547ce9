/**
 * The page's long-lived event streams per origin. A browser opens at most six
 * HTTP/1.1 connections to one host:port (Chromium, Firefox, Safari), and an
 * event stream keeps its connection for as long as it is open. A 2025-era
 * server keeps the optional GET stream (server notifications and requests
 * outside a call) open for the whole session: seven or eight such servers on
 * one host:port would hold every connection, and no request (a connect, a tool
 * call) would reach any of them. So the page holds at most
 * {@link MAX_LIVE_STREAMS_PER_ORIGIN} of these streams per origin, whatever
 * connection or chat opens them; a connection past the limit goes without one
 * (`McpConnection.liveNotifications` is false) and says so. A place freed by a
 * closed stream is taken by the next connection that opens one.
 *
 * Shared by every connection of this page (one JavaScript realm), so it is
 * module state on purpose.
 */

/** Long-lived GET event streams the page keeps open to one origin: three of the browser's six connections stay free for requests. */
export const MAX_LIVE_STREAMS_PER_ORIGIN = 3;

const open = new Map<string, number>();

/** The origin an address counts against (scheme, host and port: the browser's connection group). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Takes a place for one long-lived stream to `url`'s origin. Returns the
 * function that gives it back (call it once the stream has ended, failed or
 * was closed; further calls do nothing), or `undefined` when the origin's
 * places are all taken.
 */
export function takeLiveStream(url: string): (() => void) | undefined {
  const origin = originOf(url);
  const count = open.get(origin) ?? 0;
  if (count >= MAX_LIVE_STREAMS_PER_ORIGIN) return undefined;
  open.set(origin, count + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (open.get(origin) ?? 1) - 1;
    if (left > 0) open.set(origin, left);
    else open.delete(origin);
  };
}

/** How many long-lived streams the page holds to `url`'s origin now. */
export function liveStreamsTo(url: string): number {
  return open.get(originOf(url)) ?? 0;
}
