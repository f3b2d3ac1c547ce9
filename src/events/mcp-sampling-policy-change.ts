import type { SamplingPolicy } from '../elements/mcp-sampling-approval/sampling-types.js';

/**
 * Fired by `<mcp-sampling-approval>` when the person chooses how a server's
 * sampling requests are handled from now on (ask, approve automatically,
 * never). `registerSamplingApproval` records it in its `SamplingPolicies`.
 */
export class McpSamplingPolicyChangeEvent extends Event {
  static readonly eventName = 'mcp-sampling-policy-change' as const;
  /**
   * `serverUrl`: the server's endpoint (policies are kept per `serverKey(serverUrl)`);
   * `serverId`: this page's connection id, which changes across reloads.
   */
  readonly detail: { serverId: string; serverUrl: string; serverName: string; policy: SamplingPolicy };
  constructor(detail: { serverId: string; serverUrl: string; serverName: string; policy: SamplingPolicy }) {
    super(McpSamplingPolicyChangeEvent.eventName, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-sampling-policy-change': McpSamplingPolicyChangeEvent;
  }
}
