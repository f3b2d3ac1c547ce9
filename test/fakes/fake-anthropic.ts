import type { IncomingMessage, ServerResponse } from 'node:http';
import { retryAfterHeaders, sendAnswer, sendFrames, sendJSON, sendPreflight, scriptHeader } from './fake-http.js';
import {
  countTokens,
  type FakeReply,
  type FakeRequestView,
  limitText,
  replyFromDirectives,
  ScriptQueues,
  splitInto,
} from './fake-script.js';

/** Models the fake Anthropic server knows (others get 404 not_found_error). */
export const ANTHROPIC_MODELS = [
  { id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5' },
  { id: 'claude-haiku-4-5', display_name: 'Claude Haiku 4.5' },
  { id: 'claude-opus-4-1', display_name: 'Claude Opus 4.1' },
];

let counter = 0;

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** Error bodies as Anthropic writes them: { type: 'error', error: { type, message } }. */
function errorBody(status: number, message: string) {
  return { type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message }, request_id: `req_fake${counter}` };
}

const DEFAULT_MESSAGES: Record<number, string> = {
  401: 'invalid x-api-key',
  403: 'Your API key does not have permission to use the specified resource.',
  429: 'Number of request tokens has exceeded your per-minute rate limit',
  500: 'Internal server error',
  529: 'Overloaded',
};

/** Checks the headers Anthropic requires; answers the error and returns false when they fail. */
function authorised(req: IncomingMessage, res: ServerResponse): boolean {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || key === '') {
    sendJSON(req, res, 401, errorBody(401, 'x-api-key header is required'));
    return false;
  }
  if (key.startsWith('bad')) {
    sendJSON(req, res, 401, errorBody(401, 'invalid x-api-key'));
    return false;
  }
  if (!req.headers['anthropic-version']) {
    sendJSON(req, res, 400, errorBody(400, 'anthropic-version: header is required'));
    return false;
  }
  if (req.headers.origin && req.headers['anthropic-dangerous-direct-browser-access'] !== 'true') {
    sendJSON(req, res, 401, errorBody(401, "CORS requests must set 'anthropic-dangerous-direct-browser-access' header"));
    return false;
  }
  return true;
}

/** GET /anthropic/v1/models */
export function anthropicModels(req: IncomingMessage, res: ServerResponse): void {
  if (!authorised(req, res)) return;
  const data = ANTHROPIC_MODELS.map((m) => ({ type: 'model', id: m.id, display_name: m.display_name, created_at: '2025-09-29T00:00:00Z' }));
  sendJSON(req, res, 200, { data, has_more: false, first_id: data[0]!.id, last_id: data[data.length - 1]!.id });
}

