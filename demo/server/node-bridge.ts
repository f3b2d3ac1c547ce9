import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Bridges node:http to web-standard `Request`/`Response`, the shape the SDK's
 * `createMcpHandler` and `WebStandardStreamableHTTPServerTransport` speak.
 * No framework: the demo server depends on node:http only.
 */

/** Largest request body the demo server reads (the SDK's own default bound). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Thrown by {@link toWebRequest} when the body exceeds {@link MAX_BODY_BYTES}. */
export class BodyTooLargeError extends Error {
  constructor() {
    super(`Request body exceeds ${MAX_BODY_BYTES} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Builds a `Request` from a Node request. The body is read fully first (MCP
 * messages are small JSON documents). The returned signal aborts when the
 * client goes away before the response has finished, which is how the SDK
 * learns that an SSE reader left or that a 2026 request was cancelled by
 * closing its stream.
 */
export async function toWebRequest(req: IncomingMessage, res: ServerResponse, fallbackHost: string): Promise<Request> {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('client disconnected'));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    for (const v of value ?? []) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? fallbackHost}`);
  return new Request(url, {
    method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
}

/**
 * Writes a web `Response` to a Node response, streaming the body chunk by
 * chunk (SSE streams stay open until either side ends them). `extraHeaders`
 * (CORS) are added to whatever the response carries.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string>): Promise<void> {
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.on('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      res.write(value);
    }
  } catch {
    // The stream was cancelled (client left or server closing): nothing more to write.
  } finally {
    res.off('close', stop);
    if (!res.destroyed) res.end();
  }
}
