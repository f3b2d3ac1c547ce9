// The library's public surface, by name. Each area is also its own subpath
// export (mcp-elements/content, /mcp, /providers, /history, /agent, /elements).
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
} from './content/index.js';
export { BLOCK_TYPES, checkToolPairing, isText, isToolResult, isToolUse, textOf, toBlocks, toolUses, ToolPairingError } from './content/index.js';
