// Single-file bundle only (vite.bundle.config.ts resolves the MCP SDK's own
// `import … from '@modelcontextprotocol/client/_shims'` here): the SDK's
// browser shims without the JSON Schema validator it would otherwise carry
// into the first load. The client never constructs its default validator
// (McpConnection gives it a LazyOutputValidator, which loads the real
// `_shims` module when a tool with an output schema is first called).
export { LazyOutputValidator as DefaultJsonSchemaValidator } from './output-validator.js';

/** As in the SDK's browser shims: a `TypeError` from `fetch` may be a CORS refusal. */
export const CORS_IS_POSSIBLE = true;
