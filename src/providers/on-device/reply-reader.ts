/**
 * Reads a grammar-constrained reply (reply-grammar.ts) as it streams: turns
 * the JSON text into provider deltas (the answer's text decoded as it comes,
 * or a tool call's start, argument text and end), and at the end into MCP
 * content blocks and a stop reason. Pure; tested in Node.
 */
import type { SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import { ProviderError } from '../provider-error.js';
import type { ProviderDelta } from '../types.js';
import { mapOnDeviceStopReason } from './map-on-device-stop-reason.js';
import { ARGUMENTS_KEY, TEXT_PREFIX, TOOL_PREFIX } from './reply-grammar.js';

const PROVIDER = 'on-device';
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Streams one reply; `push` every piece of generated text, then `finish`. */
export class ReplyReader {
  #raw = '';
  #mode: 'unknown' | 'text' | 'tool' = 'unknown';
  /** Text mode: where decoding continues in `#raw`, the text so far, whether the string closed. */
  #at = 0;
  #text = '';
  #closed = false;
  /** Tool mode: the call's name, id, where its arguments start, how much of them was sent, where they end. */
  #name: string | undefined;
  #id: string | undefined;
  #argsAt = -1;
  #argsSent = 0;
  #argsEnd = -1;
  #scan = { at: -1, depth: 0, inString: false, escaped: false };

  constructor(
    private readonly tools: ReadonlySet<string>,
    private readonly newId: () => string,
    private readonly onDelta?: (delta: ProviderDelta) => void,
  ) {}

  /** Everything generated so far. */
  get raw(): string {
    return this.#raw;
  }

  push(piece: string): void {
    this.#raw += piece;
    if (this.#mode === 'unknown') {
      if (this.#raw.startsWith(TEXT_PREFIX)) {
        this.#mode = 'text';
        this.#at = TEXT_PREFIX.length;
      } else if (this.#raw.startsWith(TOOL_PREFIX)) this.#mode = 'tool';
      else if (TEXT_PREFIX.startsWith(this.#raw) || TOOL_PREFIX.startsWith(this.#raw)) return;
      else
        throw new ProviderError('invalid-output', `The on-device model's reply does not follow its grammar: ${this.#raw.slice(0, 80)}`, {
          provider: PROVIDER,
        });
    }
    if (this.#mode === 'text') this.#readText();
    else this.#readTool();
  }

  /** The result's content and stop reason, from llama.cpp's finish reason. */
  finish(finish: string): { content: SamplingMessageContentBlock[]; stopReason: string } {
    if (this.#mode === 'tool') {
      if (this.#argsEnd < 0 || this.#name === undefined) {
        throw new ProviderError(
          'invalid-output',
          finish === 'length'
            ? 'The on-device model reached its token limit in the middle of a tool call. Allow more tokens, or offer tools with smaller arguments.'
            : `The on-device model's tool call is incomplete: ${this.#raw.slice(0, 120)}`,
          { provider: PROVIDER },
        );
      }
      let input: unknown;
      try {
        input = JSON.parse(this.#raw.slice(this.#argsAt, this.#argsEnd));
      } catch {
        throw new ProviderError('invalid-output', `The on-device model called "${this.#name}" with arguments that are not JSON.`, {
          provider: PROVIDER,
        });
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        throw new ProviderError('invalid-output', `The on-device model called "${this.#name}" with arguments that are not a JSON object.`, {
          provider: PROVIDER,
        });
      }
      const id = this.#id!;
      this.onDelta?.({ type: 'tool-call-end', index: 0, id, name: this.#name, input: input as Record<string, unknown> });
      return {
        content: [{ type: 'tool_use', id, name: this.#name, input: input as Record<string, unknown> }],
        stopReason: mapOnDeviceStopReason(finish, true),
      };
    }
    const content: SamplingMessageContentBlock[] = this.#text ? [{ type: 'text', text: this.#text }] : [];
    // A text that never closed was cut by the token limit (`length`) or by a stop sequence
    // (`stop`: the grammar allows no end token before it closes): what came is the answer.
    const stopReason = mapOnDeviceStopReason(this.#closed ? 'stop' : finish === 'stop' ? 'stop-sequence' : finish, false);
    return { content, stopReason };
  }

  #readText(): void {
    const raw = this.#raw;
    let out = '';
    let i = this.#at;
    while (i < raw.length && !this.#closed) {
      const c = raw[i]!;
      if (c === '"') {
        this.#closed = true;
        i += 1;
        break;
      }
      if (c !== '\\') {
        out += c;
        i += 1;
        continue;
      }
      const e = raw[i + 1];
      if (e === undefined) break; // the escape's second character has not come yet
      if (e === 'u') {
        const hex = raw.slice(i + 2, i + 6);
        if (hex.length < 4) break;
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else {
        out += ESCAPES[e] ?? e;
        i += 2;
      }
    }
    this.#at = i;
    if (out) {
      this.#text += out;
      this.onDelta?.({ type: 'text', index: 0, text: out });
    }
  }

  #readTool(): void {
    const raw = this.#raw;
    if (this.#name === undefined) {
      const nameEnd = closingQuote(raw, TOOL_PREFIX.length + 1);
      if (nameEnd < 0 || raw.length < nameEnd + 1 + ARGUMENTS_KEY.length) return;
      const name = JSON.parse(raw.slice(TOOL_PREFIX.length, nameEnd + 1)) as string;
      if (!this.tools.has(name))
        throw new ProviderError('invalid-output', `The on-device model called a tool that was not offered: "${name}".`, {
          provider: PROVIDER,
        });
      this.#name = name;
      this.#id = this.newId();
      this.#argsAt = nameEnd + 1 + ARGUMENTS_KEY.length;
      this.#argsSent = this.#argsAt;
      this.#scan.at = this.#argsAt;
      this.onDelta?.({ type: 'tool-call-start', index: 0, id: this.#id, name });
    }
    // Follow the arguments' nesting (outside strings) to find where they end.
    const s = this.#scan;
    while (this.#argsEnd < 0 && s.at < raw.length) {
      const c = raw[s.at]!;
      s.at += 1;
      if (s.inString) {
        if (s.escaped) s.escaped = false;
        else if (c === '\\') s.escaped = true;
        else if (c === '"') s.inString = false;
      } else if (c === '"') s.inString = true;
      else if (c === '{' || c === '[') s.depth += 1;
      else if (c === '}' || c === ']') {
        s.depth -= 1;
        if (s.depth === 0) this.#argsEnd = s.at;
      }
    }
    const upTo = this.#argsEnd >= 0 ? this.#argsEnd : s.at;
    if (upTo > this.#argsSent) {
      this.onDelta?.({ type: 'tool-call-delta', index: 0, id: this.#id!, argumentsDelta: raw.slice(this.#argsSent, upTo) });
      this.#argsSent = upTo;
    }
  }
}

/** Index of the quote that closes the JSON string whose content starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i;
  }
  return -1;
}
