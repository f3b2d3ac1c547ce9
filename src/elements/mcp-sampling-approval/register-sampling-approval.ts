import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';
import { jsonRpcCodeOf, type InputRequestContext, type SamplingHandler } from '../../mcp/input-types.js';
import { serverKey } from '../../mcp/server-key.js';
import { selectModel } from '../../providers/select-model.js';
import type { ModelInfo } from '../../providers/types.js';
import { McpSamplingApproval } from './mcp-sampling-approval.js';
import { SamplingPolicies } from './sampling-policies.js';
import {
  declinedError,
  resultBlocks,
  SamplingError,
  SamplingErrorKind,
  samplingRequestProblem,
  samplingResult,
  stopReasonOf,
  modelOf,
} from './sampling-request.js';
import { SamplingPolicy, type SamplingActivity, type SamplingActivityStore, type SamplingProvider } from './sampling-types.js';

/** Options of {@link createSamplingHandler} and {@link registerSamplingApproval}. */
export interface SamplingApprovalOptions {
  /** The model provider; without one the person writes answers and `auto` falls back to asking. */
  provider?: SamplingProvider;
  /** The models offered for selection by modelPreferences. */
  models?: ModelInfo[];
  /** The model used when the preferences match none. */
  defaultModel?: string;
  /** The history store whose activity log receives every exchange. */
  store?: SamplingActivityStore;
  /** The conversation the activity belongs to (the chat's current one); a getter is asked per request. */
  conversationId?: string | ((context: InputRequestContext) => string | undefined);
  /** Per-server policies (default: a fresh set in which every server is `ask`). */
  policies?: SamplingPolicies;
  /** Called when writing the activity log fails (default: `console.warn`); the exchange itself goes on. */
  onLogError?: (error: unknown) => void;
}

/** The part of the input router this helper uses (`InputRouter.handle`). */
export interface SamplingHandlerRegistry {
  handle(kind: 'sampling', handler: SamplingHandler): () => void;
}

type LogEntry = Pick<SamplingActivity, 'toolUseId' | 'server' | 'request' | 'response' | 'requestedAt' | 'decidedBy' | 'model'> & {
  toolName?: string;
};

const errorOf = (error: unknown) => ({
  code: jsonRpcCodeOf(error),
  message: error instanceof Error ? error.message : String(error),
});

/**
 * A sampling handler built around an `<mcp-sampling-approval>`: checks each
 * request (tool pairing, tool schemas) and refuses a broken one with an
 * invalid-params error; applies the server's policy (`never` refuses,
 * `auto` runs the provider without asking, `ask` shows the element); logs
 * every exchange, as sent and as answered, to the store's activity log.
 */
export function createSamplingHandler(element: McpSamplingApproval, options: SamplingApprovalOptions = {}): SamplingHandler {
  const policies = options.policies ?? element.policies ?? new SamplingPolicies();
  element.policies = policies;
  let ownConversation: Promise<string> | undefined;

  async function log(context: InputRequestContext, entry: LogEntry) {
    const store = options.store;
    if (!store) return;
    try {
      const configured = typeof options.conversationId === 'function' ? options.conversationId(context) : options.conversationId;
      let conversationId = configured;
      if (!conversationId) {
        if (!store.createConversation) throw new Error('no conversation to log sampling activity in: pass conversationId');
        ownConversation ??= store.createConversation({ title: 'Sampling activity' }).then((c) => c.id);
        conversationId = await ownConversation;
      }
      await store.appendActivity({ ...entry, conversationId, kind: 'sampling', respondedAt: Date.now() });
    } catch (error) {
      (options.onLogError ?? ((e) => console.warn('mcp-sampling-approval: could not log the exchange', e)))(error);
    }
  }

  return async (params: CreateMessageRequestParams, context: InputRequestContext): Promise<CreateMessageResult> => {
    const requestedAt = Date.now();
    const base = {
      toolUseId: context.toolCall?.toolUseId,
      toolName: context.toolCall?.name,
      server: serverKey(context.server.url),
      requestedAt,
    };
    const refuse = async (error: SamplingError, decidedBy: SamplingActivity['decidedBy'], request = params): Promise<never> => {
      await log(context, {
        ...base,
        decidedBy,
        request: { method: 'sampling/createMessage', params: request },
        response: { error: errorOf(error) },
      });
      throw error;
    };
    const answer = async (result: CreateMessageResult, decidedBy: SamplingActivity['decidedBy'], request = params) => {
      await log(context, {
        ...base,
        decidedBy,
        model: result.model,
        request: { method: 'sampling/createMessage', params: request },
        response: { result },
      });
      return result;
    };

    const problem = samplingRequestProblem(params);
    if (problem) return refuse(new SamplingError(SamplingErrorKind.InvalidParams, `Invalid sampling request: ${problem}`), 'check');

    const policy = policies.get(context.server);
    if (policy === SamplingPolicy.Never) {
      return refuse(declinedError(`sampling is turned off for ${context.server.name}`), 'policy');
    }
    const provider = options.provider ?? element.provider;
    if (policy === SamplingPolicy.Auto && provider) {
      const model = selectModel(params.modelPreferences, options.models ?? element.models, options.defaultModel ?? element.defaultModel);
      let raw: Awaited<ReturnType<SamplingProvider['createMessage']>>;
      try {
        raw = await provider.createMessage(params, { signal: context.signal, model });
      } catch (error) {
        await log(context, {
          ...base,
          decidedBy: 'policy',
          request: { method: 'sampling/createMessage', params },
          response: { error: errorOf(error) },
        });
        throw error;
      }
      return answer(samplingResult(params, resultBlocks(raw), modelOf(raw), stopReasonOf(raw)), 'policy');
    }
    const decision = await element.ask(params, context);
    if (decision.error) return refuse(decision.error, 'person', decision.request);
    return answer(decision.result!, 'person', decision.request);
  };
}

/**
 * Makes sampling requests of a router's connections show up in `container`:
 * creates an `<mcp-sampling-approval>` there (hidden while nothing waits),
 * registers {@link createSamplingHandler} with the router, and keeps the
 * element's count in step with the router's queue. Returns the element and a
 * function that unregisters the handler and removes the element.
 */
export function registerSamplingApproval(
  router: SamplingHandlerRegistry &
    Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>> & { pending?: Array<{ kind: string; status: string }> },
  container: HTMLElement,
  options: SamplingApprovalOptions = {},
): { element: McpSamplingApproval; dispose: () => void } {
  const element = document.createElement('mcp-sampling-approval');
  element.provider = options.provider;
  element.models = options.models ?? [];
  element.defaultModel = options.defaultModel;
  element.hidden = true;
  container.append(element);
  const handler = createSamplingHandler(element, options);
  const sync = () => {
    element.queued = (router.pending ?? []).filter((p) => p.kind === 'sampling' && p.status === 'queued').length;
  };
  const shown: SamplingHandler = async (params, context) => {
    element.hidden = false;
    try {
      return await handler(params, context);
    } finally {
      element.hidden = element.pending === 0;
    }
  };
  const unregister = router.handle('sampling', shown);
  router.addEventListener?.('change', sync);
  return {
    element,
    dispose() {
      unregister();
      router.removeEventListener?.('change', sync);
      element.remove();
    },
  };
}
