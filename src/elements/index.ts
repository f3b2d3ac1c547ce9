// `mcp-web-elements/elements`: the elements (importing this module defines
// them all), what their properties take, and the helpers that register them as
// handlers of a connection's input requests. Public API: see docs/api.md.
export { CHAT_STRINGS_AR, CHAT_STRINGS_EN, McpChat, PROVIDER_KINDS } from './mcp-chat/index.js';
export type { ChatServer, ChatServerAuth, ChatServerConfig, ChatStrings, ProviderConfig, ProviderKind } from './mcp-chat/index.js';
export type { ChatStarter } from './mcp-chat/conversation/empty-state.js';
export { chatPlaceholderHtml } from './mcp-chat-placeholder/chat-placeholder.js';
export type { ChatPlaceholderOptions } from './mcp-chat-placeholder/chat-placeholder.js';
export { toolPlaceholderHtml } from './mcp-tool/tool-placeholder.js';
export type { ToolPlaceholderOptions } from './mcp-tool/tool-placeholder.js';
export { McpContentBlock, McpMarkdown, McpMessage, McpToolCard, TOOL_CALL_STATUS } from './content/index.js';
export type { ToolCallProgress, ToolCallStatus, ToolCallView } from './content/index.js';
export { McpAppView } from './mcp-app-view/mcp-app-view.js';
export type { AppMessageRequest, AppToolCallRequest, AppViewState } from './mcp-app-view/mcp-app-view.js';
export { checkSandboxUrl } from './mcp-app-view/sandbox-url.js';
export type { SandboxUrlCheck } from './mcp-app-view/sandbox-url.js';
export { McpElicitForm } from './mcp-elicit-form/mcp-elicit-form.js';
export { FORM_STRINGS_EN } from './shared/form-strings.js';
export type { FormStrings } from './shared/form-strings.js';
export { FORM_STRINGS_AR } from './shared/form-strings-ar.js';
export type { ElicitServerIdentity } from './mcp-elicit-form/mcp-elicit-form.js';
export { UnsupportedElicitationError } from './mcp-elicit-form/unsupported-elicitation-error.js';
export { createElicitationHandler, registerElicitForm, showElicitForm } from './mcp-elicit-form/show-elicit-form.js';
export type { ElicitationHandlerTarget, ElicitFormOptions, ShowElicitFormOptions } from './mcp-elicit-form/show-elicit-form.js';
export { McpRegistrySearch } from './mcp-registry-search/mcp-registry-search.js';
export { McpTraceView } from './mcp-trace-view/mcp-trace-view.js';
export { McpTool } from './mcp-tool/mcp-tool.js';
export type { ToolBlockState } from './mcp-tool/mcp-tool.js';
export { REGISTRY_SEARCH_STRINGS_EN } from './mcp-registry-search/registry-search-strings.js';
export type { RegistrySearchStrings } from './mcp-registry-search/registry-search-strings.js';
export { McpSamplingApproval } from './mcp-sampling-approval/mcp-sampling-approval.js';
export type { SamplingDecision } from './mcp-sampling-approval/mcp-sampling-approval.js';
export { createSamplingHandler, registerSamplingApproval } from './mcp-sampling-approval/register-sampling-approval.js';
export type { SamplingApprovalOptions, SamplingHandlerRegistry } from './mcp-sampling-approval/register-sampling-approval.js';
export { SamplingPolicies } from './mcp-sampling-approval/sampling-policies.js';
export { SamplingError, SamplingErrorCode, SamplingErrorKind } from './mcp-sampling-approval/sampling-request.js';
export { SamplingPolicy } from './mcp-sampling-approval/sampling-types.js';
export type { SamplingActivity, SamplingActivityStore, SamplingProvider } from './mcp-sampling-approval/sampling-types.js';
