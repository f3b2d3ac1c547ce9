import type { ResourceLinkBlock } from '../content/index.js';

/**
 * The person opened a `resource_link` block. `<mcp-chat>` answers by reading
 * the resource (`resources/read`) and showing it in a preview; a page using
 * the renderers alone can listen and do the same.
 */
export class McpResourceOpenEvent extends Event {
  static readonly eventName = 'mcp-resource-open' as const;
  /** The link the person opened. */
  readonly link: ResourceLinkBlock;
  constructor(link: ResourceLinkBlock) {
    super(McpResourceOpenEvent.eventName, { bubbles: true, composed: true });
    this.link = link;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-resource-open': McpResourceOpenEvent;
  }
}
