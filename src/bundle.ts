// Entry of the single-file bundle (dist/mcp-web-elements.js): defines every
// element and exposes the library. The one wildcard in the tree: the bundle
// mirrors src/index.ts exactly, which lists every export by name.
export * from './index.js';
