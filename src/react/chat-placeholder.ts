import * as React from 'react';
import {
  CHAT_PLACEHOLDER_ATTRIBUTES,
  chatPlaceholderInnerHtml,
  type ChatPlaceholderOptions,
} from '../elements/mcp-chat-placeholder/chat-placeholder.js';

/**
 * `<McpChatPlaceholder />`: the chat's frame (header, empty conversation,
 * composer outline, at the chat's size) for server rendering. Put it as the
 * child of `<McpChat>` (Next.js, Remix, any React server render): the server
 * HTML then shows the chat's look until the element's script runs, and the
 * element hides it (it carries `slot="placeholder"`, a slot the chat does not
 * render). It renders the same markup on the server and the client, so
 * hydration matches. Props as `chatPlaceholderHtml()` takes them.
 */
export function McpChatPlaceholder(props: ChatPlaceholderOptions): React.ReactElement {
  const { title, message, label } = props;
  const html = React.useMemo(() => chatPlaceholderInnerHtml({ title, message, label }), [title, message, label]);
  const { slot, class: className, role } = CHAT_PLACEHOLDER_ATTRIBUTES;
  return React.createElement('div', { slot, className, role, dangerouslySetInnerHTML: { __html: html } });
}
