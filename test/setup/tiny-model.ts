import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS script (also run by hand: node scripts/make-tiny-model.mjs)
import { makeTinyModel } from '../../scripts/make-tiny-model.mjs';
import { startModelFileServer } from '../servers/model-file-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the model file server (127.0.0.1): any `<base>/<anything>/tiny-model.gguf` serves the generated tiny model; `<base>/requests` counts requests. */
    modelServerUrl: string;
    /** Size in bytes of the generated tiny model. */
    tinyModelSize: number;
  }
}

/**
 * Generates the tiny random-weight GGUF model (scripts/make-tiny-model.mjs, in
 * memory: nothing is written to the repository) and serves it for the
 * on-device provider tests; stops the server afterwards.
 */
export default async function setup(project: TestProject) {
  const data: Uint8Array = makeTinyModel();
  const server = await startModelFileServer([{ path: 'tiny-model.gguf', data }]);
  project.provide('modelServerUrl', server.url);
  project.provide('tinyModelSize', data.length);
  return () => server.close();
}
