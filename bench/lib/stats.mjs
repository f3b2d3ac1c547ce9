// Shared by the benchmarks: medians, spread and the lines they print.

/** The median of `xs`. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** `n` with `digits` decimals, thousands separated. */
export const fmt = (n, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** "median 12.3 ms (min 11.0 – max 14.2, 5 runs)". */
export function spread(xs, unit = 'ms', digits = 1) {
  return `median ${fmt(median(xs), digits)} ${unit} (${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)}, ${xs.length} runs)`;
}
