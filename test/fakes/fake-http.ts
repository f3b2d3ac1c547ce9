import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers every fake answer carries so browsers may read it (and its Retry-After). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-expose-headers': 'retry-after, retry-after-ms, x-request-id, request-id',
    vary: 'origin',
  };
}

/** Sends a JSON body. */
export function sendJSON(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...corsHeaders(req), 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Sends half of a JSON body, then drops the connection (a non-streamed answer cut short). */
export function sendCutJSON(req: IncomingMessage, res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { ...corsHeaders(req), 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
}

/** Sends a 200 body that is not JSON (malformed non-streamed answer). */
export function sendMalformedJSON(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { ...corsHeaders(req), 'content-type': 'application/json' });
  res.end('{"id": "broken", "choices": [');
}

/** Streams SSE frames (each already ending in a blank line), pausing `delayMs` before each; stops if the client went away. */
export async function sendSSE(req: IncomingMessage, res: ServerResponse, frames: string[], delayMs = 0): Promise<void> {
  res.writeHead(200, { ...corsHeaders(req), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  for (const frame of frames) {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed || res.writableEnded) return;
    res.write(frame);
  }
  res.end();
}
