import { config } from 'zod';

/**
 * Turns off zod's JIT for every zod instance on the page (the setting lives
 * on `globalThis`, so it reaches the copy inside the MCP SDK too). Left on,
 * zod probes `new Function('')` the first time it parses an object: under a
 * strict CSP that files a `script-src` violation report on every page load,
 * and under Trusted Types logs a console error, although the probe's failure
 * is caught. Called at the top of every module of this library that parses
 * with zod or drives the SDK, before anything is parsed. Idempotent.
 */
export function noEval(): void {
  config({ jitless: true });
}

noEval();
