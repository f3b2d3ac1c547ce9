// Issue 28's goal lines. Each goal a benchmark measures prints one line that
// starts with "GOAL |": the figure, the peer or floor measured in the same run,
// their ratio, the goal and whether it is met. `npm run bench` (scripts/bench.mjs)
// collects these lines from every benchmark and prints them again as one table
// at the end. Benchmarks print; a missed goal does not throw.

/** The ratio `a / b` with two decimals. */
export const ratioText = (a, b) => (a / b).toFixed(2);

/**
 * Prints a goal given as a ratio to a peer or the floor: met when
 * `ours / peer <= max`. `ours` and `peer` are `{ value, text }` (text: the
 * figure as it should read, with its unit and spread).
 */
export function ratioGoal(name, ours, peer, max) {
  const ratio = ours.value / peer.value;
  const met = ratio <= max;
  console.log(
    `GOAL | ${name} | ${ours.text} | ${peer.text} | ${ratio.toFixed(2)} | ≤ ${max.toFixed(2)}x | ${met ? 'yes' : `no (${(ratio - max).toFixed(2)} over)`}`,
  );
  return met;
}

/**
 * Prints a goal given as an absolute bound (no peer: the palette, the app
 * view): met when `value < max` (`unit` after both).
 */
export function boundGoal(name, ours, max, unit, peerText = '—') {
  const met = ours.value < max;
  console.log(
    `GOAL | ${name} | ${ours.text} | ${peerText} | — | < ${max} ${unit} | ${met ? 'yes' : `no (${(ours.value - max).toFixed(1)} ${unit} over)`}`,
  );
  return met;
}

/** Prints a yes/no goal (a property of a build, such as "the main chunk does not carry the chat"). */
export function checkGoal(name, figure, peerText, goal, met) {
  console.log(`GOAL | ${name} | ${figure} | ${peerText} | — | ${goal} | ${met ? 'yes' : 'no'}`);
  return met;
}
