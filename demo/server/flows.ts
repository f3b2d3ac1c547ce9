import {
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequestFormParams,
  type InputRequest,
  type InputRequiredResult,
  type Root,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { DemoState, Era } from './demo-state.js';

/**
 * Multi-round tools as state machines with one driver per era.
 *
 * A flow says what it needs next (`ask`) and what it remembers (`state`).
 * - 2025-11-25: the legacy driver pushes each request over the session
 *   (`sampling/createMessage`, `elicitation/create`, `roots/list`), awaits the
 *   answer and feeds it back, all inside one `tools/call`.
 * - 2026-07-28: the modern driver returns `input_required` with the request
 *   and the state sealed in `requestState` (HMAC, `createRequestStateCodec`);
 *   the client answers and retries, and the flow resumes from the state.
 * The tool logic is written once; only the transport of the questions differs.
 */

/** What a flow asks the client for. */
export type FlowAsk =
  | { kind: 'sampling'; params: CreateMessageRequestParams }
  | { kind: 'form'; params: Omit<ElicitRequestFormParams, 'mode'> }
  | { kind: 'url'; message: string; url: string }
  | { kind: 'roots' };

/** The client's answer, as `inputResponse` views it. */
export type FlowAnswer =
  | { kind: 'elicit'; action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }
  | { kind: 'sampling'; result: CreateMessageResult | CreateMessageResultWithTools }
  | { kind: 'roots'; roots: Root[] };

/** One step of a flow: finished with a result, or waiting on the client. */
export type FlowStep<S> = { result: CallToolResult } | { ask: FlowAsk; state: S };

/** Per-call facts a flow may use. */
export interface FlowContext {
  era: Era;
  state: DemoState;
  signal: AbortSignal;
}

/** A multi-round tool: `start` from the arguments, `resume` with each answer. */
export interface Flow<A, S> {
  name: string;
  start(args: A, ctx: FlowContext): FlowStep<S> | Promise<FlowStep<S>>;
  resume(state: S, answer: FlowAnswer, ctx: FlowContext): FlowStep<S> | Promise<FlowStep<S>>;
}

/** A person may take minutes to answer: wait up to 30 minutes (cancellation still ends the wait). */
export const PERSON_TIMEOUT_MS = 30 * 60_000;

const INPUT_KEY = 'input';

function toInputRequest(ask: FlowAsk): InputRequest {
  switch (ask.kind) {
    case 'sampling':
      return inputRequired.createMessage(ask.params);
    case 'form':
      return inputRequired.elicit(ask.params);
    case 'url':
      return inputRequired.elicitUrl({ message: ask.message, url: ask.url });
    case 'roots':
      return inputRequired.listRoots();
    default: {
      const never: never = ask;
      throw new Error(`unknown ask ${JSON.stringify(never)}`);
    }
  }
}

async function push(ask: FlowAsk, ctx: ServerContext): Promise<FlowAnswer> {
  // `relatedRequestId`: on the call's own response stream (the SDK's `ctx.mcpReq.requestSampling` and
  // `elicitInput` would send it on the session's optional GET stream, and drop it when that is not open).
  const options = { timeout: PERSON_TIMEOUT_MS, signal: ctx.mcpReq.signal, relatedRequestId: ctx.mcpReq.id };
  switch (ask.kind) {
    case 'sampling':
      return { kind: 'sampling', result: await ctx.mcpReq.requestSampling(ask.params, options) };
    case 'form': {
      const result = await ctx.mcpReq.elicitInput({ mode: 'form', ...ask.params }, options);
      return { kind: 'elicit', action: result.action, content: result.content as Record<string, unknown> | undefined };
    }
    case 'url': {
      const elicitationId = crypto.randomUUID();
      const result = await ctx.mcpReq.elicitInput({ mode: 'url', message: ask.message, url: ask.url, elicitationId }, options);
      return { kind: 'elicit', action: result.action };
    }
    case 'roots': {
      const result = await ctx.mcpReq.send({ method: 'roots/list' }, options);
      return { kind: 'roots', roots: result.roots };
    }
    default: {
      const never: never = ask;
      throw new Error(`unknown ask ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Runs `flow` for one `tools/call`, in whichever era `era` names.
 * On 2025 the whole conversation happens inside this call; on 2026 each call
 * runs exactly one step.
 */
export async function runFlow<A, S>(
  flow: Flow<A, S>,
  args: A,
  era: Era,
  state: DemoState,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const flowCtx: FlowContext = { era, state, signal: ctx.mcpReq.signal };
  if (era === 'legacy') {
    let step = await flow.start(args, flowCtx);
    while ('ask' in step) {
      const answer = await push(step.ask, ctx);
      step = await flow.resume(step.state, answer, flowCtx);
    }
    return step.result;
  }

  const stored = ctx.mcpReq.requestState<{ flow: string; state: S }>();
  let step: FlowStep<S>;
  if (stored === undefined) {
    step = await flow.start(args, flowCtx);
  } else {
    if (stored.flow !== flow.name) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState belongs to ${stored.flow}, not ${flow.name}`);
    }
    const view = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
    if (view.kind === 'missing') {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The retry of ${flow.name} carried no answer under "${INPUT_KEY}"`);
    }
    step = await flow.resume(stored.state, view, flowCtx);
  }
  if ('result' in step) return step.result;
  return inputRequired({
    inputRequests: { [INPUT_KEY]: toInputRequest(step.ask) },
    requestState: await state.codec.mint({ flow: flow.name, state: step.state }),
  });
}

/** Text of a tool result. */
export function textResult(text: string, extra: Partial<CallToolResult> = {}): CallToolResult {
  return { content: [{ type: 'text', text }], ...extra };
}
