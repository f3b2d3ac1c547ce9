/**
 * Fake model providers on 127.0.0.1, speaking the documented wire formats:
 *
 * - OpenAI chat completions: `POST /openai/v1/chat/completions`, `GET /openai/v1/models`
 * - Anthropic messages: `POST /anthropic/v1/messages`, `GET /anthropic/v1/models`
 *
 * Streaming (SSE) and JSON answers, tool calls, error statuses, CORS for
 * browsers. Scripted from tests (docs/providers.md, "Fake providers"):
 *
 * - directives in the last message: `[[tool:NAME {json}]]`, `[[say:TEXT]]`,
 *   `[[json {json}]]`, `[[error:STATUS retry-after=S]]`, `[[malformed]]`,
 *   `[[cut]]`, `[[slow:MS]]`, `[[stop:REASON]]`, `[[script:KEY]]`;
 * - `POST /__script` `{ key?, replies: FakeReply[] }` queues replies; a request takes from queue K when its
 *   text has `[[script:K]]` or it sends the header `x-fake-script: K` (then from no other queue);
 * - `GET /__last-request?contains=TEXT` and `GET /__requests?contains=TEXT`
 *   return what the fake received; `POST /__reset` forgets scripts and requests
 *   (`POST /__reset?key=K`: only queue K).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { RunningServer } from '../servers/running-server.js';
import { anthropicMessages, anthropicModels, anthropicPreflight } from './fake-anthropic.js';
import { corsHeaders, listenOnLoopback, readBody, sendJSON } from './fake-http.js';
import { openaiChat, openaiModels, openaiPreflight } from './fake-openai.js';
import { type FakeReply, ScriptQueues } from './fake-script.js';

export type { FakeReply } from './fake-script.js';

/** The fake OpenAI-compatible and Anthropic servers. */
export interface FakeProviders extends RunningServer {
  /** Base URL of the OpenAI-compatible API (ends in /openai/v1). */
  openaiUrl: string;
  /** Base URL of the Anthropic API (ends in /anthropic/v1). */
  anthropicUrl: string;
}

/** A request the fake received, as `GET /__last-request` returns it. */
export interface RecordedRequest {
  provider: 'openai' | 'anthropic';
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Starts the fakes on a free port of 127.0.0.1. */
export async function startFakeProviders(): Promise<FakeProviders> {
  const scripts = new ScriptQueues();
  const log: Array<RecordedRequest & { raw: string }> = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJSON(req, res, 500, { error: { message: String(error), type: 'server_error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/\/+$/, '');
    const provider = path.startsWith('/openai/') ? 'openai' : path.startsWith('/anthropic/') ? 'anthropic' : undefined;
    if (req.method === 'OPTIONS') {
      if (provider === 'openai') return openaiPreflight(req, res);
      if (provider === 'anthropic') return anthropicPreflight(req, res);
      res.writeHead(204, {
        ...corsHeaders(req),
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
      });
      return void res.end();
    }
    const raw = req.method === 'POST' ? await readBody(req) : '';
    let body: any;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return provider === 'anthropic'
          ? sendJSON(req, res, 400, {
              type: 'error',
              error: { type: 'invalid_request_error', message: 'There was an error parsing the body of your request.' },
            })
          : sendJSON(req, res, 400, {
              error: {
                message: 'We could not parse the JSON body of your request.',
                type: 'invalid_request_error',
                param: null,
                code: null,
              },
            });
      }
    }
    if (provider) {
      log.push({ provider, method: req.method ?? 'GET', path, headers: req.headers, body, raw });
      if (log.length > 500) log.shift();
    }
    const route = `${req.method} ${path}`;
    switch (route) {
      case 'POST /openai/v1/chat/completions':
        return openaiChat(req, res, body ?? {}, raw, scripts);
      case 'GET /openai/v1/models':
        return openaiModels(req, res);
      case 'POST /anthropic/v1/messages':
        return anthropicMessages(req, res, body ?? {}, raw, scripts);
      case 'GET /anthropic/v1/models':
        return anthropicModels(req, res);
      case 'POST /__script': {
        const { key = '', replies } = (body ?? {}) as { key?: string; replies?: FakeReply[] };
        if (!Array.isArray(replies)) return sendJSON(req, res, 400, { error: 'replies must be an array' });
        scripts.add(key, replies);
        return sendJSON(req, res, 200, { queued: replies.length, key });
      }
      case 'POST /__reset': {
        // ?key=K forgets only that queue and keeps the request log: other files running at once keep theirs.
        const key = url.searchParams.get('key');
        if (key !== null) {
          scripts.clear(key);
          return sendJSON(req, res, 200, { ok: true, key });
        }
        scripts.clear();
        log.length = 0;
        return sendJSON(req, res, 200, { ok: true });
      }
      case 'GET /__last-request':
      case 'GET /__requests': {
        const contains = url.searchParams.get('contains');
        const matching = log.filter((r) => contains === null || r.raw.includes(contains)).map(({ raw: _raw, ...r }) => r);
        if (route === 'GET /__requests') return sendJSON(req, res, 200, matching);
        const last = matching[matching.length - 1];
        return last ? sendJSON(req, res, 200, last) : sendJSON(req, res, 404, { error: 'no matching request yet' });
      }
      default:
        if (provider === 'anthropic')
          return sendJSON(req, res, 404, { type: 'error', error: { type: 'not_found_error', message: `Not found: ${route}` } });
        return sendJSON(req, res, 404, {
          error: { message: `Invalid URL (${route})`, type: 'invalid_request_error', param: null, code: null },
        });
    }
  }

  const { base, close } = await listenOnLoopback(server);
  return { url: base, openaiUrl: `${base}/openai/v1`, anthropicUrl: `${base}/anthropic/v1`, close };
}
