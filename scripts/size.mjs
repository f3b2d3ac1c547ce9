#!/usr/bin/env node
// Prints the gzip size of the single-file bundle (builds it when missing or
// when --build is passed).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const file = 'dist/mcp-web-elements.js';
if (process.argv.includes('--build') || !existsSync(file)) {
  execSync('npx vite build --config vite.bundle.config.ts --logLevel warn', { stdio: 'inherit' });
}
const raw = readFileSync(file);
const gz = gzipSync(raw, { level: 9 });
const kb = (n) => (n / 1024).toFixed(1);
console.log(`${file}: ${kb(raw.length)} KB minified, ${kb(gz.length)} KB gzip`);
