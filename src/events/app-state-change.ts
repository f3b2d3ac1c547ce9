/**
 * What an MCP App keeps between showings: the items it wrote to its
 * `localStorage` (the spec's "persisting view state" pattern, usually keyed
 * by the `viewUUID` of its tool result). Keys and values are strings.
 */
export type McpAppViewState = Record<string, string>;

/**
 * An MCP App view changed the state it keeps (its `localStorage`, which the
 * sandbox holds for it since the app's own origin has no storage). The whole
 * state is given, the latest at most every 100 ms. `<mcp-chat>` saves it with
 * the tool call and gives it back (`viewState`) when the view is shown again.
 */
export class McpAppStateChangeEvent extends Event {
  static readonly eventName = 'mcp-app-state-change' as const;
  /** The app's whole state now (empty when it cleared it). */
  readonly state: McpAppViewState;
  /** The tool whose view changed it. */
  readonly toolName: string;
  constructor(state: McpAppViewState, toolName: string) {
    super(McpAppStateChangeEvent.eventName, { bubbles: true, composed: true });
    this.state = state;
    this.toolName = toolName;
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-app-state-change': McpAppStateChangeEvent;
  }
}
