import { ProviderError } from '../provider-error.js';
import type { CreateMessageOptions, ProviderResult } from '../types.js';
import { abortedError } from './http.js';

/** Reads a JSON body, mapping failures to provider errors. */
export async function readJSON(response: Response, provider: string, signal: AbortSignal | undefined): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw abortedError(provider, signal);
    throw new ProviderError('stream-cut', 'The connection broke while the answer was arriving. Try again.', { provider, cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ProviderError('malformed-stream', `The provider's answer is not JSON: ${text.slice(0, 80)}`, { provider, cause: error });
  }
}

/** Gives a non-streamed answer to `onDelta` too, so callers see one behaviour. */
export function replay(result: ProviderResult, onDelta: CreateMessageOptions['onDelta']): void {
  if (!onDelta) return;
  result.content.forEach((block, index) => {
    if (block.type === 'text') onDelta({ type: 'text', index, text: block.text });
    else if (block.type === 'tool_use') {
      onDelta({ type: 'tool-call-start', index, id: block.id, name: block.name });
      onDelta({ type: 'tool-call-end', index, id: block.id, name: block.name, input: block.input });
    }
  });
  if (result._meta?.usage) onDelta({ type: 'usage', usage: result._meta.usage });
}
