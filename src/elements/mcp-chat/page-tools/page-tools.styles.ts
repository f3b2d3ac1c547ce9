import { css } from 'lit';

/** Styles of the page-tools feature: the cards of calls by browser agents, the Servers panel's section. */
export const pageToolsStyles = css`
  .agent-call { margin-block: calc(var(--mcp-chat-space) * 1.5); }
  .agent-call-title {
    margin: 0 0 var(--mcp-chat-space);
    font-size: 0.8125em;
    color: var(--mcp-chat-muted);
  }
  .page-tools { display: grid; gap: calc(var(--mcp-chat-space) / 2); margin-block-start: calc(var(--mcp-chat-space) * 2); }
  .page-tools h3 { margin: var(--mcp-chat-space) 0 0; font-size: 0.9375em; }
`;
