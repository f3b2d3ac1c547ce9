// `mcp-web-elements/content`: the message model (MCP's content blocks and
// messages, as the elements, the store and the providers take them) and the
// small guards that read it. Public API: see docs/api.md.
export type {
  Annotations,
  AudioBlock,
  BlockType,
  ContentBlock,
  EmbeddedResourceBlock,
  Icon,
  ImageBlock,
  Message,
  MessageBlock,
  ResourceContents,
  ResourceLinkBlock,
  Role,
  TextBlock,
  ToolResultBlock,
  ToolUseBlock,
} from './types.js';
export { BLOCK_TYPES } from './types.js';
export { isText, isToolResult, isToolUse, textOf, toBlocks, toolUses } from './guards.js';
export { checkToolPairing, ToolPairingError } from './invariant.js';
export { TOOL_CALL_OUTCOMES } from './tool-result.js';
export { isUntrustedResult, UNTRUSTED_META_KEY } from './untrusted.js';
export type { ToolCallOutcome } from './tool-result.js';
