// The bounds an MCP App lives within on the page's side (the sandbox proxy
// applies the same ones first, in its own process): see docs/security.md.

/** Largest log message (characters of its data) passed on to the page. */
export const LOG_MAX = 64 * 1024;
/** Largest model context an app may set (characters). */
export const CONTEXT_MAX = 256 * 1024;
/** Largest state an app may keep (characters of its `localStorage` keys and values); more is refused with `QuotaExceededError`. */
export const STATE_MAX = 100 * 1024;
/** Model-context updates reach the host at most this often (ms). */
export const CONTEXT_MS = 100;

/**
 * The size of a JSON-like value in characters, counted only up to `limit`
 * (then anything above it): the work is bounded by the limit, not the value.
 */
export function boundedSize(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length && total <= limit) {
    const v = stack.pop();
    if (typeof v === 'string') total += v.length + 2;
    else if (v && typeof v === 'object') {
      const entries = Array.isArray(v) ? v : Object.entries(v as Record<string, unknown>).flat();
      total += 2;
      for (const item of entries) stack.push(item);
    } else total += 8;
  }
  return total;
}

/** At most this many `ui/message` requests of one app reach the person per minute; more are refused. */
export const APP_MESSAGES_PER_MINUTE = 5;
