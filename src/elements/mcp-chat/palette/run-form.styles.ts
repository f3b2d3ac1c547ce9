import { css } from 'lit';
import { fileFieldStyles } from '../../shared/file-field.js';

/**
 * The run form's look: the "/" palette's Run / Insert form (above the composer) and the Settings panel's
 * form, which shares its frame. Not in the chat's first load: the palette adds it to the chat's shadow
 * root when it first shows a form (its code, run-form.chunk.ts, exports it), and the panels' style sheet
 * (shell/panel-content.styles.ts) begins with it. After the chat's own sheets, so none of these rules may
 * tie with a later one there on the same element.
 */
const ownStyles = css`
  .run-form {
    border: 1px solid var(--mcp-chat-border);
    border-radius: 16px;
    padding: 16px;
    display: flex;
    flex-direction: column;
    gap: 12px;
    background: var(--mcp-chat-bg);
  }
  .panel .run-form { padding: 12px; border-radius: 12px; }
  .bottom .run-form { box-shadow: var(--mcp-chat-shadow); animation: mcp-pop var(--mcp-chat-motion) ease-out; max-height: 60cqh; overflow: auto; }
  .form-title { margin: 0; }
  .primary.destructive { background: var(--mcp-chat-danger); border-color: var(--mcp-chat-danger); color: var(--mcp-chat-bg); }
  .destructive-note {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    margin: 0;
    padding: 8px 12px;
    border-radius: 10px;
    border: 1px solid var(--mcp-chat-warning);
    background: color-mix(in srgb, var(--mcp-chat-warning) 10%, var(--mcp-chat-bg));
    font-size: 0.875em;
  }
  .destructive-note .icon { color: var(--mcp-chat-warning); --mcp-icon-size: 16px; margin-top: 2px; }
  .run-form .file-field { display: flex; flex-direction: column; gap: 6px; }
  .run-form .file-hint { font-size: 0.8125em; }
  .run-form {
    --_file-accent: var(--mcp-chat-accent);
    --_file-border: var(--mcp-chat-border);
    --_file-danger: var(--mcp-chat-danger);
    --_file-muted: var(--mcp-chat-muted);
    --_file-radius: 12px;
    --_file-space: 12px;
  }
`;

/** The run form's look with its file fields' (shared/file-field.ts). */
export const runFormStyles = css`
  ${ownStyles}
  ${fileFieldStyles}
`;
