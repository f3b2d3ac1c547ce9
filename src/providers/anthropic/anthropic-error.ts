import { tryParseJSON } from '../shared/http.js';
import type { AnthropicErrorBody } from './anthropic-api-types.js';

/** Reads an Anthropic error body (`{ type: 'error', error: { type, message } }`) into its message and code. */
export function readAnthropicError(body: string): { message?: string; code?: string } {
  const parsed = tryParseJSON(body) as Partial<AnthropicErrorBody> | undefined;
  if (parsed && typeof parsed === 'object' && parsed.error && typeof parsed.error === 'object') {
    return { message: parsed.error.message, code: parsed.error.type };
  }
  const text = body.trim();
  return text ? { message: text.slice(0, 300) } : {};
}
