// `mcp-web-elements/providers`: model providers (MCP create-message requests
// in, MCP results out): the interface, the factories, their errors and model
// selection. Public API: see docs/api.md.
export type {
  CreateMessageOptions,
  FetchFunction,
  ModelInfo,
  ModelProvider,
  ProviderDelta,
  ProviderResult,
  ProviderUsage,
} from './types.js';
export { isProviderError, ProviderError, ProviderErrorKind } from './provider-error.js';
export type { ProviderErrorInit } from './provider-error.js';
export { selectModel } from './select-model.js';
export { createOpenAICompatibleProvider } from './openai/openai-compatible-provider.js';
export type { OpenAICompatibleSettings } from './openai/openai-compatible-provider.js';
export { createAnthropicProvider } from './anthropic/anthropic-provider.js';
export type { AnthropicSettings } from './anthropic/anthropic-provider.js';
export { createPersonProvider } from './person/person-provider.js';
export type { AskPerson } from './person/person-provider.js';
export { createBrowserModelProvider } from './browser/browser-model-provider.js';
export type { BrowserModelProvider, BrowserModelSettings } from './browser/browser-model-provider.js';
export { browserModelStatus, downloadBrowserModel } from './browser/browser-model-status.js';
export type {
  BrowserModelStatus,
  BrowserModelStatusOptions,
  BrowserModelUnavailableReason,
  DownloadOptions,
} from './browser/browser-model-status.js';
export { BROWSER_CONTEXT_META_KEY } from './browser/fit-context.js';
export type { ContextNotice } from './browser/fit-context.js';
export { BrowserModelErrorCode } from './browser/browser-model-error.js';
export { createOnDeviceProvider } from './on-device/on-device-provider.js';
export type { OnDeviceDownloadOptions, OnDeviceProvider, OnDeviceSettings, OnDeviceStatus } from './on-device/on-device-types.js';
