import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Headers every fake answer carries so browsers may read it (and its Retry-After). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-expose-headers': 'retry-after, retry-after-ms, x-request-id, request-id',
    vary: 'origin',
  };
}

/** Sends a JSON body. */
export function sendJSON(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
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
export async function sendSSE(
  req: IncomingMessage,
  res: ServerResponse,
  frames: string[],
  delayMs = 0,
  pause?: { frame: number; ms: number },
): Promise<void> {
  res.writeHead(200, {
    ...corsHeaders(req),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  for (const [i, frame] of frames.entries()) {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (pause?.frame === i) await new Promise((r) => setTimeout(r, pause.ms));
    if (res.destroyed || res.writableEnded) return;
    res.write(frame);
  }
  res.end();
}

/** How a scripted answer is to be spoilt or slowed (the matching fields of a `FakeReply`). */
export interface AnswerFaults {
  malformed?: boolean;
  cut?: boolean;
  delayMs?: number;
  pause?: { frame: number; ms: number };
}

/** The Retry-After header of a scripted error, when it has one. */
export function retryAfterHeaders(error: { retryAfter?: number }): Record<string, string> {
  return error.retryAfter !== undefined ? { 'retry-after': String(error.retryAfter) } : {};
}

/** Sends a non-streamed 200 answer: malformed, cut short, or whole after `delayMs`, as scripted. */
export async function sendAnswer(req: IncomingMessage, res: ServerResponse, faults: AnswerFaults, body: unknown): Promise<void> {
  if (faults.malformed) return sendMalformedJSON(req, res);
  if (faults.cut) return sendCutJSON(req, res, body);
  if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
  sendJSON(req, res, 200, body);
}

/** Streams the frames, only the first half of them (at least two) when the reply is scripted `cut`. */
export async function sendFrames(req: IncomingMessage, res: ServerResponse, faults: AnswerFaults, frames: string[]): Promise<void> {
  const sent = faults.cut ? frames.slice(0, Math.max(2, Math.floor(frames.length / 2))) : frames;
  await sendSSE(req, res, sent, faults.delayMs, faults.pause);
}

/** Answers a CORS preflight allowing GET and POST with the provider's request headers. */
export function sendPreflight(req: IncomingMessage, res: ServerResponse, allowHeaders: string): void {
  res.writeHead(204, {
    ...corsHeaders(req),
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': allowHeaders,
    'access-control-max-age': '600',
  });
  res.end();
}

/** Reads a request body as UTF-8 text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts `server` on a free port of 127.0.0.1: its base URL, and a close that drops open connections too. */
export async function listenOnLoopback(server: Server): Promise<{ base: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The script queue a request names with the `x-fake-script` header, if it names one. */
export function scriptHeader(req: IncomingMessage): string | undefined {
  const value = req.headers['x-fake-script'];
  return typeof value === 'string' && value ? value : undefined;
}
