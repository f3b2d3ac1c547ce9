import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { ContentBlock, Message, MessageBlock, ToolResultBlock, ToolUseBlock } from '../content/index.js';
import { clientToolResult, toolResultBlock, type ToolCallOutcome } from '../content/tool-result.js';
import { pairToolCalls } from '../content/repair.js';
import { isUnreadable } from '../content/unreadable.js';
import { boundToolResults } from '../content/bound-results.js';
import {
  CONTEXT_META_KEY,
  contextTrimNote,
  DEFAULT_MAX_CONTEXT_CHARS,
  fitContext,
  startsTurn,
  type ContextTrimNote,
} from '../content/fit-context.js';
import { wrapUntrustedResults } from '../content/untrusted.js';
import type { ProviderDelta } from '../providers/types.js';
import { defaultApprovalPolicy } from './approval.js';
import { composeSystemPrompt } from './system-prompt.js';
import { numberSourcesForModel } from '../content/sources.js';
import { SEARCH_TOOLS_NAME, searchTools, selectTools } from './tool-selection.js';
import type { AgentTool, TurnEndReason, TurnOptions, TurnResult } from './types.js';

/**
 * `messages` with `extra` after the own blocks of the newest person message
 * (a user message without tool results), a copy of it; the others as they
 * are. Unchanged when there is nothing to add or no such message.
 */
function withContextContent(messages: Message[], extra: readonly ContentBlock[] | undefined): Message[] {
  const at = extra?.length ? messages.findLastIndex(startsTurn) : -1;
  if (at < 0) return messages;
  const copy = [...messages];
  copy[at] = { ...copy[at]!, content: [...copy[at]!.content, ...extra!] };
  return copy;
}

/** Default number of provider calls in one turn. */
export const DEFAULT_MAX_ROUNDS = 10;

/** Default number of identical calls in a row (same tool, same arguments) that ends a turn. */
export const DEFAULT_MAX_REPEATS = 3;

