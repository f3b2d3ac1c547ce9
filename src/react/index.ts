// `mcp-web-elements/react`: the elements as React components, made by
// `@lit/react`. Every element property is a typed prop (objects such as
// `servers`, `provider` and `store` are set as properties, not attributes),
// and every `mcp-*` event is an `on…` prop receiving the event's class.
// Works with React 18 and 19 (the example app is tested on both). React 19 also renders the plain tags
// (`<mcp-chat>`): see docs/frameworks.md.
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { McpChat as McpChatElement } from '../elements/mcp-chat/index.js';
import { McpElicitForm as McpElicitFormElement } from '../elements/mcp-elicit-form/mcp-elicit-form.js';
import { McpRegistrySearch as McpRegistrySearchElement } from '../elements/mcp-registry-search/mcp-registry-search.js';
import { McpSamplingApproval as McpSamplingApprovalElement } from '../elements/mcp-sampling-approval/mcp-sampling-approval.js';
import { McpTool as McpToolElement } from '../elements/mcp-tool/mcp-tool.js';
import type {
  McpAgentToolCallEvent,
  McpAnswerEvent,
  McpFeedbackEvent,
  McpQuestionEvent,
  McpChatErrorEvent,
  McpElicitResponseEvent,
  McpMessageSendEvent,
  McpResourceOpenEvent,
  McpSamplingPolicyChangeEvent,
  McpSamplingResponseEvent,
  McpServerAddEvent,
  McpServerChangeEvent,
  McpToolApproveEvent,
  McpToolCallEvent,
  McpToolStopEvent,
  McpTurnEndEvent,
} from '../events/index.js';

export { usePageTool } from './use-page-tool.js';
export { McpChatPlaceholder } from './chat-placeholder.js';
export type { ChatPlaceholderOptions } from '../elements/mcp-chat-placeholder/chat-placeholder.js';
export type { PageToolTarget } from './use-page-tool.js';

/** `<McpChat>`: the chat element. */
export const McpChat = createComponent({
  react: React,
  tagName: 'mcp-chat',
  elementClass: McpChatElement,
  displayName: 'McpChat',
  events: {
    onMcpMessageSend: 'mcp-message-send' as EventName<McpMessageSendEvent>,
    onMcpTurnEnd: 'mcp-turn-end' as EventName<McpTurnEndEvent>,
    onMcpToolCall: 'mcp-tool-call' as EventName<McpToolCallEvent>,
    onMcpChatError: 'mcp-chat-error' as EventName<McpChatErrorEvent>,
    onMcpServerChange: 'mcp-server-change' as EventName<McpServerChangeEvent>,
    onMcpResourceOpen: 'mcp-resource-open' as EventName<McpResourceOpenEvent>,
    onMcpToolStop: 'mcp-tool-stop' as EventName<McpToolStopEvent>,
    onMcpToolApprove: 'mcp-tool-approve' as EventName<McpToolApproveEvent>,
    onMcpAgentToolCall: 'mcp-agent-tool-call' as EventName<McpAgentToolCallEvent>,
    onMcpQuestion: 'mcp-question' as EventName<McpQuestionEvent>,
    onMcpAnswer: 'mcp-answer' as EventName<McpAnswerEvent>,
    onMcpFeedback: 'mcp-feedback' as EventName<McpFeedbackEvent>,
  },
});

/** `<McpElicitForm>`: the form for a server's elicitation request. */
export const McpElicitForm = createComponent({
  react: React,
  tagName: 'mcp-elicit-form',
  elementClass: McpElicitFormElement,
  displayName: 'McpElicitForm',
  events: {
    onMcpElicitResponse: 'mcp-elicit-response' as EventName<McpElicitResponseEvent>,
  },
});

/** `<McpSamplingApproval>`: the approval of a server's sampling request. */
export const McpSamplingApproval = createComponent({
  react: React,
  tagName: 'mcp-sampling-approval',
  elementClass: McpSamplingApprovalElement,
  displayName: 'McpSamplingApproval',
  events: {
    onMcpSamplingResponse: 'mcp-sampling-response' as EventName<McpSamplingResponseEvent>,
    onMcpSamplingPolicyChange: 'mcp-sampling-policy-change' as EventName<McpSamplingPolicyChangeEvent>,
  },
});

/** `<McpRegistrySearch>`: search an MCP Registry and add one of its servers. */
export const McpRegistrySearch = createComponent({
  react: React,
  tagName: 'mcp-registry-search',
  elementClass: McpRegistrySearchElement,
  displayName: 'McpRegistrySearch',
  events: {
    onMcpServerAdd: 'mcp-server-add' as EventName<McpServerAddEvent>,
  },
});

/** `<McpTool>`: a try-it block for one tool of a server (form, Run, result). */
export const McpTool = createComponent({
  react: React,
  tagName: 'mcp-tool',
  elementClass: McpToolElement,
  displayName: 'McpTool',
  events: {
    onMcpToolCall: 'mcp-tool-call' as EventName<McpToolCallEvent>,
  },
});
