import { ProviderError } from '../provider-error.js';

/**
 * Parses the JSON a model streamed as a tool call's input (OpenAI `arguments`,
 * Anthropic `input_json_delta`). Empty text means no input. Anything but a
 * JSON object is an `invalid-output` error naming the tool.
 *
 * @param what - how the provider calls the thing ("arguments", "input"), for the message.
 */
export function parseToolInput(provider: string, name: string, json: string, what: string): Record<string, unknown> {
  if (json.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ProviderError(
      'invalid-output',
      `The model called the tool "${name}" with ${what} that is not valid JSON: ${json.slice(0, 120)}`,
      { provider },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProviderError('invalid-output', `The model called the tool "${name}" with ${what} that is not a JSON object.`, { provider });
  }
  return value as Record<string, unknown>;
}
