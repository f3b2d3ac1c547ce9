/**
 * The person answered an approval request for a tool call (a destructive
 * tool, or a policy that asks first): `approved` false means denied.
 */
export class McpToolApproveEvent extends Event {
  static readonly eventName = 'mcp-tool-approve' as const;
  /** The `tool_use` id of the call. */
  readonly toolUseId: string;
  /** Run it (true) or refuse (false). */
  readonly approved: boolean;
  /** Also approve later calls of the same tool in this conversation. */
  readonly always: boolean;
  constructor(toolUseId: string, approved: boolean, always = false) {
    super(McpToolApproveEvent.eventName, { bubbles: true, composed: true });
    this.toolUseId = toolUseId;
    this.approved = approved;
    this.always = always;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-tool-approve': McpToolApproveEvent;
  }
}
