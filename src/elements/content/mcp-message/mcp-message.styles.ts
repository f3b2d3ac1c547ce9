import { css } from 'lit';
import { tokens } from '../../shared/tokens.js';
import { contentHostStyles } from '../content-host.styles.js';

/** Styles of `<mcp-message>`. */
export const messageStyles = [
  tokens,
  contentHostStyles,
  css`
    :host {
      --mcp-message-user-bg: var(--_mcp-color-surface);
      --mcp-message-assistant-bg: transparent;
      --mcp-message-gap: var(--_mcp-space);
    }
    .message {
      display: flex;
      flex-direction: column;
      gap: var(--mcp-message-gap);
      padding: var(--_mcp-space) calc(var(--_mcp-space) * 1.5);
      border-radius: calc(var(--_mcp-radius) * 2);
    }
    .user {
      background: var(--mcp-message-user-bg);
      margin-left: var(--mcp-message-user-indent, 15%);
    }
    .assistant { background: var(--mcp-message-assistant-bg); }
    .role {
      font-size: 0.8em;
      font-weight: 600;
      color: var(--_mcp-color-muted);
    }
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
