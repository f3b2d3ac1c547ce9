// bench/connection/run.ts as the package ships it, for the Node figures. tsx (which runs the
// benchmarks) compiles TypeScript with esbuild's keepNames on: every named function and class of
// ours is wrapped in a `__name(…)` call that allocates at each call (a closure per name per
// call: +1.2–2.7 KB per echo call in the heap profiles of docs/performance.md), which neither
// the npm files (tsc) nor the bundle (Vite) have, and which the bare SDK side (plain .js in
// node_modules, not compiled by tsx) never paid. Bundled here once with esbuild, our sources
// only (packages stay imports, so both sides share one SDK), names not kept, ES2022 as
// tsconfig.json's target.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Imports `bench/connection/run.ts` of the checkout at `root` (default: this one), built as
 * shipped. The bundle is written inside that checkout (so its package imports resolve from
 * its node_modules) and deleted once imported.
 */
export async function shippedRun(root = resolve(import.meta.dirname, '../..')) {
  const dir = mkdtempSync(join(root, 'bench/connection/.shipped-'));
  const outfile = join(dir, 'run.mjs');
  try {
    await build({
      entryPoints: [join(root, 'bench/connection/run.ts')],
      bundle: true,
      packages: 'external',
      format: 'esm',
      platform: 'node',
      target: 'es2022',
      keepNames: false,
      outfile,
      logLevel: 'error',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
