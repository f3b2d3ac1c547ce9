import { createHash } from 'node:crypto';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS script (also run by hand: node scripts/make-tiny-model.mjs)
import { makeTinyModel } from '../../scripts/make-tiny-model.mjs';
import { startModelFileServer } from '../servers/model-file-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the model file server (127.0.0.1): any `<base>/<anything>/tiny-model.gguf` serves the generated tiny model, `.../broken.gguf` a file that is not a model; `<base>/requests` counts requests. */
    modelServerUrl: string;
    /** Size in bytes of the generated tiny model. */
    tinyModelSize: number;
    /** SHA-256 of the generated tiny model (hex). */
    tinyModelSha256: string;
  }
}

/**
 * Generates the tiny random-weight GGUF model (scripts/make-tiny-model.mjs, in
 * memory: nothing is written to the repository) and serves it for the
 * on-device provider tests; stops the server afterwards.
 */
export default async function setup(project: TestProject) {
  const data: Uint8Array = makeTinyModel();
  // Not a model: the GGUF magic, then nonsense (a file the owner uploaded wrong).
  const broken = new Uint8Array(4096).map((_, i) => (i < 4 ? 'GGUF'.charCodeAt(i) : (i * 7919) % 251));
  const server = await startModelFileServer([
    { path: 'tiny-model.gguf', data },
    { path: 'broken.gguf', data: broken },
  ]);
  project.provide('modelServerUrl', server.url);
  project.provide('tinyModelSize', data.length);
  project.provide('tinyModelSha256', createHash('sha256').update(data).digest('hex'));
  return () => server.close();
}
