import type { SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import type { CreateMessageOptions } from '../types.js';
import { browserError } from './browser-model-error.js';
import { DEFAULT_CREATE_OPTIONS } from './browser-model-status.js';
import type { LanguageModelCreateCoreOptions, LanguageModelTool } from './language-model-api-types.js';
import type { OfferedTool } from './tool-call-schema.js';

/**
 * Native tool use (the Prompt API's `tools`), bent to the agent loop: the
 * browser would run each tool's `execute` itself and feed the result back;
 * here `execute` only records the call and stops the prompt, so the agent
 * runs the tool like any provider's call (approval, tool card, history).
 */

/** A tool call the browser asked for through a native tool's `execute`. */
export interface NativeCall {
  name: string;
  input: Record<string, unknown>;
}

let callCounter = 0;
/** A fresh `tool_use` id. */
export const callId = () => `call_browser_${Date.now().toString(36)}_${(callCounter++).toString(36)}`;

/** Create options that only a browser with native tool use accepts. */
export function nativeProbe(languages: string[]): LanguageModelCreateCoreOptions {
  return {
    ...DEFAULT_CREATE_OPTIONS,
    expectedInputs: [{ type: 'text', languages }, { type: 'tool-response' }],
    expectedOutputs: [{ type: 'text', languages }, { type: 'tool-call' }],
  };
}

/**
 * A native tool whose `execute` does not run anything: it records the call
 * and stops the prompt, so the agent runs the tool like any other (approval,
 * tool card, history). Calls made together are collected before stopping.
 */
export function nativeTool(tool: OfferedTool, calls: NativeCall[], inner: AbortController): LanguageModelTool {
  return {
    name: tool.name,
    description: tool.description ?? tool.name,
    inputSchema: tool.inputSchema,
    execute: (...args: unknown[]) => {
      calls.push({ name: tool.name, input: toInput(args[0]) });
      setTimeout(() => inner.abort(), 0);
      return new Promise<string>(() => {});
    },
  };
}

function toInput(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') value = safeJSON(value);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** JSON text (a Markdown fence tolerated) -> value; `invalid-output` when it is not JSON. */
export function safeJSON(text: string): unknown {
  try {
    return JSON.parse(text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1'));
  } catch {
    throw browserError(
      'invalid-output',
      `The browser's model answered with text that is not the JSON it was asked for: ${text.slice(0, 120)}`,
    );
  }
}

/** A `tool_use` block for a call, announced through `onDelta`. */
export function emitCall(index: number, call: NativeCall, onDelta: CreateMessageOptions['onDelta']): SamplingMessageContentBlock {
  const block = { type: 'tool_use' as const, id: callId(), name: call.name, input: call.input };
  onDelta?.({ type: 'tool-call-start', index, id: block.id, name: block.name });
  onDelta?.({ type: 'tool-call-end', index, id: block.id, name: block.name, input: block.input });
  return block;
}
