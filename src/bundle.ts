// Entry of the single-file bundle (dist/mcp-web-elements.js): defines every
// element and exposes the library. The one wildcard in the tree: the bundle
// mirrors src/index.ts exactly, which lists every export by name.
// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import './content/no-eval.js';
export * from './index.js';
