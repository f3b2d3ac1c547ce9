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
