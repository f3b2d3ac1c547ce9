// Shared by bench/profile/connection-ab.mjs and connection-ab-chromium.mjs: one era's A/B of the MCP
// layer's cost per call, printed, and the B/A block by block of CPU and heap returned.
import { fmt, median } from './stats.mjs';

/**
 * Prints `title` and the medians of `figures` ({ A, B, bare }: each { cpu: µs[], heap: KB[] } per block),
 * each side against the bare client and B against A block by block (the blocks ran side by side).
 */
export function reportAB(title, figures) {
  const byBlock = (what) => median(figures.B[what].map((v, i) => v / figures.A[what][i]));
  const m = (side, what) => median(figures[side][what]);
  const line = (what, unit, digits) => {
    console.log(
      `  ${what === 'cpu' ? 'CPU per call ' : 'heap per call'}  A ${fmt(m('A', what), digits)} ${unit}  B ${fmt(m('B', what), digits)} ${unit}  bare ${fmt(m('bare', what), digits)} ${unit}`,
    );
    console.log(
      `                 A/bare ${fmt(m('A', what) / m('bare', what), 3)}  B/bare ${fmt(m('B', what) / m('bare', what), 3)}  B/A block by block ${fmt(byBlock(what), 3)}`,
    );
  };
  console.log(`\n${title}`);
  line('cpu', 'µs', 0);
  line('heap', 'KB', 1);
  return { cpu: byBlock('cpu'), heap: byBlock('heap') };
}
