import type { AgentToolResult } from '../agent/types.js';
import type { ContentBlock } from '../content/types.js';
import { UNTRUSTED_META_KEY } from '../content/untrusted.js';

/** True for a value shaped like an MCP `CallToolResult` (`content` is an array of blocks with a `type`). */
export function isCallToolResult(value: unknown): value is AgentToolResult {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const content = (value as { content?: unknown }).content;
  return Array.isArray(content) && content.every((b) => !!b && typeof b === 'object' && typeof (b as { type?: unknown }).type === 'string');
}

/**
 * A page tool's return value as a `CallToolResult`: a string is one text
 * block; a `CallToolResult` is kept (its `content`, `structuredContent`,
 * `isError`, `_meta`); `undefined` is an empty text; any other value is its
 * JSON as text, and an object is also the `structuredContent`. A value that
 * cannot be serialized (a cycle, a BigInt) is an `isError` result saying so.
 */
export function pageToolResult(value: unknown): AgentToolResult {
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (value === undefined) return { content: [{ type: 'text', text: '' }] };
  if (isCallToolResult(value)) {
    const result: AgentToolResult = { content: value.content as ContentBlock[] };
    if (value.structuredContent && typeof value.structuredContent === 'object') result.structuredContent = value.structuredContent;
    if (value.isError === true) result.isError = true;
    if (value._meta && typeof value._meta === 'object') result._meta = { ...value._meta };
    return result;
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch (error) {
    return errorResult(`The page tool returned a value that cannot be sent as JSON (${messageOf(error)}).`);
  }
  const result: AgentToolResult = { content: [{ type: 'text', text }] };
  if (value && typeof value === 'object' && !Array.isArray(value)) result.structuredContent = JSON.parse(text) as Record<string, unknown>;
  return result;
}

/**
 * The string `executeTool` resolves with (Chromium serializes what the tool
 * returned: a string as it is, anything else as JSON) read back: JSON of a
 * `CallToolResult` is that result, other JSON is a value, anything else is text.
 */
export function resultFromSerialized(serialized: unknown): AgentToolResult {
  if (typeof serialized !== 'string') return pageToolResult(serialized);
  const trimmed = serialized.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return pageToolResult(JSON.parse(trimmed));
    } catch {
      // Not JSON after all: plain text.
    }
  }
  return pageToolResult(serialized);
}

/** An `isError` result with one text block. */
export function errorResult(text: string): AgentToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Marks a result untrusted (`_meta["mcp-elements/untrusted"]`), see `wrapUntrustedResults`. */
export function markUntrusted(result: AgentToolResult): AgentToolResult {
  return { ...result, _meta: { ...(result._meta ?? {}), [UNTRUSTED_META_KEY]: true } };
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error || (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')) {
    return (error as { message: string }).message || String((error as { name?: string }).name ?? 'Error');
  }
  return String(error);
}
