import { ProviderError } from '../provider-error.js';
import type { CreateMessageOptions, ProviderResult } from '../types.js';
import { abortedError } from './http.js';
import { readSSE } from './sse.js';

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

/** What a streamed answer is fed into, one `data:` payload at a time (an adapter's accumulator). */
export interface StreamSink {
  push(data: string): void;
  /** True once the provider's end-of-stream marker arrived: reading stops there. */
  readonly done: boolean;
}

/** Who is streaming, for {@link readStream}'s errors. */
export interface ReadStreamOptions {
  provider: string;
  label: string;
  signal: AbortSignal | undefined;
  /** Whether what arrived is a whole answer (each provider has its own end markers). */
  complete: () => boolean;
}

/**
 * Feeds an SSE body to `sink` until it is done or the body ends. A dropped
 * connection, a stop by the caller and a stream that ends before
 * `complete()` become provider errors; errors the sink throws pass through.
 */
export async function readStream(body: ReadableStream<Uint8Array>, sink: StreamSink, options: ReadStreamOptions): Promise<void> {
  const { provider, label, signal } = options;
  try {
    for await (const event of readSSE(body)) {
      sink.push(event.data);
      if (sink.done) break;
    }
  } catch (error) {
    if (signal?.aborted) throw abortedError(provider, signal);
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('stream-cut', `The connection to ${label} broke while the answer was streaming. Try again.`, {
      provider,
      cause: error,
    });
  }
  if (signal?.aborted) throw abortedError(provider, signal);
  if (!options.complete())
    throw new ProviderError('stream-cut', `${label} stopped streaming before the answer was complete. Try again.`, { provider });
}
