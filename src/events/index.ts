// `mcp-web-elements/events`: every event the elements fire: Event subclasses
// named mcp-<noun>-<verb>, their data as fields of the event (no `detail`),
// bubbling and composed, typed in GlobalEventHandlersEventMap (and so in
// HTMLElementEventMap). One file per event, named after it without `mcp-`.
// Public API: see docs/api.md.
export { McpAgentToolCallEvent } from './agent-tool-call.js';
export type { McpAnswerFacts, McpAnswerSourceInfo } from './answer.js';
export { McpAnswerEvent } from './answer.js';
export { McpAppContextUpdateEvent } from './app-context-update.js';
export type { McpAppContext } from './app-context-update.js';
export { McpAppInitializeEvent } from './app-initialize.js';
export { McpAppMessageEvent } from './app-message.js';
export { McpAppStateChangeEvent } from './app-state-change.js';
export type { McpAppMessage } from './app-message.js';
export { McpAppToolCallEvent } from './app-tool-call.js';
export type { McpAppToolCallStatus } from './app-tool-call.js';
export { McpAppToolsChangeEvent } from './app-tools-change.js';
export { McpChatErrorEvent } from './chat-error.js';
export { McpElicitResponseEvent } from './elicit-response.js';
export { McpFeedbackEvent } from './feedback.js';
export { McpMessageSendEvent } from './message-send.js';
export { McpPartErrorEvent } from './part-error.js';
export { McpQuestionEvent } from './question.js';
export { McpResourceOpenEvent } from './resource-open.js';
export { McpSamplingPolicyChangeEvent } from './sampling-policy-change.js';
export { McpSamplingResponseEvent } from './sampling-response.js';
export type { McpSamplingResponseInit } from './sampling-response.js';
export { McpServerAddEvent } from './server-add.js';
export { McpServerChangeEvent } from './server-change.js';
export { McpToolApproveEvent } from './tool-approve.js';
export { McpToolCallEvent } from './tool-call.js';
export { McpToolStopEvent } from './tool-stop.js';
export { McpTurnEndEvent } from './turn-end.js';
