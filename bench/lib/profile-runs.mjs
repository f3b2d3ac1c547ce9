// The run loop and CPU-profile attribution shared by bench/profile/twenty.mjs and
// twenty-worker.mjs: sides measured in alternating order (A B C, C B A, …) so a
// busy moment of the shared machine weighs on all, and each run's CDP CPU profile
// summed by source module and function through the built files' source maps.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

/** Names a profile frame's module and function, through the source maps beside each side's built files (served under `base`). */
export function profileAttribution(base) {
  const maps = new Map();
  function mapOf(side, url) {
    const path = new URL(url).pathname.split('/').slice(2).join('/');
    const key = `${side.dir}/${path}`;
    if (!maps.has(key)) {
      const local = join(side.dir, `${path}.map`);
      maps.set(key, existsSync(local) ? new TraceMap(readFileSync(local, 'utf8')) : null);
    }
    return maps.get(key);
  }
  function position(side, frame) {
    if (!frame.url?.startsWith(base)) return undefined;
    const map = mapOf(side, frame.url);
    return map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) }) : undefined;
  }
  function moduleOf(side, frame) {
    if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(native)';
    const pos = position(side, frame);
    if (!pos?.source) return frame.url.replace(base, '');
    const source = pos.source.replace(/^.*node_modules\//, 'node_modules/').replace(/^(\.\.\/)+/, '');
    if (!source.startsWith('node_modules/')) return source;
    const parts = source.split('/');
    return `${parts.slice(1, parts[1].startsWith('@') ? 3 : 2).join('/')}:${parts.slice(parts[1].startsWith('@') ? 3 : 2).join('/')}`;
  }
  function functionOf(side, frame) {
    const pos = position(side, frame);
    return `${frame.functionName || '(anonymous)'} ${moduleOf(side, frame)}${pos?.line ? `:${pos.line}` : ''}`;
  }
  return { moduleOf, functionOf };
}

/**
 * `warmup` + `runs` rounds of `once(j)` for every side, alternating the order each round; the warm-up
 * rounds are dropped. Returns each side's results and, from results with a `profile`, its self time by
 * module and by function (idle and program samples left out).
 */
export async function alternateSides({ sides, once, warmup, runs, base }) {
  const { moduleOf, functionOf } = profileAttribution(base);
  const results = sides.map(() => []);
  const profiles = sides.map(() => ({ modules: new Map(), functions: new Map(), total: 0 }));
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  for (let i = 0; i < warmup + runs; i++) {
    const order = sides.map((_, j) => j);
    if (i % 2) order.reverse();
    for (const j of order) {
      const r = await once(j);
      if (i < warmup) continue;
      results[j].push(r);
      if (!r.profile) continue;
      const p = profiles[j];
      const nodes = new Map(r.profile.nodes.map((n) => [n.id, n]));
      for (let s = 0; s < r.profile.samples.length; s++) {
        const frame = nodes.get(r.profile.samples[s]).callFrame;
        if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
        const self = (r.profile.timeDeltas[s + 1] ?? r.profile.timeDeltas[s]) / 1000;
        p.total += self;
        add(p.modules, moduleOf(sides[j], frame), self);
        add(p.functions, functionOf(sides[j], frame), self);
      }
    }
  }
  return { results, profiles };
}
