import { css } from 'lit';

/** Styles of `<mcp-elicit-form>`; colors and sizes come from its custom properties. */
export const styles = css`
  :host {
    --_accent: var(--mcp-elicit-form-accent, var(--_mcp-color-accent));
    --_accent-fg: var(--mcp-elicit-form-accent-fg, var(--_mcp-color-accent-fg));
    --_bg: var(--mcp-elicit-form-bg, var(--_mcp-color-bg));
    --_fg: var(--mcp-elicit-form-fg, var(--_mcp-color-fg));
    --_muted: var(--mcp-elicit-form-muted, var(--_mcp-color-muted));
    --_border: var(--mcp-elicit-form-border, var(--_mcp-color-border));
    --_danger: var(--mcp-elicit-form-danger, var(--_mcp-color-danger));
    --_radius: var(--mcp-elicit-form-radius, var(--_mcp-radius));
    --_space: var(--mcp-elicit-form-space, var(--_mcp-space));
    --_font-family: var(--mcp-elicit-form-font-family, var(--_mcp-font-family));
    display: block;
    font-family: var(--_font-family);
    color: var(--_fg);
  }
  :host([hidden]) {
    display: none;
  }
  .form {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    margin: 0;
    padding: calc(var(--_space) * 2);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .header {
    color: var(--_muted);
  }
  .header strong {
    color: var(--_fg);
  }
  .message {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 1.05em;
  }
  .legend,
  .hint,
  .url-intro,
  .summary,
  .description {
    margin: 0;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .summary:empty {
    display: none;
  }
  .fields {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 1.5);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    margin: 0;
    min-width: 0;
  }
  fieldset.field {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
  }
  .field.checkbox {
    display: grid;
    grid-template-columns: auto 1fr;
    align-items: center;
    column-gap: var(--_space);
  }
  .field.checkbox > .description,
  .field.checkbox > .error {
    grid-column: 2;
  }
  .label-row {
    display: block;
  }
  label,
  legend {
    font-weight: 600;
  }
  .choice {
    display: flex;
    align-items: center;
    gap: var(--_space);
    font-weight: normal;
  }
  input:not([type='checkbox']),
  select {
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.75);
    max-width: 100%;
    box-sizing: border-box;
  }
  input[type='checkbox'] {
    width: 1.1em;
    height: 1.1em;
    margin: 0;
    accent-color: var(--_accent);
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .error {
    color: var(--_danger);
    font-size: 0.9em;
  }
  .error:empty {
    display: none;
  }
  .error.block {
    margin: 0;
    font-size: 1em;
  }
  .required {
    color: var(--_danger);
  }
  .url {
    margin: 0;
    padding: var(--_space);
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    overflow-wrap: anywhere;
  }
  .url .scheme,
  .url .rest {
    color: var(--_muted);
  }
  .url .host {
    color: var(--_fg);
    font-size: 1.15em;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
  }
  button {
    font: inherit;
    cursor: pointer;
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 1.5);
    border-radius: var(--_radius);
    border: 1px solid var(--_border);
    background: transparent;
    color: inherit;
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-fg);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  :is(button, input, select):focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .status {
    margin: 0;
    font-weight: 600;
  }

  /* A file field: the browser's file input lies transparent over the drop area, so a press, a key or a drop
     there is the input's own; the area shows its focus and hover. */
  .file-drop {
    position: relative;
    display: flex;
    align-items: center;
    min-height: 44px;
    padding: calc(var(--_space) * 0.75) var(--_space);
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    box-sizing: border-box;
  }
  .file-drop:hover:not(.disabled) {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 6%, transparent);
  }
  .file-drop:has(.file-input:focus-visible) {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .file-drop:has([aria-invalid='true']) {
    border-color: var(--_danger);
  }
  .file-drop.disabled {
    opacity: 0.55;
  }
  .file-input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    padding: 0;
    opacity: 0;
    cursor: pointer;
  }
  .file-input:disabled {
    cursor: not-allowed;
  }
  .file-face {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2) var(--_space);
    min-width: 0;
  }
  .file-face .icon,
  .file-chip .icon {
    width: 18px;
    height: 18px;
    flex: none;
  }
  .file-action {
    color: var(--_accent);
    font-weight: 600;
  }
  .file-or {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .file-chip {
    display: flex;
    align-items: center;
    gap: var(--_space);
    min-width: 0;
    padding: calc(var(--_space) / 2) calc(var(--_space) / 2) calc(var(--_space) / 2) var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .file-name {
    flex: 0 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
    unicode-bidi: plaintext;
  }
  .file-facts {
    flex: 0 0 auto;
    color: var(--_muted);
    font-size: 0.9em;
  }
  button.remove-file {
    display: inline-grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border-color: transparent;
    flex: none;
    margin-inline-start: auto;
  }
  button.remove-file:hover:not(:disabled) {
    border-color: var(--_border);
  }
  @media (pointer: coarse) {
    button.remove-file {
      width: 44px;
      height: 44px;
    }
  }

  /* What the server wrote, and what the person types, takes its direction from its own text: an English
     label in an Arabic form keeps its final period at its end. */
  .message,
  .description,
  label,
  legend,
  .choice span,
  input,
  textarea {
    unicode-bidi: plaintext;
  }
`;
