// `mcp-web-elements/agent`: the model/tool loop `<mcp-chat>` runs, usable
// without the element, and its approval policies. Public API: see docs/api.md.
export { allowAll, askAlways, defaultApprovalPolicy } from './approval.js';
export { DEFAULT_MAX_REPEATS, DEFAULT_MAX_ROUNDS, runTurn } from './run-turn.js';
export { hubToolHost } from './hub-tools.js';
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
