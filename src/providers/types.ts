/**
 * The one interface every model provider implements (types only).
 *
 * A provider takes the params of an MCP `sampling/createMessage` request and
 * answers with an MCP create-message result, whatever wire format it speaks.
 * The same provider serves a server's sampling request and the chat's own turns.
 */
import type {
  CreateMessageRequestParams,
  CreateMessageResultWithTools,
  ModelPreferences,
  SamplingMessageContentBlock,
} from '@modelcontextprotocol/client';

export type { CreateMessageRequestParams, ModelPreferences };

/** Token counts a provider reported. Found in a result at `_meta.usage`. */
export interface ProviderUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * The answer of a provider: an MCP `CreateMessageResult` (the tool-capable
 * variant) whose `content` is always an array of blocks: `text` blocks and
 * `tool_use` blocks carrying the provider's own call id.
 *
 * - `stopReason`: `'endTurn' | 'stopSequence' | 'maxTokens' | 'toolUse'`, or
 *   the provider's own word when it has no MCP equivalent (e.g. `'content_filter'`, `'refusal'`).
 * - `model`: the model that answered, as the provider names it.
 * - `_meta.usage`: {@link ProviderUsage}, present when the provider reported it.
 */
export type ProviderResult = Omit<CreateMessageResultWithTools, 'content'> & {
  content: SamplingMessageContentBlock[];
  _meta?: { usage?: ProviderUsage; [key: string]: unknown };
};

/**
 * Progress while an answer streams in. `index` is the position of the block
 * in the final `content` array, so a renderer can build the message as it comes.
 *
 * - `text`: `text` is appended to the text block at `index`.
 * - `tool-call-start`: a tool_use block opens at `index` (its id and name are known).
 * - `tool-call-delta`: `argumentsDelta` is the next piece of the tool input's JSON text.
 * - `tool-call-end`: the tool input is complete and parsed.
 * - `usage`: the provider reported token counts.
 */
export type ProviderDelta =
  | { type: 'text'; index: number; text: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; id: string; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number; id: string; name: string; input: Record<string, unknown> }
  | { type: 'usage'; usage: ProviderUsage };

/** Options of one {@link ModelProvider.createMessage} call. */
export interface CreateMessageOptions {
  /** Aborting stops the HTTP request at once; the call rejects with a `ProviderError` of kind `aborted`. */
  signal?: AbortSignal;
  /** Called for every streamed piece, in order, before the promise resolves. */
  onDelta?: (delta: ProviderDelta) => void;
  /** Use this model, whatever the request's `modelPreferences` say. */
  model?: string;
}

/**
 * A model a provider offers. Scores are optional, each between 0 and 1 where
 * higher is better: `cost` 1 = cheapest, `speed` 1 = fastest, `intelligence` 1 = most capable.
 * `selectModel` weighs them with a request's priorities.
 */
export interface ModelInfo {
  id: string;
  /** A name to show people; defaults to the id. */
  label?: string;
  scores?: { cost?: number; speed?: number; intelligence?: number };
}

/** Something that can answer an MCP create-message request. */
export interface ModelProvider {
  /** Stable identifier, e.g. `'openai'`, `'anthropic'`, `'person'`. */
  readonly id: string;
  /** A name to show people. */
  readonly label: string;
  /** Most tools one request may carry (OpenAI: 128); the chat's turn stays within it. */
  readonly maxTools?: number;
  /** Most characters of conversation one request should carry (its context window, in characters); the agent's default when absent. */
  readonly maxContextChars?: number;
  /**
   * Most characters of tool definitions (name, description and input schema
   * as JSON) one request may carry, for models with a small context (the
   * browser's built-in model). Past it the chat's turn carries the tools that
   * fit and a `search_tools` tool through which the model finds the rest.
   */
  readonly maxToolChars?: number;
  /**
   * Answers the request. Rejects with a `ProviderError` (see its `kind`) on
   * any failure; never resolves with a partial answer.
   */
  createMessage(params: CreateMessageRequestParams, options?: CreateMessageOptions): Promise<ProviderResult>;
  /** The models the provider offers (`GET /models`), where it offers a list. */
  listModels?(options?: { signal?: AbortSignal }): Promise<ModelInfo[]>;
}

/** A `fetch` function (the global one by default; tests inject their own). */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
