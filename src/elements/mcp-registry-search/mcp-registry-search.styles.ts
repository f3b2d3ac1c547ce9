import { css } from 'lit';

/** Styles of `<mcp-registry-search>`; colors and sizes come from its custom properties (defaults: the global tokens). */
export const styles = css`
  :host {
    --_accent: var(--mcp-registry-search-accent, var(--_mcp-color-accent));
    --_accent-fg: var(--mcp-registry-search-accent-fg, var(--_mcp-color-accent-fg));
    --_bg: var(--mcp-registry-search-bg, var(--_mcp-color-bg));
    --_fg: var(--mcp-registry-search-fg, var(--_mcp-color-fg));
    --_surface: var(--mcp-registry-search-surface, var(--_mcp-color-surface));
    --_muted: var(--mcp-registry-search-muted, var(--_mcp-color-muted));
    --_border: var(--mcp-registry-search-border, var(--_mcp-color-border));
    --_danger: var(--mcp-registry-search-danger, var(--_mcp-color-danger));
    --_warning: var(--mcp-registry-search-warning, var(--_mcp-color-warning));
    --_success: var(--mcp-registry-search-success, var(--_mcp-color-success));
    --_radius: var(--mcp-registry-search-radius, var(--_mcp-radius));
    --_space: var(--mcp-registry-search-space, var(--_mcp-space));
    --_font-family: var(--mcp-registry-search-font-family, var(--_mcp-font-family));
    display: block;
    container-type: inline-size;
    font-family: var(--_font-family);
    font-size: 15px;
    line-height: 1.5;
    color: var(--_fg);
  }
  :host([hidden]) {
    display: none;
  }
  .search {
    display: flex;
    gap: var(--_space);
    margin: 0 0 calc(var(--_space) * 1.5);
  }
  .search label {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  input,
  select {
    font: inherit;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 6px 10px;
    min-height: 36px;
    box-sizing: border-box;
    min-width: 0;
  }
  .search input {
    flex: 1;
  }
  button {
    font: inherit;
    min-height: 36px;
    padding: 6px 14px;
    border-radius: var(--_radius);
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_fg);
    cursor: pointer;
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-fg);
  }
  button:disabled,
  button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: default;
  }
  :is(input, select, button, a):focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    button,
    input,
    select {
      min-height: 44px;
    }
  }
  .status {
    margin: 0 0 var(--_space);
    color: var(--_muted);
    font-size: 0.9em;
  }
  .status.error {
    color: var(--_danger);
  }
  .results {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 1.5);
  }
  .entry {
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.5);
    padding: calc(var(--_space) * 1.5);
    background: var(--_bg);
    display: grid;
    grid-template-columns: 32px 1fr;
    gap: 4px calc(var(--_space) * 1.5);
  }
  .icon {
    width: 32px;
    height: 32px;
    border-radius: 6px;
    object-fit: contain;
    background: var(--_surface);
  }
  .body {
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .title {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .name,
  .meta,
  .note,
  .field-description {
    margin: 0;
    color: var(--_muted);
    font-size: 0.85em;
    overflow-wrap: anywhere;
  }
  .description {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .meta a {
    color: inherit;
    margin-inline-end: var(--_space);
  }
  .remote {
    margin-top: var(--_space);
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .remote-line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
  }
  .url {
    font-family: var(--_mcp-font-mono);
    font-size: 0.85em;
    overflow-wrap: anywhere;
    flex: 1 1 12rem;
  }
  .badge {
    display: inline-flex;
    align-items: center;
    padding: 1px 8px;
    border-radius: 999px;
    font-size: 0.8em;
    border: 1px solid currentColor;
    color: var(--_muted);
    white-space: nowrap;
  }
  .badge[data-badge='works'] {
    color: var(--_success);
  }
  .badge[data-badge='sign-in'],
  .badge[data-badge='needs-key'] {
    color: var(--_warning);
  }
  .badge[data-badge='blocked'],
  .badge[data-badge='unreachable'],
  .badge[data-badge='not-mcp'] {
    color: var(--_danger);
  }
  .diagnosis {
    margin: 0;
    font-size: 0.85em;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .field label {
    font-size: 0.9em;
    font-weight: 500;
  }
  .actions {
    display: flex;
    gap: var(--_space);
    flex-wrap: wrap;
  }
  .more {
    margin-top: calc(var(--_space) * 1.5);
  }
  @container (max-width: 420px) {
    .entry {
      grid-template-columns: 24px 1fr;
      padding: var(--_space);
    }
    .icon {
      width: 24px;
      height: 24px;
    }
    .search {
      flex-wrap: wrap;
    }
  }
  @media (prefers-reduced-motion: no-preference) {
    button {
      transition: background-color 150ms ease-out;
    }
  }
`;
