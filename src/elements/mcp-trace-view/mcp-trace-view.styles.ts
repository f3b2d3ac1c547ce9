import { css } from 'lit';

/** Styles of `<mcp-trace-view>`; colors and sizes come from its custom properties (defaults: the global tokens). */
export const styles = css`
  :host {
    --_bg: var(--mcp-trace-view-bg, var(--_mcp-color-bg));
    --_fg: var(--mcp-trace-view-fg, var(--_mcp-color-fg));
    --_surface: var(--mcp-trace-view-surface, var(--_mcp-color-surface));
    --_muted: var(--mcp-trace-view-muted, var(--_mcp-color-muted));
    --_border: var(--mcp-trace-view-border, var(--_mcp-color-border));
    --_accent: var(--mcp-trace-view-accent, var(--_mcp-color-accent));
    --_danger: var(--mcp-trace-view-danger, var(--_mcp-color-danger));
    --_warning: var(--mcp-trace-view-warning, var(--_mcp-color-warning));
    display: block;
    font-family: var(--_mcp-font-family);
    font-size: 14px;
    line-height: 1.5;
    color: var(--_fg);
    background: var(--_bg);
  }
  :host([hidden]) {
    display: none;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_mcp-space);
    align-items: center;
    margin-block-end: var(--_mcp-space);
  }
  :focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  select,
  input {
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_mcp-radius);
    padding: 2px 6px;
  }
  [part='summary'] {
    color: var(--_muted);
    margin: 0 0 var(--_mcp-space);
  }
  [part='degraded'] {
    border-inline-start: 3px solid var(--_warning);
    padding-inline-start: var(--_mcp-space);
  }
  [part='error'] {
    color: var(--_danger);
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  [part='entry'] {
    display: grid;
    grid-template-columns: 6em 1fr;
    gap: 0 var(--_mcp-space);
    padding: 4px 0;
    border-block-end: 1px solid var(--_border);
  }
  [part='entry'][data-kind='http-error'],
  [part='entry'][data-error] {
    border-inline-start: 3px solid var(--_danger);
    padding-inline-start: 4px;
  }
  .time {
    color: var(--_muted);
    font-family: var(--_mcp-font-mono);
    font-variant-numeric: tabular-nums;
  }
  .server {
    color: var(--_muted);
  }
  pre {
    font-family: var(--_mcp-font-mono);
    font-size: 12px;
    background: var(--_surface);
    padding: var(--_mcp-space);
    border-radius: var(--_mcp-radius);
    overflow: auto;
    max-block-size: 24em;
    white-space: pre-wrap;
    word-break: break-word;
  }
  details {
    grid-column: 2;
  }
  [part='pages'] {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_mcp-space);
    padding-block: var(--_mcp-space);
    font-size: 0.875em;
  }
  [part='pages'] button {
    min-block-size: 32px;
    padding-inline: 12px;
    font: inherit;
    color: inherit;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_mcp-radius);
    cursor: pointer;
  }
  [part='pages'] button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  [part='pages'] button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
`;
