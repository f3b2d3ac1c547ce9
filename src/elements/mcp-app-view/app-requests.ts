import type { Tool } from '@modelcontextprotocol/client';
import type { McpAppMessage } from '../../events/app-message.js';

// What <mcp-app-view> puts to its host (the approval hooks) and how it reads
// its `arguments` attribute without throwing.

/** A tool call an app asks for, put to the host's `McpAppView.approveToolCall`. */
export interface AppToolCallRequest {
  /** The tool whose view asks. */
  toolName: string;
  /** The tool the app wants to run (from its server's catalog). */
  tool: Tool;
  /** The arguments the app gave. */
  arguments: Record<string, unknown>;
  /** The server's name. */
  server: string;
  /** Aborted when the app gives up or the view closes: stop asking. */
  signal: AbortSignal;
}

/** An app's `ui/message`, put to the host's `McpAppView.approveMessage`. */
export interface AppMessageRequest {
  /** The tool whose view asks. */
  toolName: string;
  /** The message as the app sent it. */
  message: McpAppMessage;
  /** Its text (non-text blocks as `[type]`), to show the person. */
  text: string;
  /** Aborted when the app gives up or the view closes. */
  signal: AbortSignal;
}

/** What the `arguments` attribute holds when it is not a JSON object: the reason, said on the element. */
export class InvalidArguments {
  constructor(readonly reason: string) {}
}

/** Parses the `arguments` attribute without throwing: bad JSON becomes an {@link InvalidArguments}, reported by the element. */
export function parseArguments(value: string | null): Record<string, unknown> | undefined {
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    return new InvalidArguments(`is not valid JSON (${(error as Error).message})`) as unknown as Record<string, unknown>;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return new InvalidArguments('is not a JSON object') as unknown as Record<string, unknown>;
  return parsed as Record<string, unknown>;
}
