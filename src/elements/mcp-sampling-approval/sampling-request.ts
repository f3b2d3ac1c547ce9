import type { CreateMessageRequestParams, CreateMessageResult, Tool } from '@modelcontextprotocol/client';
import { checkToolPairing, ToolPairingError, toBlocks } from '../../content/index.js';
import type { Message, MessageBlock, TextBlock } from '../../content/index.js';
import { SCHEMA_TOOL_NAME } from '../../providers/structured-output.js';

/** Structured output (`__schema__` offered alone with `toolChoice: required`): one rule for the providers and the view. */
export { structuredOutputSchema } from '../../providers/structured-output.js';

/**
 * Pure helpers for a `sampling/createMessage` request: the checks made before a
 * person sees it, the edits a person may make, and the shape of the answer.
 * Nothing here touches the DOM or the network.
 */

/** The reserved tool name a server offers to ask for structured output (defined by the providers). */
export { SCHEMA_TOOL_NAME };

/** Why a sampling request was answered with an error. Compare `error.kind`. */
export const SamplingErrorKind = {
  /** The person (or the server's policy) rejected the request or its answer. */
  Declined: 'declined',
  /** The request breaks a rule of the spec. */
  InvalidParams: 'invalid-params',
} as const;
/** One of {@link SamplingErrorKind}. */
export type SamplingErrorKind = (typeof SamplingErrorKind)[keyof typeof SamplingErrorKind];

/** The JSON-RPC error code sent to the server for each kind (protocol data). */
export const SamplingErrorCode = {
  /** The spec's code for "User rejected sampling request". */
  Declined: -1,
  /** JSON-RPC invalid params: the request breaks a rule of the spec. */
  InvalidParams: -32602,
} as const;
/** One of {@link SamplingErrorCode}. */
export type SamplingErrorCode = (typeof SamplingErrorCode)[keyof typeof SamplingErrorCode];

const CODE_OF_KIND: Record<SamplingErrorKind, SamplingErrorCode> = {
  [SamplingErrorKind.Declined]: SamplingErrorCode.Declined,
  [SamplingErrorKind.InvalidParams]: SamplingErrorCode.InvalidParams,
};

/**
 * An error a sampling handler throws to answer the server with a JSON-RPC
 * error. The SDK sends any thrown error's numeric `code` and `message` as they
 * are, so this needs no SDK class. Compare by `.kind`, never by name; `code`
 * is the JSON-RPC code the server gets.
 */
export class SamplingError extends Error {
  override name = 'SamplingError';
  readonly kind: SamplingErrorKind;
  /** The JSON-RPC error code sent to the server. */
  readonly code: SamplingErrorCode;
  constructor(kind: SamplingErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.code = CODE_OF_KIND[kind];
  }
}

/** The error sent when the person rejects a request or its answer (or the policy says never). */
export function declinedError(reason = 'the person declined the request'): SamplingError {
  return new SamplingError(SamplingErrorKind.Declined, `User rejected sampling request: ${reason}`);
}

/** Messages of a request as the project's message shape (content always an array). */
export function requestMessages(params: CreateMessageRequestParams): Message[] {
  return params.messages.map((m) => ({ ...m, content: toBlocks(m.content as MessageBlock | MessageBlock[]) }) as Message);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a tool's definition cannot be offered to a model, or undefined when it can. */
export function toolProblem(tool: Tool, index: number): string | undefined {
  const label = typeof tool?.name === 'string' && tool.name ? `tool "${tool.name}"` : `tool ${index}`;
  if (typeof tool?.name !== 'string' || tool.name.trim() === '') return `${label} has no name`;
  const schema: unknown = tool.inputSchema;
  if (!isPlainObject(schema)) return `${label}: inputSchema must be a JSON Schema object`;
  if (schema.type !== 'object') return `${label}: inputSchema.type must be "object" (got ${JSON.stringify(schema.type)})`;
  if (schema.properties !== undefined) {
    if (!isPlainObject(schema.properties)) return `${label}: inputSchema.properties must be an object`;
    for (const [key, value] of Object.entries(schema.properties)) {
      if (!isPlainObject(value) && typeof value !== 'boolean') return `${label}: property "${key}" must have a schema object`;
    }
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || !schema.required.every((r) => typeof r === 'string')) {
      return `${label}: inputSchema.required must be an array of property names`;
    }
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    const unknown = schema.required.filter((r) => !(r in props));
    if (unknown.length && schema.additionalProperties === false) return `${label}: required ${unknown.join(', ')} not among its properties`;
  }
  return undefined;
}

/**
 * Checks made before a request is shown: the tool_use / tool_result pairing
 * rule, the tools' schemas, and toolChoice. Returns a sentence saying what is
 * wrong, or undefined when the request is fine.
 */
