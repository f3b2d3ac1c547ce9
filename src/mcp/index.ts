// `mcp-web-elements/mcp`: the connection layer: one server (McpConnection),
// several (McpHub), their events and errors, the router for a server's
// requests to the person (elicitation, sampling, roots) and OAuth sign-in in
// the browser. Public API: see docs/api.md.
// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
export { toolUi } from './apps.js';
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
export { McpConnectionError, McpErrorKind } from './errors.js';
export type { ErrorPhase, McpConnectionErrorDetails } from './errors.js';
export { diagnosisInEnglish } from './diagnosis-english.js';
export { SignInMetadataUnreadableError } from './sign-in-metadata.js';
export type { McpDiagnosis, McpDiagnosisKind } from './diagnosis.js';
export { DEFAULT_CALL_TIMEOUT_MS } from './call-tracker.js';
export { DEFAULT_INPUT_WAIT_LIMIT_MS, InputRouter } from './input-router.js';
export type {
  InputDispatch,
  InputParams,
  InputResults,
  InputRouterEventMap,
  InputRouterOptions,
  PendingInputRequest,
} from './input-router.js';
export { InputRequestError, InputRequestErrorKind } from './input-request-error.js';
export type {
  ElicitationHandler,
  InputHandlers,
  InputKind,
  InputRequestContext,
  Root,
  RootsHandler,
  SamplingHandler,
} from './input-types.js';
export { DISCOVERY_CATALOGS, DISCOVERY_ENDPOINTS, DISCOVERY_FILES, SERVER_CARD_TYPE, discoverSiteServer } from './discover.js';
export type { DiscoverOptions, DiscoveryAttempt, DiscoveryHow, DiscoveryResult } from './discover.js';
export { McpHub, McpHubChangeEvent } from './hub.js';
export type { HubTool, McpHubEventMap } from './hub.js';
export { ProbeBadge, probeServer } from './probe.js';
export type { ProbeOptions, ProbeResult } from './probe.js';
export { OFFICIAL_REGISTRY, RegistryError, RegistryErrorKind, searchRegistry } from './registry.js';
export type { RegistryPage, RegistrySearchOptions } from './registry.js';
export { headersFor } from './registry-entry.js';
export type { RegistryEntry, RegistryField, RegistryHeader, RegistryIcon, RegistryRemote } from './registry-entry.js';
export { TASKS_EXTENSION } from './tasks.js';
export { DEFAULT_TRACE_MAX_BYTES, SessionTrace, TRACE_FORMAT, TRACE_VERSION } from './trace.js';
export type { SessionTraceOptions, TraceDocument, TraceEntry, TraceServerRef } from './trace.js';
export { declaresSkills, SKILL_META_KEY, SkillError, SKILLS_EXTENSION } from './skills.js';
export type { LoadedSkill, McpSkill, McpSkillFile } from './skills.js';
export { DegradationCost, OPTIONAL_MCP_HEADERS } from './header-fallback.js';
export type { McpDegradation } from './header-fallback.js';
export type { TaskInfo, TaskStatus } from './tasks.js';
export {
  BrowserOAuthProvider,
  handleOAuthCallback,
  IndexedDbOAuthStore,
  OAuthSignInError,
  OAuthSignInErrorKind,
  SessionStorageOAuthStore,
} from './oauth/index.js';
export type { BrowserOAuthProviderOptions, OAuthCallbackOutcome, OAuthServerRecord, OAuthStore } from './oauth/index.js';
