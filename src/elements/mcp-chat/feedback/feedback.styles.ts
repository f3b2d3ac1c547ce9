// The look of "Was this answer helpful?": loaded with its code (feedback/answer-feedback.ts,
// which exports it) and added to the chat's shadow root before the first row is drawn.
import { css } from 'lit';

/** Styles of the feedback row and its form (in the chat's shadow root). */
export const feedbackStyles = css`
  .feedback { display: flex; align-items: center; gap: 2px; margin: 2px 0 0; color: var(--_mcp-color-muted); font-size: 0.8125rem; }
  .feedback-label { margin-inline-end: 6px; }
  .feedback-error { margin: 4px 0 0; color: var(--_mcp-color-danger); font-size: 0.8125rem; }
  .feedback .icon-button[aria-pressed='true'] { color: var(--_mcp-color-accent); }
  .feedback .icon-button:disabled:not([aria-pressed='true']) { opacity: 0.45; }
  .feedback-form { display: flex; flex-direction: column; gap: 8px; margin: 6px 0 4px; max-width: 32rem; }
  .feedback-form label { display: flex; flex-direction: column; gap: 4px; font-size: 0.875rem; color: var(--_mcp-color-muted); }
  .feedback-form textarea {
    font: inherit;
    color: var(--_mcp-color-fg);
    background: var(--_mcp-color-bg);
    border: 1px solid var(--_mcp-color-border);
    border-radius: 8px;
    padding: 6px 10px;
    resize: vertical;
  }
`;
