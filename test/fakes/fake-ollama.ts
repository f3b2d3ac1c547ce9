/**
 * A fake Ollama on 127.0.0.1 speaking Ollama's real endpoints:
 *
 * - `GET /api/tags`: the local models, in Ollama's native format;
 * - `GET /api/version`;
 * - `GET /v1/models`: the same models in the OpenAI list format, as Ollama's
 *   OpenAI-compatible API lists them;
 * - `POST /v1/chat/completions`: forwarded to the fake OpenAI server (so the
 *   same `[[say:…]]` / `[[tool:…]]` directives script it). Like Ollama, it
 *   needs no key, and a model name without a tag means `:latest`; like
 *   Ollama's OpenAI layer (`openai/openai.go`, `fromChatRequest`), it takes
 *   `text` and `image_url` content parts only and answers any other part
 *   (`file`, `input_audio`) with 400 "invalid message format".
 *
 * CORS is open, as with `OLLAMA_ORIGINS=*`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { RunningServer } from '../servers/running-server.js';
import { corsHeaders, listenOnLoopback, readBody, sendJSON } from './fake-http.js';

/** Models the fake Ollama has pulled; `llama3.2` is also known to the fake OpenAI server. */
export const OLLAMA_MODELS = ['llama3.2:latest', 'qwen2.5:0.5b'];

/** Starts a fake Ollama whose chat completions are answered by the fake OpenAI server at `openaiUrl` (ends in /v1). */
export async function startFakeOllama(options: { openaiUrl: string }): Promise<RunningServer> {
  const upstream = options.openaiUrl.replace(/\/+$/, '');
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJSON(req, res, 500, { error: String(error) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/\/+$/, '');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders(req),
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      });
      return void res.end();
    }
    const route = `${req.method} ${path}`;
    switch (route) {
      case 'GET /api/version':
        return sendJSON(req, res, 200, { version: '0.12.6' });
      case 'GET /api/tags':
        return sendJSON(req, res, 200, {
          models: OLLAMA_MODELS.map((name) => ({
            name,
            model: name,
            modified_at: '2025-10-01T12:00:00.000000000Z',
            size: 2_019_393_189,
            digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
            details: {
              parent_model: '',
              format: 'gguf',
              family: 'llama',
              families: ['llama'],
              parameter_size: '3.2B',
              quantization_level: 'Q4_K_M',
            },
          })),
        });
      case 'GET /v1/models':
        return sendJSON(req, res, 200, {
          object: 'list',
          data: OLLAMA_MODELS.map((id) => ({ id, object: 'model', created: 1_759_320_000, owned_by: 'library' })),
        });
      case 'POST /v1/chat/completions':
        return forwardChat(req, res);
      default:
        res.writeHead(404, { ...corsHeaders(req), 'content-type': 'text/plain' });
        return void res.end('404 page not found');
    }
  }

  async function forwardChat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req)) as { model?: string; messages?: Array<{ content?: unknown }> };
    const model = body.model ?? '';
    const parts = (body.messages ?? []).flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<{ type?: string }>) : []));
    if (parts.some((p) => p.type !== 'text' && p.type !== 'image_url'))
      return sendJSON(req, res, 400, {
        error: { message: 'invalid message format', type: 'invalid_request_error', param: null, code: null },
      });
    if (!OLLAMA_MODELS.includes(model) && !OLLAMA_MODELS.includes(`${model}:latest`)) {
      return sendJSON(req, res, 404, {
        error: { message: `model "${model}" not found, try pulling it first`, type: 'api_error', param: null, code: null },
      });
    }
    const answer = await fetch(`${upstream}/chat/completions`, {
      method: 'POST',
      // Ollama ignores keys; the fake OpenAI server wants one.
      headers: { 'content-type': 'application/json', authorization: 'Bearer ollama' },
      body: JSON.stringify({ ...body, model: model.replace(/:latest$/, '') }),
    });
    res.writeHead(answer.status, { ...corsHeaders(req), 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    const reader = answer.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) res.write(part.value);
    res.end();
  }

  const { base, close } = await listenOnLoopback(server);
  return { url: base, close };
}
