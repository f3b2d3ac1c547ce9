/**
 * Keeps SEP-2356's `x-mcp-file` on elicitation requests. The SDK (2.4) drops it: its `StringSchema` has no such key
 * yet, and it parses every `elicitation/create` (2025) and every `input_required` request (2026) before a handler sees
 * it. {@link keepFileInputs} keeps the parameters of each elicitation request as the server sent them;
 * `restoreFileInputs` (file-input-restore.ts, loaded at the first elicitation that had any) puts the keywords back on
 * the parsed request. In the connection's first load: kept to these few lines.
 */

/** A transport's message callback (the SDK's `Transport.onmessage`). */
type OnMessage = (message: never, extra?: never) => void;
type Sent = { method?: unknown; params?: unknown; result?: { inputRequests?: Record<string, Sent | undefined> } } | undefined;

/**
 * Lets `sent` collect the parameters of each elicitation request `transport` delivers (the last 16), before the
 * callback the SDK sets sees the message; the message is passed on unchanged.
 */
export function keepFileInputs(transport: { onmessage?: OnMessage }, sent: unknown[]): void {
  let inner = transport.onmessage;
  const wrapped: OnMessage = (message, extra) => {
    const m = message as Sent;
    for (const request of m?.method ? [m] : Object.values(m?.result?.inputRequests ?? {}))
      if (request?.method === 'elicitation/create' && sent.push(request.params) > 16) sent.shift();
    inner?.(message, extra);
  };
  Object.defineProperty(transport, 'onmessage', { configurable: true, get: () => inner && wrapped, set: (fn) => (inner = fn) });
}
