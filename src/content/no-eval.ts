/**
 * Turns off zod's JIT for every zod instance on the page: zod 4 keeps its
 * settings on `globalThis.__zod_globalConfig` (created on first load, reused
 * if present), so setting `jitless` there reaches the copy inside the MCP SDK
 * too, before or after zod has loaded. Left on, zod probes `new Function('')`
 * the first time it builds an object schema (the SDK builds its schemas when
 * it is imported): under a strict CSP that files a `script-src` violation
 * report on every page load, and under Trusted Types logs a console error,
 * although the probe's failure is caught. Imported at the top of every module
 * of this library that parses with zod or drives the SDK, and first of all by
 * the single-file bundle. Idempotent; imports nothing, so it can run before zod.
 */
export function noEval(): void {
  const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (global.__zod_globalConfig ??= {}).jitless = true;
}

noEval();
