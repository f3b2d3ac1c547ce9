import { css } from 'lit';

/**
 * Styles of the cards of calls by browser agents: loaded with their code (published-tools.ts, in the
 * WebMCP chunk), which adds them to the chat's shadow root before the first card is drawn. The Servers
 * panel's section of page tools is styled in shell/panel-content.styles.ts.
 */
export const agentCallStyles = css`
  .agent-call { margin-block: calc(var(--mcp-chat-space) * 1.5); }
  .agent-call-title {
    margin: 0 0 var(--mcp-chat-space);
    font-size: 0.8125em;
    color: var(--mcp-chat-muted);
  }
`;