/** A call's identity: its tool and its arguments, with object keys in a fixed order. */
const callKey = (use: ToolUseBlock): string =>
  JSON.stringify([use.name, use.input], (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );

const isAbort = (signal: AbortSignal | undefined) => signal?.aborted === true;

/** A host reports a call the person stopped by rejecting with an `AbortError`. */
const isAbortError = (error: unknown) => (error as { name?: unknown } | undefined)?.name === 'AbortError';

/**
 * Runs one chat turn: the conversation and the tools of every connected
 * server go to the provider; text streams out through `onEvent`; tool calls
 * are approved (policy), run with progress and cancellation, and their
 * results appended exactly as the server returned them (content,
 * structuredContent, isError); then the provider is asked again, until it
 * ends its turn, `maxRounds` provider calls were made, or `signal` aborts.
 *
 * The provider always gets a history that follows the tool pairing rule,
 * whatever `messages` holds: a call without its result gets an error result
 * saying the result was not kept (see `pairToolCalls`).
 *
 * Never rejects for provider or tool failures: the result says why the turn
 * ended. Every tool_use it records is followed by its tool_result (a refused,
 * failed or stopped call gets an `isError` result saying so), so the
 * conversation stays valid for the next turn.
 */
export async function runTurn(options: TurnOptions): Promise<TurnResult> {
  const { provider, tools: host, signal } = options;
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const maxRepeats = options.maxRepeats ?? DEFAULT_MAX_REPEATS;
  /** The last call made, and how many times in a row it was made. */
  let last: { key: string; tool: string; times: number } | undefined;
  const policy = options.policy ?? defaultApprovalPolicy;
  const emit = options.onEvent ?? (() => {});
  const conversation = [...options.messages];
  const added: Message[] = [];
  const record = async (message: Message) => {
    conversation.push(message);
    added.push(message);
    emit({ type: 'message', message });
    await options.onMessage?.(message);
  };
  const end = (reason: TurnEndReason, rounds: number, extra: Partial<TurnResult> = {}): TurnResult => ({
    messages: added,
    reason,
    rounds,
    ...extra,
  });

  const maxChars = options.maxContextChars ?? provider.maxContextChars ?? DEFAULT_MAX_CONTEXT_CHARS;
  let reported = '0/0';
  /** Messages left out of this round's request, when that is news (a note for the answer's `_meta`). */
  let trimNote: ContextTrimNote | undefined;
  /** The request's messages within the context budget; says once what was left out, and again when that changes. */
  const fitted = (messages: Message[]): Message[] => {
    const fit = fitContext(messages, { maxChars, maxMessages: options.maxContextMessages });
    const key = `${fit.droppedMessages}/${fit.truncatedBlocks}`;
    if (key !== reported) {
      reported = key;
      const { droppedMessages, droppedChars, truncatedBlocks } = fit;
      emit({ type: 'context-trimmed', droppedMessages, droppedChars, truncatedBlocks, maxChars });
      if (droppedMessages > 0) trimNote = { droppedMessages };
    }
    return fit.messages;
  };
  /** What the provider itself left out last (the browser's model fits its own window). */
  let providerDropped = 0;

  let rounds = 0;
  let stopReason: string | undefined;
  /** Tools the model found with the search tool in this turn: carried from then on. */
  const found: string[] = [];
  try {
    while (rounds < maxRounds) {
      if (isAbort(signal)) return end('stopped', rounds, { stopReason });
      rounds += 1;
      emit({ type: 'round-start', round: rounds });
      const catalog = host ? [...(await host.listTools())] : [];
      const byName = new Map(catalog.map((t) => [t.name, t]));
      const selection = selectTools(catalog, {
        messages: conversation,
        maxTools: options.maxTools ?? provider.maxTools,
        maxToolChars: options.maxToolChars ?? provider.maxToolChars,
        maxDescription: options.maxToolDescription,
        pinned: options.pinnedTools,
        found,
      });
      options.onToolSelection?.(selection);
      const search = selection.tools.find((t) => t.name === SEARCH_TOOLS_NAME && !byName.has(SEARCH_TOOLS_NAME));
      const params: CreateMessageRequestParams = {
        // Never an unpaired history: a call whose result was not kept (tab closed mid-call,
        // a failed save, an import ending in a call) is answered with an error result.
        // A stored row that could not be read is shown to the person, never sent.
        // A huge tool result goes to the model in a bounded form (the history keeps it whole).
        // A result marked untrusted (a page tool's `untrustedContentHint`) is wrapped as data,
        // and no more of it goes than the model's context holds: the oldest turns go first.
        // A result that points to pages gets them numbered, so the answer can cite [1] (content/sources.ts).
        // The pictures app views asked the model to see go with the person's newest message (this request only).
        messages: fitted(
          withContextContent(
            wrapUntrustedResults(
              numberSourcesForModel(
                boundToolResults(
                  pairToolCalls(
                    conversation.filter((m) => !isUnreadable(m)),
                    undefined,
                    { closeTrailing: true },
                  ).messages,
                  options.maxToolResultChars,
                ),
              ),
            ),
            options.appContext?.pictures,
          ),
        ) as CreateMessageRequestParams['messages'],
        maxTokens: options.maxTokens ?? 4096,
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      };
      const system = composeSystemPrompt(
        [options.systemPrompt, options.appContext?.prompt].filter(Boolean).join('\n\n'),
        host?.listInstructions?.() ?? [],
      );
      if (system) params.systemPrompt = system;
      if (selection.tools.length) {
        params.tools = selection.tools.map((t) => ({
          name: t.name,
          description: t.description,
          inputSchema: t.inputSchema,
        })) as CreateMessageRequestParams['tools'];
        params.toolChoice = { mode: 'auto' };
      }

      const streamed: MessageBlock[] = [];
      let result;
      try {
        result = await provider.createMessage(params, {
          signal,
          model: options.model,
          onDelta: (delta) => {
            applyDelta(streamed, delta);
            emit({ type: 'delta', delta, content: streamed });
          },
        });
      } catch (error) {
        // Keep what the person already saw: the streamed text, without half-made tool calls.
        const partial = streamed.filter((b): b is MessageBlock => b?.type === 'text' && b.text !== '');
        if (partial.length) await record({ role: 'assistant', content: partial });
        return isAbort(signal) ? end('stopped', rounds) : end('error', rounds, { error });
      }
      emit({ type: 'provider-result', result });
      stopReason = result.stopReason === undefined ? undefined : String(result.stopReason);
      const content = result.content as MessageBlock[];
      const uses = content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
      // The provider left old messages out itself: said once, and again when it leaves out more.
      const dropped = contextTrimNote(result as { _meta?: Record<string, unknown> });
      if (dropped && dropped.droppedMessages !== providerDropped) {
        providerDropped = dropped.droppedMessages;
        emit({ type: 'context-trimmed', droppedMessages: dropped.droppedMessages, droppedChars: 0, truncatedBlocks: 0, maxChars });
        trimNote = dropped;
      }
      const note = trimNote;
      trimNote = undefined;
      if (content.length) await record({ role: 'assistant', content, ...(note ? { _meta: { [CONTEXT_META_KEY]: note } } : {}) });
      if (uses.length === 0) {
        const reason: TurnEndReason =
          stopReason === 'maxTokens'
            ? 'maxTokens'
            : stopReason === 'endTurn' || stopReason === 'stopSequence' || stopReason === undefined
              ? 'endTurn'
              : 'other';
        return end(reason, rounds, { stopReason });
      }
      // The search tool runs here, without asking: it only reads the catalog.
      const local = (use: ToolUseBlock): ToolResultBlock | undefined => {
        if (!search || use.name !== SEARCH_TOOLS_NAME) return undefined;
        const hits = searchTools(catalog, String((use.input as { query?: unknown } | undefined)?.query ?? ''));
        for (const name of hits.names) if (!found.includes(name)) found.push(name);
        return { type: 'tool_result', toolUseId: use.id, content: [{ type: 'text', text: hits.text }] };
      };
      const results = await runTools(uses, byName, options, policy, local);
      await record({ role: 'user', content: results });
      if (isAbort(signal)) return end('stopped', rounds, { stopReason });
      // The same call again and again (a small model in a loop): the turn ends here, said plainly by the UI.
      for (const use of uses) {
        const key = callKey(use);
        last = last?.key === key ? { ...last, times: last.times + 1 } : { key, tool: use.name, times: 1 };
      }
      if (maxRepeats > 0 && last && last.times >= maxRepeats)
        return end('repeated', rounds, { stopReason, repeated: { tool: last.tool, times: last.times } });
    }
    return end('maxRounds', rounds, { stopReason });
  } catch (error) {
    return end(isAbort(signal) ? 'stopped' : 'error', rounds, { error, stopReason });
  }
}

/** Builds the streaming message from provider deltas (blocks by index). */
function applyDelta(content: MessageBlock[], delta: ProviderDelta): void {
  switch (delta.type) {
    case 'text': {
      const block = content[delta.index];
      if (block?.type === 'text') block.text += delta.text;
      else content[delta.index] = { type: 'text', text: delta.text };
      return;
    }
    case 'tool-call-start':
      content[delta.index] = { type: 'tool_use', id: delta.id, name: delta.name, input: {} };
      return;
    case 'tool-call-end':
      content[delta.index] = { type: 'tool_use', id: delta.id, name: delta.name, input: delta.input };
      return;
    case 'tool-call-delta':
    case 'usage':
      return;
    default: {
      const never: never = delta;
      void never;
    }
  }
}

/**
 * Approvals one after the other (a person answers one question at a time),
 * then every approved call at once. Each result is in the order of the calls.
 */
async function runTools(
  uses: ToolUseBlock[],
  byName: Map<string, AgentTool>,
  options: TurnOptions,
  policy: NonNullable<TurnOptions['policy']>,
  local: (use: ToolUseBlock) => ToolResultBlock | undefined,
): Promise<ToolResultBlock[]> {
  const { signal, tools: host } = options;
  const emit = options.onEvent ?? (() => {});
  const results = new Map<string, ToolResultBlock>();
  const finish = (use: ToolUseBlock, result: ToolResultBlock, status: ToolCallOutcome) => {
    results.set(use.id, result);
    emit({ type: 'tool-end', toolUse: use, result, status });
  };
  /** A result the client writes (the status is recorded in its `_meta`, see `TOOL_CALL_META_KEY`). */
  const own = (use: ToolUseBlock, tool: AgentTool | undefined, text: string, status: ToolCallOutcome) =>
    finish(use, clientToolResult(use.id, text, { status, server: tool?.server, title: tool?.title }), status);
  const approved: Array<{ use: ToolUseBlock; tool: AgentTool }> = [];
  for (const use of uses) {
    const answered = local(use);
    if (answered) {
      finish(use, answered, 'done');
      continue;
    }
    const tool = byName.get(use.name);
    if (!tool || !host) {
      own(use, tool, `There is no tool named "${use.name}".`, 'error');
      continue;
    }
    if (isAbort(signal)) {
      own(use, tool, 'The person stopped the turn before this tool ran.', 'cancelled');
      continue;
    }
    let decision = policy(tool, use.input ?? {});
    if (decision === 'ask') {
      emit({ type: 'tool-approval', toolUse: use, tool });
      const waitSignal = signal ?? new AbortController().signal;
      const ok = options.approve ? await waitOrAbort(options.approve({ toolUse: use, tool, signal: waitSignal }), waitSignal) : false;
      decision = ok ? 'allow' : 'deny';
      if (isAbort(signal)) {
        own(use, tool, 'The person stopped the turn before this tool ran.', 'cancelled');
        continue;
      }
    }
    if (decision === 'deny') own(use, tool, 'The person did not allow this tool call.', 'denied');
    else approved.push({ use, tool });
  }
  await Promise.all(
    approved.map(async ({ use, tool }) => {
      emit({ type: 'tool-start', toolUse: use, tool });
      const callSignal = signal ?? new AbortController().signal;
      try {
        const r = await host!.callTool(tool.name, use.input ?? {}, {
          signal: callSignal,
          toolUseId: use.id,
          onprogress: (progress) => emit({ type: 'tool-progress', toolUse: use, progress }),
        });
        const status = r.isError ? 'error' : 'done';
        finish(use, toolResultBlock(use.id, r, { status, server: tool.server, title: tool.title }), status);
      } catch (error) {
        if (isAbort(callSignal) || isAbortError(error)) own(use, tool, 'The person stopped this tool call.', 'cancelled');
        else own(use, tool, `The tool call failed: ${error instanceof Error ? error.message : String(error)}`, 'error');
      }
    }),
  );
  return uses.map((u) => results.get(u.id)!);
}

/** Resolves false as soon as `signal` aborts. */
function waitOrAbort(promise: Promise<boolean>, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      () => resolve(false),
    );
  });
}
