// The root entry: what a page author needs, every name listed (no wildcards):
// the elements with their config types (mcp-web-elements/elements) and their
// events (mcp-web-elements/events). The library's areas stay on their own
// entries: /mcp, /providers, /history, /agent, /content. docs/api.md lists and
// describes each name (test/unit/public-api.test.ts keeps the two equal).
// Building blocks that are not public API are in mcp-web-elements/internal (no semver).
// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import './content/no-eval.js';
export {
  CHAT_STRINGS_AR,
  CHAT_STRINGS_EN,
  createElicitationHandler,
  createSamplingHandler,
  McpAppView,
  McpChat,
  McpContentBlock,
  McpElicitForm,
  McpMarkdown,
  McpMessage,
  McpRegistrySearch,
  McpSamplingApproval,
  McpToolCard,
  PROVIDER_KINDS,
  REGISTRY_SEARCH_STRINGS_EN,
  registerElicitForm,
  registerSamplingApproval,
  SamplingError,
  SamplingErrorCode,
  SamplingErrorKind,
  SamplingPolicies,
  SamplingPolicy,
  showElicitForm,
  TOOL_CALL_STATUS,
  UnsupportedElicitationError,
} from './elements/index.js';
export type {
  AppViewState,
  ChatServer,
  ChatServerAuth,
  ChatServerConfig,
  ChatStarter,
  ChatStrings,
  ElicitationHandlerTarget,
  ElicitFormOptions,
  ElicitServerIdentity,
  ProviderConfig,
  ProviderKind,
  RegistrySearchStrings,
  SamplingActivity,
  SamplingActivityStore,
  SamplingApprovalOptions,
  SamplingDecision,
  SamplingHandlerRegistry,
  SamplingProvider,
  ShowElicitFormOptions,
  ToolCallProgress,
  ToolCallStatus,
  ToolCallView,
} from './elements/index.js';
export {
  McpAppContextUpdateEvent,
  McpAppInitializeEvent,
  McpAppMessageEvent,
  McpChatErrorEvent,
  McpElicitResponseEvent,
  McpMessageSendEvent,
  McpPartErrorEvent,
  McpResourceOpenEvent,
  McpSamplingPolicyChangeEvent,
  McpSamplingResponseEvent,
  McpServerAddEvent,
  McpServerChangeEvent,
  McpToolApproveEvent,
  McpToolCallEvent,
  McpToolStopEvent,
  McpTurnEndEvent,
} from './events/index.js';
export type {
  McpAppContext,
  McpAppMessage,
  McpSamplingResponseInit,
} from './events/index.js';
