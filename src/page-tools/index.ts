// `mcp-web-elements/page-tools`: tools the host page gives the chat
// (`registerTool`, WebMCP's `document.modelContext`), and the servers' tools
// offered to browser agents through WebMCP. Public API: see docs/api.md and
// docs/page-tools.md.
export { combineToolHosts } from './combine-tool-hosts.js';
export type { CombinedToolHost } from './combine-tool-hosts.js';
export { PageToolRegistry, PageToolsChangeEvent } from './page-tool-registry.js';
export type { PageToolRegistryOptions, PageToolsEventMap } from './page-tool-registry.js';
export { parseToolPatterns } from './tool-patterns.js';
export type { PageToolFilter, ToolPattern, ToolPatterns } from './tool-patterns.js';
export { pageModelContext } from './types.js';
export type {
  ModelContextLike,
  ModelContextToolInfo,
  PageTool,
  PageToolAnnotations,
  PageToolReturn,
  RegisterToolOptions,
} from './types.js';
export { WebMcpImport } from './web-mcp-import.js';
export type { WebMcpImportOptions } from './web-mcp-import.js';
export { PublishedToolCallEvent, PublishedToolsChangeEvent, WebMcpPublisher } from './web-mcp-publish.js';
export type {
  PublishableHub,
  PublishableHubTool,
  PublishedToolCall,
  WebMcpPublisherEventMap,
  WebMcpPublisherOptions,
} from './web-mcp-publish.js';
