import { css } from 'lit';

/**
 * The question under an app view before its message is sent for the person
 * (`part="app-message-confirm"`): a card in the warning colour, like the
 * approval of a tool call, with the text quoted and the buttons at hand; and
 * the line an app's approval card gains (`part="app-ask-group"`): the count
 * of its waiting calls and "Allow all from this view for now".
 */
export const appAskStyles = css`
  .app-ask {
    display: flex;
    flex-direction: column;
    gap: 8px;
    margin: 8px 0 0;
    padding: 12px;
    border: 1px solid var(--mcp-chat-warning);
    border-radius: var(--mcp-chat-radius);
    background: color-mix(in srgb, var(--mcp-chat-warning) 8%, var(--mcp-chat-bg));
    color: var(--mcp-chat-fg);
  }
  .app-ask-question { margin: 0; font-weight: 600; }
  .app-ask-text {
    margin: 0;
    padding: 8px 12px;
    border-inline-start: 3px solid var(--mcp-chat-border);
    background: var(--mcp-chat-bg);
    border-radius: 4px;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    max-height: 12em;
    overflow: auto;
  }
  .app-ask-actions { display: flex; flex-wrap: wrap; gap: 8px; }
  .app-ask-actions button {
    font: inherit;
    min-height: 36px;
    padding: 6px 16px;
    border-radius: 999px;
    border: 1px solid var(--mcp-chat-border);
    background: var(--mcp-chat-bg);
    color: var(--mcp-chat-fg);
    cursor: pointer;
  }
  .app-ask-actions button.primary {
    background: var(--mcp-chat-accent);
    color: var(--mcp-chat-accent-fg);
    border-color: var(--mcp-chat-accent);
    font-weight: 600;
  }
  .app-ask-actions button:focus-visible { outline: 2px solid var(--mcp-chat-accent); outline-offset: 2px; }
  /* Inside an app's approval card, under its buttons: how many calls wait, and the view's "for now". */
  .app-ask-group { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: -8px; }
  .app-ask-count { margin: 0; font-weight: 600; color: var(--mcp-chat-fg); }
  .app-ask-allow-all {
    font: inherit;
    font-size: 0.875em;
    min-height: 32px;
    padding: 4px 12px;
    border-radius: 8px;
    border: 1px solid var(--mcp-chat-border);
    background: var(--mcp-chat-bg);
    color: var(--mcp-chat-fg);
    cursor: pointer;
  }
  .app-ask-allow-all:focus-visible { outline: 2px solid var(--mcp-chat-accent); outline-offset: 2px; }
  @media (pointer: coarse) { .app-ask-allow-all { min-height: 44px; } }
`;
