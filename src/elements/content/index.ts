// The content renderers, reusable outside <mcp-chat> (the sampling approval
// element shows a request's messages with them).
export { McpContentBlock, fileNameOf } from './mcp-content-block/mcp-content-block.js';
export { McpToolCard } from './mcp-tool-card/mcp-tool-card.js';
export { STATUS_LABELS, TOOL_CALL_STATUS } from './mcp-tool-card/tool-call-status.js';
export type { ToolCallProgress, ToolCallStatus } from './mcp-tool-card/tool-call-status.js';
export { McpMessage } from './mcp-message/mcp-message.js';
export type { ToolCallView } from './mcp-message/mcp-message.js';
export { McpMarkdown } from '../markdown/mcp-markdown.js';
export { MarkdownBlocks } from '../markdown/markdown-blocks.js';
export { isSafeUrl, renderMarkdown, SAFE_LINK_PROTOCOLS } from '../markdown/render-markdown.js';
