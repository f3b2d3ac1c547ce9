// The WebMCP side of the chat's page tools, loaded when `page-tools` or
// `publish-tools` is first set (chunks.ts, `webMcpChunk`): importing the
// page's `document.modelContext` tools, and offering server tools to browser
// agents with the cards of their calls (published-tools.ts). `chat.registerTool`
// needs neither (its registry is a chunk of its own).
export { WebMcpImport } from '../../../page-tools/web-mcp-import.js';
export { PublishedTools } from './published-tools.js';
