// The official MCP Registry's address, alone in its module: <mcp-chat> needs
// it as the default of its `registry` property at the first paint, and
// importing it from registry.ts kept the registry's search and entry reader
// in the chat's page file (about 2 KB gzip; docs/performance.md).

/** The official MCP Registry (the default of `searchRegistry` and of `<mcp-registry-search registry>`). */
export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
