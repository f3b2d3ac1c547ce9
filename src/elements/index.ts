// The elements (importing this module defines them all) and the helpers that
// register them as handlers of a connection's input requests.
export {
  CHAT_STRINGS_AR,
  CHAT_STRINGS_EN,
  DEFAULT_BASE_URLS,
  DEFAULT_OLLAMA_URL,
  findOllama,
  listModelIds,
  MANUAL_META_KEY,
  McpChat,
  PROVIDER_KINDS,
  providerFromConfig,
  REPLACES_META_KEY,
  ServerSet,
} from './mcp-chat/index.js';
export type { ChatStrings, ChatPanel, ChatServer, ChatServerAuth, ChatServerConfig, FindOllamaOptions, ProviderConfig, ProviderKind } from './mcp-chat/index.js';
export {
  fileNameOf,
  isSafeUrl,
  MarkdownBlocks,
  McpContentBlock,
  McpMarkdown,
  McpMessage,
  McpToolCard,
  renderMarkdown,
  SAFE_LINK_PROTOCOLS,
  STATUS_LABELS,
  TOOL_CALL_STATUS,
} from './content/index.js';
export type { ToolCallProgress, ToolCallStatus, ToolCallView } from './content/index.js';
export { McpAppView } from './mcp-app-view/mcp-app-view.js';
export type { AppViewState } from './mcp-app-view/mcp-app-view.js';
export { sanitizeFileName } from './mcp-app-view/download-file.js';
export { McpElicitForm } from './mcp-elicit-form/mcp-elicit-form.js';
export type { ElicitServerIdentity } from './mcp-elicit-form/mcp-elicit-form.js';
export { createElicitationHandler, registerElicitForm, showElicitForm } from './mcp-elicit-form/show-elicit-form.js';
export type { ElicitationHandlerTarget, ElicitFormOptions, ShowElicitFormOptions } from './mcp-elicit-form/show-elicit-form.js';
export { McpSamplingApproval } from './mcp-sampling-approval/mcp-sampling-approval.js';
export type { SamplingDecision } from './mcp-sampling-approval/mcp-sampling-approval.js';
export { createSamplingHandler, registerSamplingApproval } from './mcp-sampling-approval/register-sampling-approval.js';
export type { SamplingApprovalOptions, SamplingHandlerRegistry } from './mcp-sampling-approval/register-sampling-approval.js';
export { SamplingPolicies } from './mcp-sampling-approval/sampling-policies.js';
export { SamplingError, SamplingErrorCode } from './mcp-sampling-approval/sampling-request.js';
export { SamplingPolicy } from './mcp-sampling-approval/sampling-types.js';
export type { SamplingActivity, SamplingActivityStore, SamplingProvider } from './mcp-sampling-approval/sampling-types.js';
export { DARK_TOKENS, LIGHT_TOKENS, TOKEN_NAMES, tokens } from './shared/tokens.js';
export type { TokenName } from './shared/tokens.js';
