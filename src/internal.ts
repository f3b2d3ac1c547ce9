// `mcp-web-elements/internal`: NOT PUBLIC API. Building blocks the elements use
// (wire mappers, meta keys, helpers), exported for tests, the demo and the
// curious. Anything here may change or disappear in any release, patch releases
// included: no semver. The public API is the root entry; see docs/api.md.
// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import './content/no-eval.js';
export { TOOL_CALL_META_KEY, clientToolResult, toolCallRecord, toolResultBlock } from './content/tool-result.js';
export type { CallToolResultLike, ToolCallRecord } from './content/tool-result.js';
export { NOT_KEPT_META_KEY, notKeptResult, pairToolCalls } from './content/repair.js';
export type { PairingOptions, PairingRepair } from './content/repair.js';
export { UNREADABLE_META_KEY, isUnreadable } from './content/unreadable.js';
export { DEFAULT_MAX_TOOL_RESULT_CHARS, boundToolResults } from './content/bound-results.js';
export { hasHidden, revealHidden } from './content/reveal.js';
export { MCP_APPS_EXTENSION, MCP_APP_MIME_TYPE, isAppCallable, isModelVisible, mcpAppsClientCapability, toolViewUri } from './mcp/apps.js';
export { classifyError } from './mcp/errors.js';
export { MCP_REQUEST_HEADERS, diagnoseNetworkFailure } from './mcp/diagnose.js';
export { endpointsIn } from './mcp/discover.js';
export { readEntry, webUrl } from './mcp/registry-entry.js';
export { isServerKey, serverKey } from './mcp/server-key.js';
export { toolProblem } from './mcp/tool-list.js';
export type { InvalidTool } from './mcp/tool-list.js';
export { MODEL_TOOL_NAME_PATTERN, assignModelToolNames } from './mcp/tool-names.js';
export type { NamedTool } from './mcp/tool-names.js';
export {
  OAUTH_CALLBACK_CHANNEL,
  OAUTH_CALLBACK_KEY,
  OAUTH_CALLBACK_MESSAGE,
  OAUTH_RETURN_KEY,
  openBlankPopup,
  waitForCallback,
} from './mcp/oauth/index.js';
export type { OAuthCallbackMessage, OAuthReturnRecord, PopupFeatures, WaitForCallbackOptions } from './mcp/oauth/index.js';
export { loadSchemaCheck, SCHEMA_TOOL_NAME, structuredOutputSchema } from './providers/structured-output.js';
export { schemaMismatch } from './providers/structured-output-check.js';
export { convertToOpenAIMessages, convertToOpenAITools } from './providers/openai/convert-to-openai-messages.js';
export { mapOpenAIStopReason } from './providers/openai/map-openai-stop-reason.js';
export { convertToAnthropicMessages, convertToAnthropicTools } from './providers/anthropic/convert-to-anthropic-messages.js';
export { mapAnthropicStopReason } from './providers/anthropic/map-anthropic-stop-reason.js';
export { readRow, rowProblem } from './history/read-row.js';
export { DB_VERSION } from './history/schema.js';
export type { HistoryDB, TextRecord } from './history/schema.js';
export { ToolApprovals, toolKey } from './agent/approval.js';
export { composeSystemPrompt } from './agent/system-prompt.js';
export { DEFAULT_MAX_TOOLS, DEFAULT_MAX_TOOL_DESCRIPTION, SEARCH_TOOLS_NAME, searchTools, selectTools } from './agent/tool-selection.js';
export type { OmittedReason, ToolSelection, ToolSelectionOptions } from './agent/tool-selection.js';
export {
  DEFAULT_BASE_URLS,
  DEFAULT_OLLAMA_URL,
  MANUAL_META_KEY,
  REPLACES_META_KEY,
  ServerSet,
  findOllama,
  listModelIds,
  providerFromConfig,
} from './elements/mcp-chat/index.js';
export type { ChatPanel, FindOllamaOptions } from './elements/mcp-chat/index.js';
export { MarkdownBlocks, SAFE_LINK_PROTOCOLS, STATUS_LABELS, fileNameOf, isSafeUrl, renderMarkdown } from './elements/content/index.js';
export { sanitizeFileName } from './elements/mcp-app-view/download-file.js';
export { DARK_TOKENS, LIGHT_TOKENS, TOKEN_NAMES, tokens } from './elements/shared/tokens.js';
export type { TokenName } from './elements/shared/tokens.js';
