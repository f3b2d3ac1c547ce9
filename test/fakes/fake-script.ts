/**
 * What the fake providers answer, decided from the request: a scripted reply
 * (POST /__script) when one is queued for the request, else the directives
 * written in the last message (see docs/providers.md, "Fake providers").
 */

/** A provider-neutral reply; each fake renders it in its own wire format. */
export interface FakeReply {
  /** Assistant text. */
  text?: string;
  /** Tool calls (after the text). */
  toolCalls?: Array<{ name: string; input?: Record<string, unknown>; id?: string }>;
  /** Neutral stop reason: 'end' | 'max_tokens' | 'stop_sequence' | 'tool', or the provider's raw word. */
  stop?: string;
  /** Answer with this HTTP error instead (Retry-After in seconds for 429/529). */
  error?: { status: number; retryAfter?: number; message?: string };
  /** Send a body that is not the documented format. */
  malformed?: boolean;
  /** Stop the answer half way (stream: no end marker; JSON: connection dropped). */
  cut?: boolean;
  /** Pause before each streamed chunk (ms). */
  delayMs?: number;
  /** Stream each tool call's arguments in pieces of this many characters (OpenAI fake; default: three pieces). */
  argumentPiece?: number;
  /** Pause once, this long, before streamed chunk number `frame` (0 is the first). */
  pause?: { frame: number; ms: number };
}

/** Scripted replies by key; key '' is the default queue. */
export class ScriptQueues {
  private queues = new Map<string, FakeReply[]>();

  add(key: string, replies: FakeReply[]): void {
    this.queues.set(key, [...(this.queues.get(key) ?? []), ...replies]);
  }

  /**
   * The next scripted reply for a request whose raw body is `raw`, if any. A request that names its queue
   * (`headerKey`, from the `x-fake-script` header) takes only from that queue: a script written into the prompt
   * would change what a real model is asked, and the default queue is shared by every file running at once.
   */
  take(raw: string, headerKey?: string): FakeReply | undefined {
    if (headerKey) return this.queues.get(headerKey)?.shift();
    for (const match of raw.matchAll(/\[\[script:([A-Za-z0-9_.-]+)\]\]/g)) {
      const queue = this.queues.get(match[1]!);
      if (queue?.length) return queue.shift();
    }
    return this.queues.get('')?.shift();
  }

  /** Forget every queue, or only the queue `key`. */
  clear(key?: string): void {
    if (key === undefined) this.queues.clear();
    else this.queues.delete(key);
  }
}

/** The request, reduced to what the reply depends on. */
export interface FakeRequestView {
  /** Text of the last message (text blocks and tool-result text). */
  lastText: string;
  /** True when the last message carries tool results. */
  lastIsToolResult: boolean;
  /** Tools offered: name and input schema. */
  tools: Array<{ name: string; schema: Record<string, unknown> }>;
  /** The tool the request forces (a name, or '*' for "any tool"), if any. */
  forcedTool?: string;
  /** Schema of a native structured-output request (OpenAI response_format / Ollama format). */
  structuredSchema?: Record<string, unknown>;
}

/** The reply for a request, from its directives. */
export function replyFromDirectives(view: FakeRequestView): FakeReply {
  const text = view.lastText;
  const reply: FakeReply = {};
  const error = /\[\[error:(\d{3})(?:\s+retry-after=(\d+(?:\.\d+)?))?\]\]/.exec(text);
  if (error) return { error: { status: Number(error[1]), retryAfter: error[2] === undefined ? undefined : Number(error[2]) } };
  if (text.includes('[[malformed]]')) reply.malformed = true;
  if (text.includes('[[cut]]')) reply.cut = true;
  const slow = /\[\[slow:(\d+)\]\]/.exec(text);
  if (slow) reply.delayMs = Number(slow[1]);
  const stop = /\[\[stop:([a-z_]+)\]\]/.exec(text);
  if (stop) reply.stop = stop[1];
  const json = jsonDirective(text, 'json');
  const calls = [...text.matchAll(/\[\[tool:([A-Za-z0-9_.-]+)(?:\s+(\{.*?\}))?\]\]/gs)].map((m) => ({
    name: m[1]!,
    input: m[2] ? (JSON.parse(m[2]) as Record<string, unknown>) : {},
  }));
  if (view.structuredSchema) {
    reply.text = JSON.stringify(json ?? synthesize(view.structuredSchema));
    return reply;
  }
  if (calls.length) reply.toolCalls = calls;
  else if (view.forcedTool && view.tools.length) {
    const tool = view.tools.find((t) => t.name === view.forcedTool) ?? view.tools[0]!;
    reply.toolCalls = [
      { name: tool.name, input: (json as Record<string, unknown>) ?? (synthesize(tool.schema) as Record<string, unknown>) },
    ];
  }
  const say = /\[\[say:(.*?)\]\]/s.exec(text);
  const plain = text.replace(/\[\[.*?\]\]/gs, '').trim();
  if (say) reply.text = say[1];
  else if (!reply.toolCalls) reply.text = view.lastIsToolResult ? `Tool results: ${plain}` : `Echo: ${plain}`;
  return reply;
}

function jsonDirective(text: string, name: string): unknown {
  const m = new RegExp(`\\[\\[${name}\\s+(\\{.*?\\})\\]\\]`, 's').exec(text);
  return m ? JSON.parse(m[1]!) : undefined;
}

/** A value that satisfies a simple JSON schema (defaults, enums, minimums first). */
export function synthesize(schema: Record<string, unknown> | undefined): unknown {
  if (!schema) return {};
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [key, sub] of Object.entries(props)) out[key] = synthesize(sub);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return typeof schema.minLength === 'number' && schema.minLength > 0 ? 'x'.repeat(schema.minLength) : 'text';
    default:
      return Array.isArray(schema.anyOf) ? synthesize(schema.anyOf[0] as Record<string, unknown>) : {};
  }
}

/** Splits text into word-sized tokens ("Hello", " world", "!") as models stream them. */
export function tokens(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? (text ? [text] : []);
}

/** Applies max_tokens and stop sequences to a reply's text, as a model would. */
export function limitText(
  reply: FakeReply,
  maxTokens: number | undefined,
  stopSequences: string[] | undefined,
): { pieces: string[]; stop?: 'max_tokens' | 'stop_sequence'; sequence?: string } {
  let text = reply.text ?? '';
  let stop: 'max_tokens' | 'stop_sequence' | undefined;
  let sequence: string | undefined;
  for (const s of stopSequences ?? []) {
    const at = text.indexOf(s);
    if (s && at !== -1) {
      text = text.slice(0, at);
      stop = 'stop_sequence';
      sequence = s;
    }
  }
  let pieces = tokens(text);
  if (maxTokens !== undefined && pieces.length > maxTokens) {
    pieces = pieces.slice(0, maxTokens);
    stop = 'max_tokens';
  }
  return { pieces, stop, sequence };
}

/** Rough token count of a request (words), for usage figures. */
export function countTokens(value: unknown): number {
  return tokens(JSON.stringify(value ?? '')).length;
}

/** Splits a string into `n` pieces (for streamed tool arguments). */
export function splitInto(text: string, n: number): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / n));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