export function samplingRequestProblem(params: CreateMessageRequestParams): string | undefined {
  if (!Array.isArray(params.messages) || params.messages.length === 0) return 'the request has no messages';
  try {
    checkToolPairing(requestMessages(params));
  } catch (error) {
    if (error instanceof ToolPairingError) return `messages break the tool_use/tool_result rule: ${error.message}`;
    throw error;
  }
  const tools = params.tools ?? [];
  if (!Array.isArray(tools)) return 'tools must be an array';
  for (const [index, tool] of tools.entries()) {
    const problem = toolProblem(tool, index);
    if (problem) return problem;
  }
  const names = tools.map((t) => t.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) return `tool "${twice}" is offered twice`;
  const mode = params.toolChoice?.mode;
  if (mode === 'required' && tools.length === 0) return 'toolChoice is "required" but no tools are offered';
  const used = requestMessages(params)
    .flatMap((m) => m.content)
    .filter((b) => b.type === 'tool_use' || b.type === 'tool_result');
  if (used.length > 0 && tools.length === 0) return 'messages hold tool_use or tool_result blocks but the request offers no tools';
  return undefined;
}

/** Index of the last user message that holds text (the one a person may edit), or -1. */
export function editableUserMessageIndex(params: CreateMessageRequestParams): number {
  const messages = requestMessages(params);
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user' && m.content.some((b) => b.type === 'text')) return i;
  }
  return -1;
}

/** The text of the editable user message's last text block ('' when there is none). */
export function editableUserText(params: CreateMessageRequestParams): string {
  const index = editableUserMessageIndex(params);
  if (index < 0) return '';
  const blocks = requestMessages(params)[index]!.content.filter((b): b is TextBlock => b.type === 'text');
  return blocks.at(-1)?.text ?? '';
}

/** What a person may change in a request before it goes to the model. */
export interface SamplingEdits {
  systemPrompt?: string;
  /** New text for the last text block of the last user message that holds text. */
  userText?: string;
  maxTokens?: number;
  /** A number, or null to drop the server's temperature. */
  temperature?: number | null;
}

/**
 * The request as it will be sent after the person's edits. Returns a new
 * object; blocks that were not edited are the same objects as before.
 */
export function applySamplingEdits(params: CreateMessageRequestParams, edits: SamplingEdits): CreateMessageRequestParams {
  const next: CreateMessageRequestParams = { ...params };
  if (edits.systemPrompt !== undefined) {
    if (edits.systemPrompt === '' && params.systemPrompt === undefined) delete next.systemPrompt;
    else next.systemPrompt = edits.systemPrompt;
  }
  if (edits.maxTokens !== undefined && Number.isInteger(edits.maxTokens) && edits.maxTokens > 0) next.maxTokens = edits.maxTokens;
  if (edits.temperature === null) delete next.temperature;
  else if (edits.temperature !== undefined && Number.isFinite(edits.temperature)) next.temperature = edits.temperature;
  const index = editableUserMessageIndex(params);
  if (edits.userText !== undefined && index >= 0 && edits.userText !== editableUserText(params)) {
    const message = params.messages[index]!;
    const blocks = toBlocks(message.content as MessageBlock | MessageBlock[]);
    const last = blocks.map((b) => b.type).lastIndexOf('text');
    const edited = blocks.map((b, i) => (i === last ? { ...(b as TextBlock), text: edits.userText! } : b));
    const content = Array.isArray(message.content) ? edited : edited[0];
    next.messages = params.messages.map((m, i) => (i === index ? ({ ...m, content } as typeof m) : m));
  }
  return next;
}

/**
 * Shapes an answer for the wire. A request without tools must be answered
 * with one text, image or audio block (older servers accept nothing else);
 * with tools, the blocks go as an array. stopReason says toolUse when the
 * answer holds tool_use blocks.
 */
export function samplingResult(
  params: CreateMessageRequestParams,
  blocks: MessageBlock[],
  model: string,
  stopReason?: string,
): CreateMessageResult {
  const hasTools = (params.tools?.length ?? 0) > 0;
  const usesTool = blocks.some((b) => b.type === 'tool_use');
  const reason = usesTool ? 'toolUse' : (stopReason ?? 'endTurn');
  if (!hasTools) {
    const single = blocks.find((b) => b.type === 'text' || b.type === 'image' || b.type === 'audio') ?? { type: 'text', text: '' };
    return { role: 'assistant', model, stopReason: reason, content: single } as CreateMessageResult;
  }
  return { role: 'assistant', model, stopReason: reason, content: blocks } as unknown as CreateMessageResult;
}

/** The blocks of an answer, whether the provider gave one block or an array. */
export function resultBlocks(result: { content: unknown }): MessageBlock[] {
  return toBlocks(result.content as MessageBlock | MessageBlock[]);
}

/** A fresh id for a tool_use a person writes. */
export function newToolUseId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `toolu_person_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A result's stopReason when it is a string (providers may pass their own word). */
export const stopReasonOf = (result: object): string | undefined => {
  const reason = (result as { stopReason?: unknown }).stopReason;
  return typeof reason === 'string' ? reason : undefined;
};

/** The model a result names ('unknown' when it names none). */
export const modelOf = (result: object): string => {
  const model = (result as { model?: unknown }).model;
  return typeof model === 'string' && model ? model : 'unknown';
};
