// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
export {
  isAppCallable,
  isModelVisible,
  MCP_APP_MIME_TYPE,
  MCP_APPS_EXTENSION,
  mcpAppsClientCapability,
  toolUi,
  toolViewUri,
} from './apps.js';
export type { McpAppVisibility, McpToolUi } from './apps.js';
export { McpConnection } from './connection.js';
export type { CallToolOptions, InteractiveOAuthClientProvider, McpConnectionConfig } from './connection.js';
export { DEFAULT_MAX_INPUT_ROUNDS } from './connection-config.js';
export {
  McpCatalogChangeEvent,
  McpConnectionChangeEvent,
  McpConnectionState,
  McpLogMessageEvent,
  McpResourceUpdateEvent,
} from './connection-events.js';
export type { McpCatalogKind, McpConnectionEventMap } from './connection-events.js';
export { classifyError, McpConnectionError, McpErrorKind } from './errors.js';
export type { ErrorPhase, McpConnectionErrorDetails } from './errors.js';
export { diagnoseNetworkFailure, MCP_REQUEST_HEADERS } from './diagnose.js';
export { DEFAULT_CALL_TIMEOUT_MS } from './call-tracker.js';
export { DEFAULT_INPUT_WAIT_LIMIT_MS, InputRouter } from './input-router.js';
export type { InputDispatch, InputParams, InputResults, InputRouterOptions, PendingInputRequest } from './input-router.js';
export { InputRequestError, InputRequestErrorReason } from './input-request-error.js';
export type {
  ElicitationHandler,
  InputHandlers,
  InputKind,
  InputRequestContext,
  Root,
  RootsHandler,
  SamplingHandler,
} from './input-types.js';
export { McpHub } from './hub.js';
export { isServerKey, serverKey } from './server-key.js';
export { toolProblem } from './tool-list.js';
export type { InvalidTool } from './tool-list.js';
export type { HubTool, McpHubEventMap } from './hub.js';
export { McpHubChangeEvent } from './hub.js';
export { assignModelToolNames, MODEL_TOOL_NAME_PATTERN } from './tool-names.js';
export type { NamedTool } from './tool-names.js';
export {
  BrowserOAuthProvider,
  handleOAuthCallback,
  IndexedDbOAuthStore,
  OAUTH_CALLBACK_CHANNEL,
  OAUTH_CALLBACK_KEY,
  OAUTH_CALLBACK_MESSAGE,
  OAUTH_RETURN_KEY,
  OAuthSignInError,
  OAuthSignInErrorCode,
  openBlankPopup,
  SessionStorageOAuthStore,
  waitForCallback,
} from './oauth/index.js';
export type {
  BrowserOAuthProviderOptions,
  OAuthCallbackMessage,
  OAuthCallbackOutcome,
  OAuthReturnRecord,
  OAuthServerRecord,
  OAuthStore,
  PopupFeatures,
  WaitForCallbackOptions,
} from './oauth/index.js';
