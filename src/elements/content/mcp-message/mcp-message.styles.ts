import { css } from 'lit';
import { tokens } from '../../shared/tokens.js';
import { contentHostStyles } from '../content-host.styles.js';

/**
 * Styles of `<mcp-message>`: the assistant's message without a box over the
 * full column, the person's as a bubble at the end of the line (max 80 %).
 */
export const messageStyles = [
  tokens,
  contentHostStyles,
  css`
    :host {
      --mcp-message-user-bg: var(--_mcp-color-surface);
      --mcp-message-user-fg: var(--_mcp-color-fg);
      --mcp-message-assistant-bg: transparent;
      --mcp-message-gap: 12px;
      --mcp-message-radius: 18px;
      --mcp-message-user-max-width: 80%;
      line-height: 1.6;
    }
    .message {
      display: flex;
      flex-direction: column;
      gap: var(--mcp-message-gap);
      min-width: 0;
    }
    .user {
      align-self: flex-end;
      margin-inline-start: auto;
      max-width: var(--mcp-message-user-max-width);
      width: fit-content;
      background: var(--mcp-message-user-bg);
      color: var(--mcp-message-user-fg);
      padding: 10px 16px;
      border-radius: var(--mcp-message-radius);
      overflow-wrap: anywhere;
    }
    /* The person's messages sit at the end of the line (right, or left in right-to-left). */
    :host { display: flex; flex-direction: column; }
    .assistant { background: var(--mcp-message-assistant-bg); }
    /* Said once over the answer, quietly: the conversation is whole, the model saw less of it. */
    .context-note {
      margin: 0;
      font-size: 0.8125rem;
      color: var(--_mcp-color-muted);
      border-inline-start: 2px solid var(--_mcp-color-border);
      padding-inline-start: 8px;
    }
    /* A server's skill in the conversation: a quiet, collapsed note, its text as text. */
    .skill { font-size: 0.875rem; border-inline-start: 2px solid var(--_mcp-color-border); padding-inline-start: 8px; }
    .skill summary { cursor: pointer; color: var(--_mcp-color-muted); }
    .skill-text { margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; font-family: inherit; max-height: 20rem; overflow: auto; }
    /* Consecutive tool calls read as one list of rows. */
    mcp-tool-card + mcp-tool-card { margin-top: calc(4px - var(--mcp-message-gap)); }
    /* Read by screen readers, not shown: the role of a message, live announcements. */
    .role,
    .sr-only {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  `,
];
