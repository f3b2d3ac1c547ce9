// Shared by the profiles (bench/profile/): Chromium trace events by the time each spent itself.

/**
 * Adds to each complete event (`ph: 'X'`) of `events`, sorted by start and
 * nested by time, `child`: the time its direct children took. An event's own
 * time is then its thread time (`tdur`, else `dur`) minus `child`. Returns the
 * events, sorted.
 */
export function withChildTimes(events) {
  const sorted = events.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  for (const e of sorted) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    if (stack.length) stack.at(-1).child = (stack.at(-1).child ?? 0) + (e.tdur ?? e.dur ?? 0);
    stack.push(e);
  }
  return sorted;
}

/** An event's own time in ms (its thread time less its children's). */
export const selfMs = (e) => ((e.tdur ?? e.dur ?? 0) - (e.child ?? 0)) / 1000;
