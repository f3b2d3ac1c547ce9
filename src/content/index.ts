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
export { clientToolResult, toolCallRecord, toolResultBlock, TOOL_CALL_META_KEY, TOOL_CALL_OUTCOMES } from './tool-result.js';
export type { CallToolResultLike, ToolCallOutcome, ToolCallRecord } from './tool-result.js';
export { NOT_KEPT_META_KEY, notKeptResult, pairToolCalls } from './repair.js';
export type { PairingOptions, PairingRepair } from './repair.js';
export { isUnreadable, UNREADABLE_META_KEY } from './unreadable.js';
export { boundToolResults, DEFAULT_MAX_TOOL_RESULT_CHARS } from './bound-results.js';
export { hasHidden, revealHidden } from './reveal.js';
