// Shared by load.mjs and profile/render.mjs: the built files as a CDN sends them.
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * A reader of the files the benchmark pages load, gzip-compressed (level 9,
 * once per file): `/chunks/…` from `dist`, the others from `files` (URL path ->
 * file). Returns undefined for anything else, and for a path outside `root`.
 */
export function gzipFiles(root, dist, files) {
  const gz = new Map();
  return (url) => {
    const path = url.startsWith('/chunks/') ? normalize(join(dist, url)) : files[url];
    if (!path || !path.startsWith(root) || !existsSync(path)) return undefined;
    if (!gz.has(path)) gz.set(path, gzipSync(readFileSync(path), { level: 9 }));
    return gz.get(path);
  };
}
