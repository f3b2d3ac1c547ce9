import { tryParseJSON } from '../shared/http.js';
import type { OpenAIErrorBody } from './openai-api-types.js';

/**
 * Reads an OpenAI-style error body (`{ error: { message, type, param, code } }`)
 * into its message and code. Servers that answer plain text (some proxies,
 * llama.cpp on old versions) give their text as the message.
 */
export function readOpenAIError(body: string): { message?: string; code?: string } {
  const parsed = tryParseJSON(body) as Partial<OpenAIErrorBody> | { error?: string; message?: string } | undefined;
  if (parsed && typeof parsed === 'object') {
    const error = (parsed as { error?: unknown }).error;
    if (error && typeof error === 'object') {
      const e = error as OpenAIErrorBody['error'];
      const code = e.code ?? e.type ?? undefined;
      return { message: e.message, code: code === undefined || code === null ? undefined : String(code) };
    }
    if (typeof error === 'string') return { message: error };
    const message = (parsed as { message?: unknown }).message;
    if (typeof message === 'string') return { message };
  }
  const text = body.trim();
  return text ? { message: text.slice(0, 300) } : {};
}
