// Model providers: MCP create-message requests in, MCP results out.
export type {
  CreateMessageOptions,
  FetchFunction,
  ModelInfo,
  ModelProvider,
  ProviderDelta,
  ProviderResult,
  ProviderUsage,
} from './types.js';
export { isProviderError, PROVIDER_ERROR_KINDS, ProviderError } from './provider-error.js';
export type { ProviderErrorInit, ProviderErrorKind } from './provider-error.js';
export { selectModel } from './select-model.js';
export { SCHEMA_TOOL_NAME, schemaMismatch, structuredOutputSchema } from './structured-output.js';
export { createOpenAICompatibleProvider } from './openai/openai-compatible-provider.js';
export type { OpenAICompatibleSettings } from './openai/openai-compatible-provider.js';
export { convertToOpenAIMessages, convertToOpenAITools } from './openai/convert-to-openai-messages.js';
export { mapOpenAIStopReason } from './openai/map-openai-stop-reason.js';
export { createAnthropicProvider } from './anthropic/anthropic-provider.js';
export type { AnthropicSettings } from './anthropic/anthropic-provider.js';
export { convertToAnthropicMessages, convertToAnthropicTools } from './anthropic/convert-to-anthropic-messages.js';
export { mapAnthropicStopReason } from './anthropic/map-anthropic-stop-reason.js';
export { createPersonProvider } from './person/person-provider.js';
export type { AskPerson } from './person/person-provider.js';
