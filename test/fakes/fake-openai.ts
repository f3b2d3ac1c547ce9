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

/** Models the fake OpenAI server knows (others get 404 model_not_found). */
export const OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o', 'o3-mini', 'llama3.2'];

let counter = 0;

/** Error bodies as OpenAI writes them: { error: { message, type, param, code } }. */
function errorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

function statusError(status: number, model: string, message?: string) {
  switch (status) {
    case 401:
      return errorBody(
        message ?? 'Incorrect API key provided: bad-****. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_request_error',
        'invalid_api_key',
      );
    case 403:
      return errorBody(message ?? 'You are not allowed to sample from this model', 'invalid_request_error', 'model_not_allowed');
    case 404:
      return errorBody(
        message ?? `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    case 429:
      return errorBody(
        message ?? `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1.`,
        'requests',
        'rate_limit_exceeded',
      );
    case 400:
      return errorBody(message ?? 'Invalid request.', 'invalid_request_error', null);
    default:
      return errorBody(message ?? 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
  }
}

/** Checks auth the way OpenAI does; answers 401 and returns false when it fails. */
function authorised(req: IncomingMessage, res: ServerResponse): boolean {
  const auth = req.headers.authorization;
  if (!auth || !auth.startsWith('Bearer ') || auth.length <= 7) {
    sendJSON(
      req,
      res,
      401,
      errorBody(
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        'invalid_request_error',
        null,
      ),
    );
    return false;
  }
  if (auth.slice(7).startsWith('bad')) {
    sendJSON(req, res, 401, statusError(401, ''));
    return false;
  }
  return true;
}

/** GET /openai/v1/models */
export function openaiModels(req: IncomingMessage, res: ServerResponse): void {
  if (!authorised(req, res)) return;
  sendJSON(req, res, 200, {
    object: 'list',
    data: OPENAI_MODELS.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
  });
}

/** Validates the request body field by field; returns an error message or undefined. */
function invalid(body: Record<string, any>): string | undefined {
  if (typeof body.model !== 'string') return 'you must provide a model parameter';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "'messages' must be a non-empty array";
  const pending = new Set<string>();
  for (const [i, m] of body.messages.entries()) {
    if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(m.role))
      return `Invalid value for 'messages[${i}].role': '${m.role}'`;
    if (m.role === 'tool') {
      if (!pending.has(m.tool_call_id))
        return `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'. (messages[${i}])`;
      pending.delete(m.tool_call_id);
      if (typeof m.content !== 'string' && !Array.isArray(m.content)) return `messages[${i}].content must be a string`;
      continue;
    }
    if (pending.size)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...pending].join(', ')}`;
    if (m.role === 'assistant') {
      for (const call of m.tool_calls ?? []) {
        if (call.type !== 'function' || typeof call.function?.name !== 'string' || typeof call.function?.arguments !== 'string')
          return `messages[${i}].tool_calls: each call needs type 'function', function.name and function.arguments (a string)`;
        pending.add(call.id);
      }
    }
    if (Array.isArray(m.content)) {
      for (const part of m.content) {
        if (part.type === 'text' && typeof part.text === 'string') continue;
        if (part.type === 'image_url' && typeof part.image_url?.url === 'string') continue;
        if (part.type === 'input_audio' && typeof part.input_audio?.data === 'string' && typeof part.input_audio?.format === 'string')
          continue;
        if (part.type === 'file' && typeof part.file?.file_data === 'string' && part.file.file_data.startsWith('data:')) continue;
        return `Invalid content part in messages[${i}]: ${JSON.stringify(part).slice(0, 80)}`;
      }
    }
  }
  // OpenAI's documented limit, with its own wording.
  if (Array.isArray(body.tools) && body.tools.length > 128) {
    return `Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length ${body.tools.length} instead.`;
  }
  for (const tool of body.tools ?? []) {
    if (tool.type !== 'function' || typeof tool.function?.name !== 'string')
      return "tools: each tool needs type 'function' and function.name";
  }
  if (body.stream_options && !body.stream) return "The 'stream_options' parameter is only allowed when 'stream' is enabled.";
  return undefined;
}

function view(body: Record<string, any>): FakeRequestView {
  const messages = body.messages as Array<Record<string, any>>;
  // The last turn: the trailing tool messages and user messages, back to the last assistant message.
  const tail: Array<Record<string, any>> = [];
  for (let i = messages.length - 1; i >= 0 && (messages[i]!.role === 'tool' || messages[i]!.role === 'user'); i--)
    tail.unshift(messages[i]!);
  const textOf = (m: Record<string, any>) =>
    typeof m.content === 'string'
      ? m.content
      : Array.isArray(m.content)
        ? m.content
            .filter((p: any) => p.type === 'text')
            .map((p: any) => p.text)
            .join('\n')
        : '';
  const choice = body.tool_choice;
  const rf = body.response_format;
  return {
    lastText: tail.map(textOf).join('\n'),
    lastIsToolResult: tail.some((m) => m.role === 'tool'),
    tools: (body.tools ?? []).map((t: any) => ({ name: t.function.name, schema: t.function.parameters ?? {} })),
    forcedTool: choice === 'required' ? '*' : typeof choice === 'object' && choice?.function?.name ? choice.function.name : undefined,
    structuredSchema:
      rf?.type === 'json_schema'
        ? (rf.json_schema?.schema ?? {})
        : body.format && typeof body.format === 'object'
          ? body.format
          : undefined,
  };
}

function finishReason(reply: FakeReply, limited: ReturnType<typeof limitText>): string {
  if (reply.stop)
    return (
      ({ end: 'stop', max_tokens: 'length', stop_sequence: 'stop', tool: 'tool_calls' } as Record<string, string>)[reply.stop] ?? reply.stop
    );
  if (limited.stop === 'max_tokens') return 'length';
  if (limited.stop === 'stop_sequence') return 'stop';
  return reply.toolCalls?.length ? 'tool_calls' : 'stop';
}

/** POST /openai/v1/chat/completions */
export async function openaiChat(
  req: IncomingMessage,
  res: ServerResponse,
  body: Record<string, any>,
  raw: string,
  scripts: ScriptQueues,
): Promise<void> {
  if (!authorised(req, res)) return;
  const problem = invalid(body);
  if (problem) return sendJSON(req, res, 400, errorBody(problem, 'invalid_request_error', null));
  if (!OPENAI_MODELS.includes(body.model)) return sendJSON(req, res, 404, statusError(404, body.model));
  const reply = scripts.take(raw, scriptHeader(req)) ?? replyFromDirectives(view(body));
  if (reply.error) {
    return sendJSON(
      req,
      res,
      reply.error.status,
      statusError(reply.error.status, body.model, reply.error.message),
      retryAfterHeaders(reply.error),
    );
  }
  const n = ++counter;
  const id = `chatcmpl-fake${n}`;
  const created = Math.floor(Date.now() / 1000);
  const limited = limitText(reply, body.max_completion_tokens ?? body.max_tokens, body.stop);
  const calls = (reply.toolCalls ?? []).map((c, i) => ({
    id: c.id ?? `call_fake${n}_${i}`,
    type: 'function' as const,
    function: { name: c.name, arguments: JSON.stringify(c.input ?? {}) },
  }));
  const finish = finishReason(reply, limited);
  const text = limited.pieces.join('');
  const usage = { prompt_tokens: countTokens(body.messages), completion_tokens: limited.pieces.length + calls.length * 5, total_tokens: 0 };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

  if (!body.stream) {
    const answer = {
      id,
      object: 'chat.completion',
      created,
      model: body.model,
      system_fingerprint: 'fp_fake',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: text || (calls.length ? null : ''),
            refusal: null,
            ...(calls.length ? { tool_calls: calls } : {}),
          },
          logprobs: null,
          finish_reason: finish,
        },
      ],
      usage,
    };
    return sendAnswer(req, res, reply, answer);
  }

  const withUsage = body.stream_options?.include_usage === true;
  const frame = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_fake', choices, ...(withUsage ? { usage: null } : {}), ...extra })}\n\n`;
  const delta = (d: Record<string, unknown>, finish_reason: string | null = null) =>
    frame([{ index: 0, delta: d, logprobs: null, finish_reason }]);
  const frames = [delta({ role: 'assistant', content: '' })];
  for (const piece of limited.pieces) frames.push(delta({ content: piece }));
  calls.forEach((call, index) => {
    frames.push(delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    for (const args of splitInto(
      call.function.arguments,
      reply.argumentPiece ? Math.ceil(call.function.arguments.length / reply.argumentPiece) : 3,
    ))
      frames.push(delta({ tool_calls: [{ index, function: { arguments: args } }] }));
  });
  frames.push(delta({}, finish));
  if (withUsage) frames.push(frame([], { usage }));
  frames.push('data: [DONE]\n\n');
  if (reply.malformed) frames.splice(2, 0, 'data: {"id": "broken", "choices": [\n\n');
  await sendFrames(req, res, reply, frames);
}

/** Preflight answer for the OpenAI routes: the headers OpenAI-compatible clients send from a browser. */
export function openaiPreflight(req: IncomingMessage, res: ServerResponse): void {
  sendPreflight(req, res, 'authorization, content-type, openai-organization, openai-project, http-referer, x-title, x-fake-script');
}
