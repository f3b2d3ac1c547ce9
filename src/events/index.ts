// Every event the elements fire: Event subclasses named mcp-<noun>-<verb>,
// bubbling and composed, typed in GlobalEventHandlersEventMap.
export { McpAppContextUpdateEvent } from './app-context-update.js';
export type { McpAppContextDetail } from './app-context-update.js';
export { McpAppInitializeEvent } from './app-initialize.js';
export { McpAppMessageEvent } from './app-message.js';
export type { McpAppMessageDetail } from './app-message.js';
export { McpChatErrorEvent } from './chat-error.js';
export { McpChatConnectionChangeEvent } from './connection-change.js';
export { McpElicitResponseEvent, UnsupportedElicitationError } from './mcp-elicit-response.js';
export { McpSamplingPolicyChangeEvent } from './mcp-sampling-policy-change.js';
export { McpSamplingResponseEvent } from './mcp-sampling-response.js';
export type { McpSamplingResponseDetail } from './mcp-sampling-response.js';
export { McpMessageSendEvent } from './message-send.js';
export { McpResourceOpenEvent } from './resource-open.js';
export { McpToolApproveEvent } from './tool-approve.js';
export { McpToolCallEvent } from './tool-call.js';
export { McpToolStopEvent } from './tool-stop.js';
export { McpTurnEndEvent } from './turn-end.js';
