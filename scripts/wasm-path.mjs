#!/usr/bin/env node
// Part of `npm run build`: the engine's WebAssembly file is not shipped in this package (it is
// 8.8 MB, and the package's dependency @wllama/wllama already carries it). In dist/, the engine
// module (dist/providers/on-device/wllama-engine.js) points at the dependency's own file,
// node_modules/@wllama/wllama/esm/wasm/wllama.wasm, four folders up from it, with a literal
// `new URL('…', import.meta.url)`: the form bundlers (Vite, webpack 5, Rollup, esbuild with a
// plugin) recognise as an asset and copy, and that a page serving node_modules as-is resolves too.
// In this repository, src/ keeps `../../wllama.wasm` (a symbolic link into node_modules) for Vite
// in development and the tests. The single-file bundle is rewritten by vite.bundle.config.ts.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'dist/providers/on-device/wllama-engine.js';
const code = readFileSync(file, 'utf8');
const pattern = /new URL\(\s*(?:\/\*[^*]*\*\/\s*)?WASM_FILE\s*,\s*import\.meta\.url\s*\)/;
if (!pattern.test(code)) throw new Error(`${file}: the engine's WebAssembly address was not found (did wllama-engine.ts change?)`);
writeFileSync(file, code.replace(pattern, "new URL('../../../../@wllama/wllama/esm/wasm/wllama.wasm', import.meta.url)"));
console.log(`${file}: the WebAssembly file is the dependency's (@wllama/wllama/esm/wasm/wllama.wasm)`);
