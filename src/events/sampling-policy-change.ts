import type { SamplingPolicy } from '../elements/mcp-sampling-approval/sampling-types.js';

/**
 * Fired by `<mcp-sampling-approval>` when the person chooses how a server's
 * sampling requests are handled from now on (ask, approve automatically,
 * never). `registerSamplingApproval` records it in its `SamplingPolicies`.
 */
export class McpSamplingPolicyChangeEvent extends Event {
  static readonly eventName = 'mcp-sampling-policy-change' as const;
  /** This page's connection id of the server, which changes across reloads. */
  readonly serverId: string;
  /** The server's endpoint: policies are kept per server address (origin + path). */
  readonly serverUrl: string;
  /** The server's name, for people. */
  readonly serverName: string;
  /** The policy chosen. */
  readonly policy: SamplingPolicy;
  constructor(init: { serverId: string; serverUrl: string; serverName: string; policy: SamplingPolicy }) {
    super(McpSamplingPolicyChangeEvent.eventName, { bubbles: true, composed: true });
    this.serverId = init.serverId;
    this.serverUrl = init.serverUrl;
    this.serverName = init.serverName;
    this.policy = init.policy;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-sampling-policy-change': McpSamplingPolicyChangeEvent;
  }
}
