/**
 * What the turn loop needs from the world, as small structural interfaces so
 * that `agent/` depends on shapes, not on implementations: the connection
 * hub of `mcp/` satisfies {@link AgentToolHost}, any `ModelProvider` of
 * `providers/` is the model, and the history store receives messages through
 * {@link TurnOptions.onMessage}.
 */
import type { ContentBlock, Message, MessageBlock, ToolCallOutcome, ToolResultBlock, ToolUseBlock } from '../content/index.js';
import type { ModelProvider, ProviderDelta, ProviderResult } from '../providers/types.js';

/** Hints a server gives about a tool (MCP `ToolAnnotations`). */
export interface AgentToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A tool as the model sees it, with where it comes from. */
export interface AgentTool {
  /** The name the model uses; unique across all servers. */
  name: string;
  description?: string;
  /** JSON schema of the arguments (`type: 'object'`). */
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };
  annotations?: AgentToolAnnotations;
  /** Human title of the tool. */
  title?: string;
  /** Name of the server offering it, to show people. */
  server?: string;
  /**
   * What per-tool choices ("always allow", "ask first") are kept under: the
   * server's address (origin + path) and the tool's own name,
   * `https://host/mcp#tool`. Absent for tools that come from no server.
   */
  key?: string;
}

/** Progress of a tool call (`notifications/progress`). */
export interface AgentToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** What a tool returned (`CallToolResult`), passed on untouched. */
export interface AgentToolResult {
  content: ToolResultBlock['content'];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Options of one tool call. */
export interface AgentCallOptions {
  /** Aborted when the person stops the call or the turn; the host cancels the request. */
  signal: AbortSignal;
  /** The `tool_use` id, so input requests the tool triggers can be shown under it. */
  toolUseId: string;
  onprogress?: (progress: AgentToolProgress) => void;
  /** The call runs as an MCP task: its id and each status (keep the id to resume the call later). */
  ontask?: (task: { taskId: string; status: string; statusMessage?: string }) => void;
}

/** The tools of every connected server (the `mcp/` hub implements this). */
export interface AgentToolHost {
  /** The catalog now. */
  listTools(): readonly AgentTool[] | Promise<readonly AgentTool[]>;
  /** Each connected server's `instructions`, to fold into the system prompt. */
  listInstructions?(): ReadonlyArray<{ server: string; instructions: string }>;
  /**
   * Runs a tool by its model-facing name. Rejects on protocol errors; rejects
   * with an error named `AbortError` when the call was stopped on its own
   * (the turn records it as `cancelled`).
   */
  callTool(name: string, args: Record<string, unknown>, options: AgentCallOptions): Promise<AgentToolResult>;
}

/** A decision of the approval policy. */
export type ApprovalDecision = 'allow' | 'ask' | 'deny';

/**
 * Decides per call whether to run it at once, ask the person, or refuse.
 * The default ({@link defaultApprovalPolicy}) follows the spec's annotation
 * defaults: it asks unless a tool says it is read-only or not destructive.
 */
export type ApprovalPolicy = (tool: AgentTool, input: Record<string, unknown>) => ApprovalDecision;

/** Asked when the policy says `ask`: resolve true to run, false to refuse. */
export type ApprovalHandler = (request: { toolUse: ToolUseBlock; tool: AgentTool; signal: AbortSignal }) => Promise<boolean>;

/** Why a turn ended. */
export const TURN_END_REASONS = ['endTurn', 'maxRounds', 'maxTokens', 'stopped', 'error', 'repeated', 'other'] as const;
/** One of {@link TURN_END_REASONS}. */
export type TurnEndReason = (typeof TURN_END_REASONS)[number];

/** Everything that happens during a turn, in order, for a UI to follow. */
export type TurnEvent =
  | { type: 'round-start'; round: number }
  /** A piece of the assistant message streaming in (see `ProviderDelta`). */
  | { type: 'delta'; delta: ProviderDelta; content: MessageBlock[] }
  /** A complete message was added to the conversation. */
  | { type: 'message'; message: Message }
  | { type: 'tool-approval'; toolUse: ToolUseBlock; tool: AgentTool }
  | { type: 'tool-start'; toolUse: ToolUseBlock; tool: AgentTool | undefined }
  | { type: 'tool-progress'; toolUse: ToolUseBlock; progress: AgentToolProgress }
  /** `result` carries the same `status` in `_meta` under `TOOL_CALL_META_KEY` (saved with the conversation). */
  | { type: 'tool-end'; toolUse: ToolUseBlock; result: ToolResultBlock; status: ToolCallOutcome }
  | { type: 'provider-result'; result: ProviderResult }
  /**
   * The request left out part of the conversation to fit the model's context
   * (`maxContextChars`, `maxContextMessages`): the oldest `droppedMessages`,
   * and `truncatedBlocks` texts cut; `droppedChars` in all. Sent when what is
   * left out changes, so a UI can say so once. The history keeps everything.
   */
  | { type: 'context-trimmed'; droppedMessages: number; droppedChars: number; truncatedBlocks: number; maxChars: number };

/** Options of {@link runTurn}. */
export interface TurnOptions {
  provider: ModelProvider;
  /** The conversation so far, ending with the person's new message. */
  messages: readonly Message[];
  tools?: AgentToolHost;
  /** The page's system prompt; servers' instructions are appended to it. */
  systemPrompt?: string;
  /**
   * What app views asked the model to know (`ui/update-model-context`):
   * `prompt` follows `systemPrompt` (before the servers' instructions);
   * `pictures`, which a system prompt cannot hold, follow the newest person
   * message's own blocks in each request. The conversation and the messages
   * recorded hold neither.
   */
  appContext?: { prompt?: string; pictures?: readonly ContentBlock[] };
  /** Provider calls per turn (default 10). */
  maxRounds?: number;
  /** Token limit per provider call (default 4096). */
  maxTokens?: number;
  temperature?: number;
  /** The model to use (overrides the provider's default). */
  model?: string;
  /** Stops everything: the provider request is aborted and running tool calls are cancelled. */
  signal?: AbortSignal;
  policy?: ApprovalPolicy;
  /** Required for the policy's `ask`; without it, `ask` means deny. */
  approve?: ApprovalHandler;
  /**
   * Most tools one request carries (default: the provider's `maxTools`, else
   * 128). Past it, the request carries the pinned tools, the ones used in the
   * conversation, the best matches of the person's message, and a
   * `search_tools` tool through which the model finds the rest.
   */
  maxTools?: number;
  /**
   * Most characters of tool definitions (name, description, input schema as
   * JSON) one request carries (default: the provider's `maxToolChars`, else no
   * limit). Past it, as past `maxTools`, the model gets `search_tools`.
   */
  maxToolChars?: number;
  /** Longest tool description a request carries (default 4,000 characters). */
  maxToolDescription?: number;
  /**
   * Largest form of one tool result a request carries, in characters
   * (default 100,000): past it the model gets the beginning and a note of
   * what was left out; the conversation keeps the whole result.
   */
  maxToolResultChars?: number;
  /**
   * Most characters of conversation one request carries (default: the
   * provider's `maxContextChars`, else 400,000, about 100,000 tokens). Past
   * it the oldest turns are left out (a tool call never without its result)
   * and a text larger than half of it is cut, each with a note to the model;
   * a `context-trimmed` event says so. The history keeps everything.
   */
  maxContextChars?: number;
  /** Most messages one request carries (default 1,000), the newest, cut as for `maxContextChars`. */
  maxContextMessages?: number;
  /**
   * How many times in a row the model may call the same tool with the same
   * arguments (default 3): at that many the turn ends with reason
   * `repeated`, after the last of them ran, instead of looping to
   * `maxRounds` (a small model can keep making one call). 0 turns it off.
   */
  maxRepeats?: number;
  /** Tools always carried, by model-facing name or `key`. */
  pinnedTools?: readonly string[];
  /** Which tools each request carries and which were left out (for a Servers panel to say so). */
  onToolSelection?: (selection: ToolSelection) => void;
  /** Each new message, in order, awaited before the turn goes on (store it here). */
  onMessage?: (message: Message) => void | Promise<void>;
  onEvent?: (event: TurnEvent) => void;
}

/** What {@link runTurn} resolves with (it does not reject for provider or tool failures). */
export interface TurnResult {
  /** The messages this turn added, in order. */
  messages: Message[];
  reason: TurnEndReason;
  rounds: number;
  /** The provider's last `stopReason`. */
  stopReason?: string;
  /** Set when `reason` is `error`. */
  error?: unknown;
  /** Set when `reason` is `repeated`: the tool (model-facing name) called with the same arguments `times` in a row. */
  repeated?: { tool: string; times: number };
}

/** Why a tool is not in a request. */
export type OmittedReason = 'over-limit' | 'schema-too-large';

/** Which tools one request carries; the rest are left out (the model can find them with the search tool). */
export interface ToolSelection {
  /** Tools the request carries, as sent (descriptions shortened where needed), the search tool last when present. */
  tools: AgentTool[];
  /** Tools of the catalog the request does not carry, and why. */
  omitted: Array<{ tool: AgentTool; reason: OmittedReason }>;
  /** The catalog size. */
  total: number;
}
