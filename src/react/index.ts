// `mcp-web-elements/react`: the elements as React components, made by
// `@lit/react`. Every element property is a typed prop (objects such as
// `servers`, `provider` and `store` are set as properties, not attributes),
// and every `mcp-*` event is an `on…` prop receiving the event's class.
// Works with React 18 and 19 (the example app is tested on both). React 19 also renders the plain tags
// (`<mcp-chat>`): see docs/frameworks.md.
// Lazy by default (issue 42): this module imports no element. Each component
// renders its tag at once (the props are set on it and kept by the element
// when it upgrades) and loads the element's code when it first mounts, so an
// app's main chunk holds only these wrappers.
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import type { McpChat as McpChatElement } from '../elements/mcp-chat/index.js';
import type { McpElicitForm as McpElicitFormElement } from '../elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpRegistrySearch as McpRegistrySearchElement } from '../elements/mcp-registry-search/mcp-registry-search.js';
import type { McpSamplingApproval as McpSamplingApprovalElement } from '../elements/mcp-sampling-approval/mcp-sampling-approval.js';
import type { McpTool as McpToolElement } from '../elements/mcp-tool/mcp-tool.js';
import { propertyClass } from './element-props.js';
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

/**
 * The component, which loads its element's code when it first mounts (once
 * per page; a failed load is tried again at the next mount). Until then the
 * tag is an unknown element holding its props; the element takes them when
 * it is defined. Use `customElements.whenDefined(tag)` before calling the
 * element's methods through a ref.
 */
function loadOnMount<C extends React.ForwardRefExoticComponent<any>>(component: C, tag: string, load: () => Promise<unknown>): C {
  let loading: Promise<unknown> | undefined;
  const Loaded = React.forwardRef<unknown, any>((props, ref) => {
    React.useEffect(() => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        console.error(`mcp-web-elements: <${tag}> could not be loaded. Check your connection and reload the page.`, error);
      });
    }, []);
    return React.createElement(component, { ...props, ref });
  });
  Loaded.displayName = component.displayName;
  return Loaded as unknown as C;
}

/** `<McpChat>`: the chat element. */
export const McpChat = loadOnMount(
  createComponent({
    react: React,
    tagName: 'mcp-chat',
    elementClass: propertyClass<typeof McpChatElement>('mcp-chat'),
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
  }),
  'mcp-chat',
  () => import('../elements/mcp-chat/index.js'),
);

/** `<McpElicitForm>`: the form for a server's elicitation request. */
export const McpElicitForm = loadOnMount(
  createComponent({
    react: React,
    tagName: 'mcp-elicit-form',
    elementClass: propertyClass<typeof McpElicitFormElement>('mcp-elicit-form'),
    displayName: 'McpElicitForm',
    events: {
      onMcpElicitResponse: 'mcp-elicit-response' as EventName<McpElicitResponseEvent>,
    },
  }),
  'mcp-elicit-form',
  () => import('../elements/mcp-elicit-form/mcp-elicit-form.js'),
);

/** `<McpSamplingApproval>`: the approval of a server's sampling request. */
export const McpSamplingApproval = loadOnMount(
  createComponent({
    react: React,
    tagName: 'mcp-sampling-approval',
    elementClass: propertyClass<typeof McpSamplingApprovalElement>('mcp-sampling-approval'),
    displayName: 'McpSamplingApproval',
    events: {
      onMcpSamplingResponse: 'mcp-sampling-response' as EventName<McpSamplingResponseEvent>,
      onMcpSamplingPolicyChange: 'mcp-sampling-policy-change' as EventName<McpSamplingPolicyChangeEvent>,
    },
  }),
  'mcp-sampling-approval',
  () => import('../elements/mcp-sampling-approval/mcp-sampling-approval.js'),
);

/** `<McpRegistrySearch>`: search an MCP Registry and add one of its servers. */
export const McpRegistrySearch = loadOnMount(
  createComponent({
    react: React,
    tagName: 'mcp-registry-search',
    elementClass: propertyClass<typeof McpRegistrySearchElement>('mcp-registry-search'),
    displayName: 'McpRegistrySearch',
    events: {
      onMcpServerAdd: 'mcp-server-add' as EventName<McpServerAddEvent>,
    },
  }),
  'mcp-registry-search',
  () => import('../elements/mcp-registry-search/mcp-registry-search.js'),
);

/** `<McpTool>`: a try-it block for one tool of a server (form, Run, result). */
export const McpTool = loadOnMount(
  createComponent({
    react: React,
    tagName: 'mcp-tool',
    elementClass: propertyClass<typeof McpToolElement>('mcp-tool'),
    displayName: 'McpTool',
    events: {
      onMcpToolCall: 'mcp-tool-call' as EventName<McpToolCallEvent>,
    },
  }),
  'mcp-tool',
  () => import('../elements/mcp-tool/mcp-tool.js'),
);
