import type { CreateMessageRequestParams, CreateMessageResult, CreateMessageResultWithTools } from '@modelcontextprotocol/client';
import { toBlocks } from '../../content/guards.js';
import type { MessageBlock } from '../../content/types.js';
import { ProviderError } from '../provider-error.js';
import { abortedError } from '../shared/http.js';
import type { CreateMessageOptions, ModelProvider, ProviderResult } from '../types.js';

/** Asks a person to answer a request; resolves with what they wrote. */
export type AskPerson = (
  params: CreateMessageRequestParams,
  signal: AbortSignal | undefined,
) => Promise<CreateMessageResult | CreateMessageResultWithTools>;

/**
 * A provider that returns what a person writes (the fallback when no model is
 * configured, as in MCP Inspector). The UI supplies `ask`; the answer's
 * content is normalised to an array, `model` defaults to `'person'`, and an
 * aborted signal rejects at once even if `ask` ignores it.
 */
export function createPersonProvider(ask: AskPerson, options: { id?: string; label?: string } = {}): ModelProvider {
  const id = options.id ?? 'person';
  const label = options.label ?? 'A person';
  return {
    id,
    label,
    async createMessage(params: CreateMessageRequestParams, call: CreateMessageOptions = {}): Promise<ProviderResult> {
      const { signal, onDelta } = call;
      if (signal?.aborted) throw abortedError(id, signal);
      let onAbort: (() => void) | undefined;
      const stopped = new Promise<never>((_, reject) => {
        onAbort = () => reject(abortedError(id, signal));
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      let answer: CreateMessageResult | CreateMessageResultWithTools;
      try {
        answer = await Promise.race([ask(params, signal), stopped]);
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw new ProviderError(
          'aborted',
          `${label} declined to answer${error instanceof Error && error.message ? `: ${error.message}` : '.'}`,
          {
            provider: id,
            cause: error,
          },
        );
      } finally {
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
      const content = toBlocks(answer.content as MessageBlock | MessageBlock[]) as ProviderResult['content'];
      content.forEach((block, index) => {
        if (block.type === 'text') onDelta?.({ type: 'text', index, text: block.text });
      });
      return { ...answer, role: 'assistant', content, model: answer.model || 'person', stopReason: answer.stopReason ?? 'endTurn' };
    },
  };
}