function invalid(body: Record<string, any>): string | undefined {
  if (typeof body.model !== 'string') return 'model: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages: at least one message is required';
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system))
    return 'system: Input should be a valid string';
  let pending: string[] = [];
  for (const [i, m] of body.messages.entries()) {
    if (m.role !== 'user' && m.role !== 'assistant') return `messages.${i}.role: Input should be 'user' or 'assistant'`;
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    if (!Array.isArray(blocks)) return `messages.${i}.content: Input should be a valid list`;
    const results = blocks.filter((b: any) => b.type === 'tool_result').map((b: any) => b.tool_use_id);
    if (pending.length) {
      const missing = pending.filter((id) => !results.includes(id));
      if (missing.length)
        return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
      const firstOther = blocks.findIndex((b: any) => b.type !== 'tool_result');
      if (firstOther !== -1 && blocks.slice(firstOther).some((b: any) => b.type === 'tool_result'))
        return `messages.${i}: tool_result blocks must come first in the content`;
    } else if (results.length)
      return `messages.${i}.content.0: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${results[0]}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    pending = [];
    for (const [j, b] of blocks.entries()) {
      const where = `messages.${i}.content.${j}`;
      switch (b.type) {
        case 'text':
          if (typeof b.text !== 'string') return `${where}.text: Field required`;
          break;
        case 'image':
          if (b.source?.type !== 'base64' || typeof b.source.media_type !== 'string' || typeof b.source.data !== 'string')
            return `${where}.source: base64 source with media_type and data required`;
          break;
        case 'document':
          if (b.source?.type !== 'base64' || b.source.media_type !== 'application/pdf' || typeof b.source.data !== 'string')
            return `${where}.source: base64 source with media_type application/pdf and data required`;
          break;
        case 'tool_use':
          if (m.role !== 'assistant') return `${where}: tool_use blocks are only allowed in assistant messages`;
          if (typeof b.id !== 'string' || typeof b.name !== 'string' || typeof b.input !== 'object')
            return `${where}: tool_use needs id, name and input`;
          pending.push(b.id);
          break;
        case 'tool_result':
          if (m.role !== 'user') return `${where}: tool_result blocks are only allowed in user messages`;
          if (typeof b.content !== 'string' && !Array.isArray(b.content)) return `${where}.content: Input should be a valid list`;
          break;
        default:
          return `${where}.type: Input tag '${b.type}' found using 'type' does not match any of the expected tags`;
      }
    }
  }
  for (const tool of body.tools ?? []) {
    if (typeof tool.name !== 'string' || typeof tool.input_schema !== 'object') return 'tools: each tool needs name and input_schema';
  }
  return undefined;
}

function view(body: Record<string, any>): FakeRequestView {
  const last = body.messages[body.messages.length - 1] as Record<string, any>;
  const blocks: any[] = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
  const texts: string[] = [];
  for (const b of blocks) {
    if (b.type === 'text') texts.push(b.text);
    if (b.type === 'tool_result')
      texts.push(
        typeof b.content === 'string'
          ? b.content
          : b.content
              .filter((c: any) => c.type === 'text')
              .map((c: any) => c.text)
              .join('\n'),
      );
  }
  const choice = body.tool_choice;
  return {
    lastText: texts.join('\n'),
    lastIsToolResult: blocks.some((b) => b.type === 'tool_result'),
    tools: (body.tools ?? []).map((t: any) => ({ name: t.name, schema: t.input_schema })),
    forcedTool: choice?.type === 'any' ? '*' : choice?.type === 'tool' ? choice.name : undefined,
  };
}

function stopReason(reply: FakeReply, limited: ReturnType<typeof limitText>): string {
  if (reply.stop) return ({ end: 'end_turn', tool: 'tool_use' } as Record<string, string>)[reply.stop] ?? reply.stop;
  if (limited.stop) return limited.stop;
  return reply.toolCalls?.length ? 'tool_use' : 'end_turn';
}

const sse = (data: Record<string, unknown>) => `event: ${data.type as string}\ndata: ${JSON.stringify(data)}\n\n`;

/** POST /anthropic/v1/messages */
export async function anthropicMessages(
  req: IncomingMessage,
  res: ServerResponse,
  body: Record<string, any>,
  raw: string,
  scripts: ScriptQueues,
): Promise<void> {
  if (!authorised(req, res)) return;
  const problem = invalid(body);
  if (problem) return sendJSON(req, res, 400, errorBody(400, problem));
  if (!ANTHROPIC_MODELS.some((m) => m.id === body.model)) return sendJSON(req, res, 404, errorBody(404, `model: ${body.model}`));
  const reply = scripts.take(raw, scriptHeader(req)) ?? replyFromDirectives(view(body));
  if (reply.error) {
    return sendJSON(
      req,
      res,
      reply.error.status,
      errorBody(reply.error.status, reply.error.message ?? DEFAULT_MESSAGES[reply.error.status] ?? 'Error'),
      retryAfterHeaders(reply.error),
    );
  }
  const n = ++counter;
  const limited = limitText(reply, body.max_tokens, body.stop_sequences);
  const text = limited.pieces.join('');
  const calls = (reply.toolCalls ?? []).map((c, i) => ({
    type: 'tool_use' as const,
    id: c.id ?? `toolu_fake${n}_${i}`,
    name: c.name,
    input: c.input ?? {},
  }));
  const stop = stopReason(reply, limited);
  const usage = { input_tokens: countTokens(body.messages), output_tokens: limited.pieces.length + calls.length * 5 };
  const message = {
    id: `msg_fake${n}`,
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: [...(text || !calls.length ? [{ type: 'text', text }] : []), ...calls],
    stop_reason: stop,
    stop_sequence: limited.sequence ?? null,
    usage,
  };
  if (!body.stream) return sendAnswer(req, res, reply, message);
  const frames = [
    sse({
      type: 'message_start',
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  if (text || !calls.length) {
    frames.push(sse({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
    frames.push(sse({ type: 'ping' }));
    for (const piece of limited.pieces)
      frames.push(sse({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }));
    frames.push(sse({ type: 'content_block_stop', index }));
    index++;
  }
  for (const call of calls) {
    frames.push(sse({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }));
    frames.push(sse({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const piece of splitInto(JSON.stringify(call.input), 3))
      frames.push(sse({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } }));
    frames.push(sse({ type: 'content_block_stop', index }));
    index++;
  }
  frames.push(
    sse({
      type: 'message_delta',
      delta: { stop_reason: stop, stop_sequence: limited.sequence ?? null },
      usage: { output_tokens: usage.output_tokens },
    }),
  );
  frames.push(sse({ type: 'message_stop' }));
  if (reply.malformed) frames.splice(1, 0, 'event: content_block_start\ndata: {"type": "content_block_start", "index": \n\n');
  await sendFrames(req, res, reply, frames);
}

/** Preflight answer for the Anthropic routes: the headers its browser use needs. */
export function anthropicPreflight(req: IncomingMessage, res: ServerResponse): void {
  sendPreflight(req, res, 'x-api-key, anthropic-version, anthropic-beta, anthropic-dangerous-direct-browser-access, content-type');
}
