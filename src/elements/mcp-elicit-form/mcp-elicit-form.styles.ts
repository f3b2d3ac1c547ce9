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
    --_file-accent: var(--_accent);
    --_file-border: var(--_border);
    --_file-danger: var(--_danger);
    --_file-muted: var(--_muted);
    --_file-radius: var(--_radius);
    --_file-space: var(--_space);
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
