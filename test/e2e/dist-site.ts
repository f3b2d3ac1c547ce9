import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Page } from '@playwright/test';
// @ts-expect-error plain JS script (also run by hand: node scripts/make-tiny-model.mjs)
import { makeTinyModel } from '../../scripts/make-tiny-model.mjs';
import { startModelFileServer, type ModelFileServer } from '../servers/model-file-server.js';

// What the specs of the built package share (bundle-as-shipped, bundle-open-model, on-device-dist):
// a site on 127.0.0.1 that serves dist/ as a CDN or an install would, and the generated tiny model
// (scripts/make-tiny-model.mjs) on a model file server of its own.

/** A running site: its origin, the files it served (paths in this repository), and its teardown. */
export interface Site {
  origin: string;
  served: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

/**
 * Starts a site. `route` maps a request's path to a page (`html`) or to a file of this
 * repository (`file`, served only under dist/ or node_modules/@wllama/wllama/esm/); anything
 * else is a 404.
 */
export async function startSite(
  route: (pathname: string) => { html: string; headers?: Record<string, string> } | { file: string } | undefined,
): Promise<Site> {
  const served: string[] = [];
  const server = createServer((req, res) => {
    const answer = route(new URL(req.url ?? '/', 'http://x').pathname);
    if (answer && 'html' in answer) {
      res.writeHead(200, { 'content-type': 'text/html', ...answer.headers }).end(answer.html);
      return;
    }
    const file = answer ? normalize(answer.file) : '';
    if (!(file.startsWith('dist/') || file.startsWith('node_modules/@wllama/wllama/esm/')) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    served.push(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The file of dist/ a CDN copy of the bundle serves at `pathname` (the bundle and its chunks). */
export const distFile = (pathname: string): { file: string } => ({ file: join('dist', normalize(pathname)) });

/** The generated tiny model, served at `<models.url>/<anything>/tiny-model.gguf`. */
export interface TinyModel {
  models: ModelFileServer;
  size: number;
  sha256: string;
}

export async function startTinyModel(): Promise<TinyModel> {
  const data: Uint8Array = makeTinyModel();
  const models = await startModelFileServer([{ path: 'tiny-model.gguf', data }]);
  return { models, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/**
 * Points the bundle's default open model at the tiny model (`mcpWebElementsDefaultModel`, an init
 * script: the test's configuration, not the page's) and answers the bundle's request for the engine's
 * WebAssembly file on jsDelivr (the URL vite.bundle.config.ts writes in; no internet here) with the
 * dependency's own file. Returns how many times that file was asked for, and a promise that settles when it
 * is first served.
 */
export async function useTinyOpenModel(page: Page, tiny: TinyModel, modelUrl: string): Promise<{ asked(): number; served: Promise<void> }> {
  await page.addInitScript((model) => Object.assign(globalThis, { mcpWebElementsDefaultModel: model }), {
    url: modelUrl,
    size: tiny.size,
    sha256: tiny.sha256,
    label: 'Tiny test model',
  });
  const wasm = readFileSync('node_modules/@wllama/wllama/esm/wasm/wllama.wasm');
  const version = (JSON.parse(readFileSync('node_modules/@wllama/wllama/package.json', 'utf8')) as { version: string }).version;
  let asked = 0;
  let served!: () => void;
  const first = new Promise<void>((resolve) => (served = resolve));
  await page.route(`https://cdn.jsdelivr.net/npm/@wllama/wllama@${version}/esm/wasm/wllama.wasm`, async (route) => {
    asked += 1;
    await route.fulfill({ status: 200, contentType: 'application/wasm', body: wasm });
    served();
  });
  return { asked: () => asked, served: first };
}
