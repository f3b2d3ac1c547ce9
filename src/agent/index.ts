export { allowAll, askAlways, defaultApprovalPolicy, ToolApprovals, toolKey } from './approval.js';
export { DEFAULT_MAX_ROUNDS, runTurn } from './run-turn.js';
export { composeSystemPrompt } from './system-prompt.js';
export { hubToolHost } from './hub-tools.js';
export { DEFAULT_MAX_TOOL_DESCRIPTION, DEFAULT_MAX_TOOLS, SEARCH_TOOLS_NAME, searchTools, selectTools } from './tool-selection.js';
export type { OmittedReason, ToolSelection, ToolSelectionOptions } from './tool-selection.js';
export { TURN_END_REASONS } from './types.js';
export type {
  AgentCallOptions,
  AgentTool,
  AgentToolAnnotations,
  AgentToolHost,
  AgentToolProgress,
  AgentToolResult,
  ApprovalDecision,
  ApprovalHandler,
  ApprovalPolicy,
  TurnEndReason,
  TurnEvent,
  TurnOptions,
  TurnResult,
} from './types.js';
